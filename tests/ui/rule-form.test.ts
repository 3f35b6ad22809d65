// The rule editor's form (src/areas/rules/editor/rule.form.ts): the seeded specs survive a trip
// through the form unchanged, and every error path the shared checks or the server give lands on
// the field that shows it (a child of a group versus a condition's variable or value is told by the
// form's tree).
import { describe, expect, it } from 'vitest';
import { validateRuleSpec } from '../../core/rule-spec';
import { seededRuleSpecs } from '../../server/seed/rules';
import type { Rule } from '../../src/api/rules/queries';
import { blankForm, checkForm, errorSlot, errorsByPath, formFromRule, newGroup, newLeaf, specOf, type RuleForm } from '../../src/areas/rules/editor/rule.form';

const ruleWith = (spec: Record<string, unknown>): Rule => ({
  id: 1,
  title: 'A rule',
  description: null,
  status: 'DRAFT',
  version: 1,
  spec,
  queue: null,
  owner: null,
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  last_validation: null,
  alerts_30d: 0,
  validated_current: false,
});

/** The spec as the form writes it: the subject said, defaults of the alert written out. */
const normal = (spec: Record<string, unknown>) => ({ subject: 'ENTITY', alert_title: '{rule}: {subject}', score: 50, ...spec });

describe('the form keeps a spec as it is', () => {
  const specs = seededRuleSpecs({ key: 'demo', settings: new Map([['transaction.counterparty_country', { id: 7 }]]) });
  it.each(specs.map((spec, i) => [i, spec] as const))('seeded rule %i', (_i, spec) => {
    expect(specOf(formFromRule(ruleWith(spec)))).toEqual(normal(spec));
  });

  it('a new rule is valid as it starts', () => {
    expect(validateRuleSpec(specOf(blankForm()))).toEqual([]);
  });

  it('writes between as two numbers and in as a list, numbers where they read as numbers', () => {
    const form = blankForm();
    form.condition = newGroup('OR', [
      { ...newLeaf('transaction_count_24h'), operator: 'between', low: '1', high: '9.5' },
      { ...newLeaf('transaction_count_24h'), operator: 'not_in', value: 'IR, 3 ,KP' },
    ]);
    expect(specOf(form).condition).toEqual({
      type: 'composite',
      operator: 'OR',
      operands: [
        { type: 'leaf', operator: 'between', operands: [{ variable: 'transaction_count_24h' }, { value: [1, 9.5] }] },
        { type: 'leaf', operator: 'not_in', operands: [{ variable: 'transaction_count_24h' }, { value: ['IR', 3, 'KP'] }] },
      ],
    });
  });

  it('keeps text typed where a number belongs, for the checks to name', () => {
    const form = blankForm();
    form.score = 'high';
    form.variables[0].window = '7d';
    expect(checkForm(form)).toEqual({
      title: 'A title is required.',
      'spec/variables/0/window_minutes': 'Choose a window between 1 minute and 365 days.',
      'spec/score': 'The score is a whole number from 0 to 100.',
    });
  });
});

describe('error paths land on their fields', () => {
  const form: RuleForm = blankForm();
  form.condition = newGroup('AND', [newLeaf('transaction_count_24h'), newGroup('OR', [newLeaf('transaction_count_24h')])]);

  it.each([
    ['title', 'title'],
    ['queue_id', 'queue_id'],
    ['spec/score', 'spec/score'],
    ['spec/variables/0/window_minutes', 'spec/variables/0/window_minutes'],
    ['spec/variables/0/data_setting_id', 'spec/variables/0/field'],
    ['spec/variables/2/of/1', 'spec/variables/2/of/1'],
    ['spec/variables/0/filter/amount_between', 'spec/variables/0/filter/amount_between'],
    ['spec/variables/0/filter/colour', 'spec/variables/0/filter'],
    ['spec/variables/0/nonsense', 'spec/variables/0'],
    // a leaf's operands: 0 the variable, 1 the value
    ['spec/condition/operands/0/operands/1', 'spec/condition/operands/0/operands/1'],
    ['spec/condition/operands/0/operands/0', 'spec/condition/operands/0/operands/0'],
    ['spec/condition/operands/0/operator', 'spec/condition/operands/0/operator'],
    // a group's operands are its children
    ['spec/condition/operands/1/operands/0/operands/1', 'spec/condition/operands/1/operands/0/operands/1'],
    ['spec/condition/operands/1/operands', 'spec/condition/operands/1/operands'],
    ['spec/condition/operands/1/operator', 'spec/condition/operands/1/operator'],
    ['spec/condition/operands/5', 'spec/condition'],
    ['spec/colour', ''],
    ['spec', ''],
  ])('%s shows at %s', (path, slot) => {
    expect(errorSlot(path, form)).toBe(slot);
  });

  it('takes the server details (body/...) and keeps the first message of each field', () => {
    expect(
      errorsByPath(
        [
          { path: 'body/spec/score', message: 'first' },
          { path: 'body/spec/score', message: 'second' },
          { path: 'body/spec/condition/operands/1/operands/0/operands/1', message: 'Enter a number.' },
        ],
        form,
      ),
    ).toEqual({ 'spec/score': 'first', 'spec/condition/operands/1/operands/0/operands/1': 'Enter a number.' });
  });
});
