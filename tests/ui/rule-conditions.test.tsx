// The rule condition evaluator (core/rule-conditions.ts): each node's result and the snapshot
// values it read, the operators, the snapshot chosen per rule (by the hit's rule and version, else by
// its variables), and the errors the explanation dialog turns into "Error evaluating rule condition".
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compare,
  conditionHolds,
  evaluateRule,
  explainRule,
  newestHitOf,
  RuleConditionError,
  snapshotForRule,
  type EvaluatedComposite,
  type EvaluatedLeaf,
} from '../../core/rule-conditions';

const leaf = (variable: string, operator: string, value: unknown) => ({ type: 'leaf', operator, operands: [{ variable }, { value }] });
const all = (...operands: unknown[]) => ({ type: 'composite', operator: 'AND', operands });
const any = (...operands: unknown[]) => ({ type: 'composite', operator: 'OR', operands });

// The shape the seeded rules use (server/seed/rules.ts).
const structuring = {
  event_type: 'TRANSACTION',
  variables: [
    { name: 'cash_deposit_count_7d', label: 'Cash deposits of 9,000-9,999 in 7 days' },
    { name: 'cash_deposit_sum_7d', label: 'Sum of those deposits' },
  ],
  condition: all(leaf('cash_deposit_count_7d', '>=', 3), leaf('cash_deposit_sum_7d', '>=', 27000)),
};

describe('evaluateRule', () => {
  it('gives every node its evaluation_result and every leaf its snapshot_value and labels', () => {
    const tree = evaluateRule(structuring, { cash_deposit_count_7d: 4, cash_deposit_sum_7d: 26500 }) as EvaluatedComposite;
    expect(tree.type).toBe('composite');
    expect(tree.operator).toBe('AND');
    expect(tree.evaluation_result).toBe(false);
    const [count, sum] = tree.operands as EvaluatedLeaf[];
    expect(count).toMatchObject({ operator: '>=', snapshot_value: 4, evaluation_result: true });
    expect(count.operands[0]).toEqual({ variable: 'cash_deposit_count_7d', label: 'Cash deposits of 9,000-9,999 in 7 days', value: 4 });
    expect(count.operands[1]).toEqual({ variable: null, label: null, value: 3 });
    expect(sum).toMatchObject({ snapshot_value: 26500, evaluation_result: false });
  });

  it('OR is true when any child is, and every child is still evaluated', () => {
    const spec = { condition: any(leaf('a', '>=', 3), leaf('b', '>=', 3)) };
    const tree = evaluateRule(spec, { a: 5, b: 1 }) as EvaluatedComposite;
    expect(tree.evaluation_result).toBe(true);
    expect(tree.operands.map((o) => o.evaluation_result)).toEqual([true, false]);
  });

  it('nests composites', () => {
    const spec = { condition: all(any(leaf('a', '==', 'x'), leaf('b', '!=', 2)), leaf('c', '<', 10)) };
    expect(evaluateRule(spec, { a: 'y', b: 2, c: 9 }).evaluation_result).toBe(false);
    expect(evaluateRule(spec, { a: 'x', b: 2, c: 9 }).evaluation_result).toBe(true);
  });

  it.each([
    ['>', 5, [4], true],
    ['>', 4, [4], false],
    ['>=', 4, [4], true],
    ['<', 3, [4], true],
    ['<', 4, [4], false],
    ['<=', 4, [4], true],
    ['==', 4, [4], true],
    ['==', '4', [4], true],
    ['==', 'IR', ['IR'], true],
    ['!=', 'IR', ['KP'], true],
    ['!=', 4, [4], false],
    ['between', 5, [[1, 5]], true],
    ['between', 6, [[1, 5]], false],
    ['between', 1, [1, 5], true],
    ['in', 'KP', [['IR', 'KP']], true],
    ['in', 'US', [['IR', 'KP']], false],
    ['not_in', 'US', [['IR', 'KP']], true],
  ] as const)('%s: %j against %j is %s', (operator, subject, args, expected) => {
    expect(compare(operator, subject, args as unknown as unknown[])).toBe(expected);
  });

  it('throws on an unknown operator, a missing variable, a non-number comparison and a malformed node', () => {
    expect(() => evaluateRule({ condition: leaf('a', '~=', 1) }, { a: 1 })).toThrow(RuleConditionError);
    expect(() => evaluateRule(structuring, { cash_deposit_count_7d: 4 })).toThrow(/no value for cash_deposit_sum_7d/);
    expect(() => evaluateRule({ condition: leaf('a', '>', 1) }, { a: 'many' })).toThrow(RuleConditionError);
    expect(() => evaluateRule({ condition: { type: 'composite', operator: 'XOR', operands: [] } }, {})).toThrow(RuleConditionError);
    expect(() => evaluateRule({ condition: 'a > 1' }, {})).toThrow(RuleConditionError);
  });
});

describe('the snapshot of a rule and the explanation outcome', () => {
  const device = { condition: any(leaf('fp', '>=', 3), leaf('ip', '>=', 3)) };

  it('takes the newest snapshot holding every variable of the rule', () => {
    const snapshots = [
      { fp: 3, ip: 1 },
      { cash_deposit_count_7d: 3, cash_deposit_sum_7d: 28000 },
      { fp: 4, ip: 4 },
    ];
    expect(snapshotForRule(device, snapshots)).toEqual({ fp: 4, ip: 4 });
    expect(snapshotForRule(structuring, snapshots)).toEqual({ cash_deposit_count_7d: 3, cash_deposit_sum_7d: 28000 });
  });

  it('is unavailable without snapshots, an error when none fits or evaluation throws, else the tree', () => {
    expect(explainRule(device, [])).toEqual({ state: 'no-snapshots' });
    expect(explainRule(device, [{ other: 1 }]).state).toBe('error');
    expect(explainRule({ condition: leaf('fp', 'is', 1) }, [{ fp: 1 }]).state).toBe('error');
    const ok = explainRule(device, [{ fp: 5, ip: 0 }]);
    expect(ok.state).toBe('evaluated');
    expect(ok.state === 'evaluated' && ok.tree.evaluation_result).toBe(true);
  });
});

describe('the newest hit of a rule and its version', () => {
  const snapshots = [{ a: 1 }, { b: 2 }, { a: 3 }, { a: 4 }];
  const hitRules = [
    { rule_id: 7, rule_version: 1 },
    { rule_id: 8, rule_version: 3 },
    { rule_id: 7, rule_version: 2 },
    { rule_id: null, rule_version: null },
  ];

  it('is the newest hit naming the rule, with the version that judged it', () => {
    expect(newestHitOf(7, snapshots, hitRules)).toEqual({ snapshot: { a: 3 }, version: 2 });
    expect(newestHitOf(8, snapshots, hitRules)).toEqual({ snapshot: { b: 2 }, version: 3 });
  });

  it('is null when no hit names the rule, or the hits do not say (an older read)', () => {
    expect(newestHitOf(9, snapshots, hitRules)).toBeNull();
    expect(newestHitOf(7, snapshots, [])).toBeNull();
  });

  it('replays an old hit against its own version: a threshold raised later does not change how it reads', () => {
    const v1 = { condition: all(leaf('cash_deposit_count_7d', '>=', 3)) };
    const v2 = { condition: all(leaf('cash_deposit_count_7d', '>=', 4)) };
    const hit = newestHitOf(1, [{ cash_deposit_count_7d: 3 }], [{ rule_id: 1, rule_version: 1 }])!;
    const byVersion: Record<number, unknown> = { 1: v1, 2: v2 };
    expect(explainRule(byVersion[hit.version!], [hit.snapshot])).toMatchObject({ tree: { evaluation_result: true } });
    expect(explainRule(v2, [hit.snapshot])).toMatchObject({ tree: { evaluation_result: false } });
  });
});

describe('conditionHolds', () => {
  /** What a call answers: its result, or the error it throws. */
  const outcome = (f: () => boolean) => {
    try {
      return { result: f() };
    } catch (error) {
      return { error: error instanceof RuleConditionError ? `RuleConditionError: ${error.message}` : String(error) };
    }
  };
  const operators = ['>', '>=', '<', '<=', '==', '!=', 'between', 'in', 'not_in'];
  const value = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.constantFrom('2', 'x', '', null, true), fc.constant([1, 2]));
  const operand = fc.oneof(
    fc.constantFrom('a', 'b', 'c', 'missing').map((variable) => ({ variable })),
    value.map((v) => ({ value: v })),
  );
  /** well-formed trees, which compile (a snapshot may still lack a variable or hold a value an operator refuses) */
  const { wellFormed } = fc.letrec((tie) => ({
    wellFormed: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ type: fc.constant('leaf'), operator: fc.constantFrom(...operators), operands: fc.array(operand, { minLength: 2, maxLength: 3 }) }),
      fc.record({
        type: fc.constant('composite'),
        operator: fc.constantFrom('AND', 'OR'),
        operands: fc.array(tie('wellFormed'), { minLength: 1, maxLength: 3 }),
      }),
    ),
  }));
  /** anything, malformed nodes included, which are left to evaluateRule */
  const { anyTree } = fc.letrec((tie) => ({
    anyTree: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({
        type: fc.constant('leaf'),
        operator: fc.constantFrom(...operators, '~'),
        operands: fc.array(fc.oneof(operand, fc.constant({})), { maxLength: 3 }),
      }),
      fc.record({ type: fc.constant('composite'), operator: fc.constantFrom('AND', 'OR', 'XOR'), operands: fc.array(tie('anyTree'), { maxLength: 3 }) }),
      fc.constantFrom(null, 'leaf', 3),
    ),
  }));
  const snapshot = fc.record({ a: value, b: value, c: value }, { requiredKeys: [] });
  // a fresh spec each time: the compiled tree is cached per spec object
  const same = (condition: unknown, s: Record<string, unknown>) => {
    expect(outcome(() => conditionHolds({ condition }, s))).toEqual(outcome(() => evaluateRule({ condition }, s).evaluation_result));
  };

  it('answers what evaluateRule answers, or throws the same error, for any well-formed tree and snapshot', () => {
    fc.assert(fc.property(wellFormed, snapshot, same), { numRuns: 3000 });
  });

  it('does the same for malformed trees', () => {
    fc.assert(fc.property(anyTree, snapshot, same), { numRuns: 1000 });
  });

  it('compiles a spec once and judges each snapshot against it', () => {
    const spec = { condition: any(leaf('a', '>', 2), leaf('b', 'in', [1, 2])) };
    expect(
      [
        { a: 3, b: 0 },
        { a: 0, b: 2 },
        { a: 0, b: 0 },
      ].map((s) => conditionHolds(spec, s)),
    ).toEqual([true, true, false]);
    expect(() => conditionHolds(spec, { a: 'x', b: 1 })).toThrow('">" needs numbers, got "x"');
  });
});
