import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { riskModelMachine, riskModelSnapshot, riskModelStateValue, type RiskModelEvent, type RiskModelSnapshot } from '../../machines/riskModel.machine';

// The risk model lifecycle walked as a model: every shortest path through every event is replayed
// on a real actor; at every state the actor agrees with the model and keeps the spec's rules (edit
// and validate only when the last validation is not queued or in progress; activate only a draft
// whose last validation succeeded; an archived model takes nothing).

const EVENTS: RiskModelEvent[] = [
  { type: 'model.edit' },
  { type: 'validation.request' },
  { type: 'validation.start' },
  { type: 'validation.succeed' },
  { type: 'validation.fail' },
  { type: 'model.activate' },
  { type: 'model.replaced' },
  { type: 'model.archive' },
];

const model = createTestModel(riskModelMachine, {
  events: EVENTS,
  // a state is its value and the event that took the machine there, so handled self-loops (an
  // edit of an unvalidated draft) get a path of their own
  serializeState: (snapshot, event, previous) => {
    const via = event && previous?.can(event) ? event.type : '';
    return JSON.stringify({ value: snapshot.value, via });
  },
});

const can = (snapshot: RiskModelSnapshot, type: RiskModelEvent['type']) => snapshot.can({ type });

function checkRules(actual: RiskModelSnapshot) {
  const validating = actual.matches({ draft: 'queued' }) || actual.matches({ draft: 'inProgress' });
  const draft = actual.matches('draft');
  expect(can(actual, 'model.edit')).toBe(draft && !validating);
  expect(can(actual, 'validation.request')).toBe(draft && !validating);
  expect(can(actual, 'model.activate')).toBe(actual.matches({ draft: 'succeeded' }));
  expect(can(actual, 'validation.start')).toBe(actual.matches({ draft: 'queued' }));
  expect(can(actual, 'validation.succeed')).toBe(actual.matches({ draft: 'inProgress' }));
  if (actual.matches('archived')) {
    expect(actual.status).toBe('done');
    for (const event of EVENTS) expect(actual.can(event)).toBe(false);
  }
}

describe('risk model machine: model paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every state node through every event', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => node.id))));
    const all = getStateNodes(riskModelMachine.root).map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    const replayed = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect(EVENTS.map((e) => e.type).filter((type) => !replayed.has(type))).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(riskModelMachine).start();
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

describe('risk model machine: the lifecycle rules', () => {
  it('a new model is an unvalidated draft that cannot be activated', () => {
    const snapshot = createActor(riskModelMachine).start().getSnapshot();
    expect(snapshot.value).toEqual({ draft: 'unvalidated' });
    expect(snapshot.can({ type: 'model.activate' })).toBe(false);
  });

  it('validation goes queued, then in progress, then success, and only then may the draft be activated', () => {
    const actor = createActor(riskModelMachine).start();
    const seen: unknown[] = [actor.getSnapshot().value];
    actor.subscribe((s) => seen.push(s.value));
    for (const type of ['validation.request', 'validation.start', 'validation.succeed', 'model.activate'] as const) actor.send({ type });
    expect(seen).toEqual([{ draft: 'unvalidated' }, { draft: 'queued' }, { draft: 'inProgress' }, { draft: 'succeeded' }, 'active']);
  });

  it('a validation cannot succeed without having started, and an edit while it runs is refused', () => {
    const actor = createActor(riskModelMachine).start();
    actor.send({ type: 'validation.request' });
    actor.send({ type: 'validation.succeed' });
    expect(actor.getSnapshot().value).toEqual({ draft: 'queued' });
    actor.send({ type: 'model.edit' });
    expect(actor.getSnapshot().value).toEqual({ draft: 'queued' });
  });

  it('an edit after a successful validation makes the draft unvalidated again', () => {
    const actor = createActor(riskModelMachine).start();
    for (const type of ['validation.request', 'validation.start', 'validation.succeed', 'model.edit'] as const) actor.send({ type });
    expect(actor.getSnapshot().value).toEqual({ draft: 'unvalidated' });
    expect(actor.getSnapshot().can({ type: 'model.activate' })).toBe(false);
  });

  it('a failed validation can be retried; an active model is archived when another replaces it', () => {
    const actor = createActor(riskModelMachine).start();
    for (const type of ['validation.request', 'validation.start', 'validation.fail', 'validation.request'] as const) actor.send({ type });
    expect(actor.getSnapshot().value).toEqual({ draft: 'queued' });
    for (const type of ['validation.start', 'validation.succeed', 'model.activate', 'model.replaced'] as const) actor.send({ type });
    expect(actor.getSnapshot().value).toBe('archived');
  });

  it('resolves stored models to their states', () => {
    expect(riskModelStateValue('draft', null)).toEqual({ draft: 'unvalidated' });
    expect(riskModelStateValue('draft', 'queued')).toEqual({ draft: 'queued' });
    expect(riskModelStateValue('draft', 'in_progress')).toEqual({ draft: 'inProgress' });
    expect(riskModelStateValue('draft', 'success')).toEqual({ draft: 'succeeded' });
    expect(riskModelStateValue('draft', 'failed')).toEqual({ draft: 'failed' });
    expect(riskModelStateValue('active', 'success')).toBe('active');
    expect(riskModelStateValue('archived', 'success')).toBe('archived');
    expect(riskModelSnapshot('draft', 'success').can({ type: 'model.activate' })).toBe(true);
    expect(riskModelSnapshot('draft', 'in_progress').can({ type: 'model.edit' })).toBe(false);
    expect(riskModelSnapshot('active', 'success').can({ type: 'model.activate' })).toBe(false);
  });
});
