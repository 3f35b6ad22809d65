import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { ruleMachine, ruleSnapshot, ruleStateValue, type RuleEvent, type RuleSnapshot } from '../../machines/rule.machine';

// The rule lifecycle walked as a model: every shortest path through every event is replayed on a
// real actor; at every state the actor agrees with the model and keeps the lifecycle's rules (a
// draft goes live only after a successful validation of what it is now; it is frozen while a run is
// queued or in progress; live rules move between shadow and active; archived takes nothing).

const EVENTS: RuleEvent[] = [
  { type: 'rule.edit' },
  { type: 'validation.request' },
  { type: 'validation.start' },
  { type: 'validation.succeed' },
  { type: 'validation.fail' },
  { type: 'rule.shadow' },
  { type: 'rule.activate' },
  { type: 'rule.archive' },
];

const model = createTestModel(ruleMachine, {
  events: EVENTS,
  serializeState: (snapshot, event, previous) => {
    const via = event && previous?.can(event) ? event.type : '';
    return JSON.stringify({ value: snapshot.value, via });
  },
});

const can = (snapshot: RuleSnapshot, type: RuleEvent['type']) => snapshot.can({ type });

function checkRules(actual: RuleSnapshot) {
  const validating = actual.matches({ draft: 'queued' }) || actual.matches({ draft: 'inProgress' });
  const live = actual.matches('shadow') || actual.matches('active');
  const archived = actual.matches('archived');
  expect(can(actual, 'rule.edit')).toBe(!archived && !validating);
  expect(can(actual, 'validation.request')).toBe(!archived && !validating);
  expect(can(actual, 'rule.activate')).toBe(actual.matches({ draft: 'succeeded' }) || actual.matches('shadow'));
  expect(can(actual, 'rule.shadow')).toBe(actual.matches({ draft: 'succeeded' }) || actual.matches('active'));
  expect(can(actual, 'rule.archive')).toBe(!archived && !validating);
  expect(can(actual, 'validation.start')).toBe(actual.matches({ draft: 'queued' }));
  expect(can(actual, 'validation.succeed')).toBe(actual.matches({ draft: 'inProgress' }));
  if (live) expect(actual.matches('draft')).toBe(false);
  if (archived) {
    expect(actual.status).toBe('done');
    for (const event of EVENTS) expect(actual.can(event)).toBe(false);
  }
}

describe('rule machine: model paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every state node through every event', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => node.id))));
    const all = getStateNodes(ruleMachine.root).map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    const replayed = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect(EVENTS.map((e) => e.type).filter((type) => !replayed.has(type))).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(ruleMachine).start();
      await path.test({
        states: {
          '*': (expected) => {
            const actual = actor.getSnapshot();
            expect(actual.value).toEqual(expected.value);
            checkRules(actual);
          },
        },
        events: Object.fromEntries(EVENTS.map((e) => [e.type, () => actor.send(e)])),
      });
    });
  }
});

describe('rule machine: stored rules', () => {
  it('a draft whose last run judged an older spec is unvalidated and cannot go live', () => {
    expect(ruleStateValue('DRAFT', 'success', false)).toEqual({ draft: 'unvalidated' });
    expect(ruleSnapshot('DRAFT', 'success', false).can({ type: 'rule.activate' })).toBe(false);
    expect(ruleSnapshot('DRAFT', 'SUCCESS', true).can({ type: 'rule.shadow' })).toBe(true);
  });

  it('a draft being validated is frozen; live rules take edits and validations; archived takes nothing', () => {
    expect(ruleSnapshot('DRAFT', 'QUEUED', true).can({ type: 'rule.edit' })).toBe(false);
    expect(ruleSnapshot('DRAFT', 'IN_PROGRESS', true).can({ type: 'rule.archive' })).toBe(false);
    expect(ruleSnapshot('ACTIVE_SHADOW', 'QUEUED', false).can({ type: 'rule.activate' })).toBe(true);
    expect(ruleSnapshot('ACTIVE', null, false).can({ type: 'rule.edit' })).toBe(true);
    expect(ruleSnapshot('ARCHIVED', 'SUCCESS', true).can({ type: 'rule.edit' })).toBe(false);
  });
});
