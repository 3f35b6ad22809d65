import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { SAR_STATUSES } from '../../server/db/schema/filings';
import { SAR_LIFECYCLE, SUBMITTED_STATUSES, sarMachine, sarNext, sarSnapshot, type SarEvent, type SarSnapshot } from '../../machines/sar.machine';

// The SAR lifecycle walked as a model: every shortest path through every event is replayed on a
// real actor; at every state the actor agrees with the model and keeps the lifecycle's rules (only
// a validated SAR goes to review, only a reviewed one is submitted; it is frozen while validated and
// once submitted, until FinCEN or the transport turns it down; archived takes nothing).

const EVENTS: SarEvent[] = [
  { type: 'sar.edit' },
  { type: 'validation.start' },
  { type: 'validation.succeed' },
  { type: 'validation.fail' },
  { type: 'sar.review' },
  { type: 'sar.submit' },
  { type: 'filing.send' },
  { type: 'filing.sent' },
  { type: 'filing.fail' },
  { type: 'filing.giveUp' },
  { type: 'fincen.accept' },
  { type: 'fincen.reject' },
  { type: 'fincen.acknowledge' },
  { type: 'fincen.invalid' },
  { type: 'sar.archive' },
];

const model = createTestModel(sarMachine, {
  events: EVENTS,
  serializeState: (snapshot, event, previous) => {
    const via = event && previous?.can(event) ? event.type : '';
    return JSON.stringify({ value: snapshot.value, via });
  },
});

const can = (snapshot: SarSnapshot, type: SarEvent['type']) => snapshot.can({ type });

function checkRules(actual: SarSnapshot) {
  const status = actual.value as string;
  const submitted = SUBMITTED_STATUSES.includes(status);
  const validating = status === 'PREFILING_VALIDATION_IN_PROCESS';
  const archived = status === 'ARCHIVED';
  // editable while not archived and not submitted (the spec), and not while a validation reads it
  expect(can(actual, 'sar.edit')).toBe(!archived && !submitted && !validating);
  expect(can(actual, 'sar.review')).toBe(status === 'PREFILING_VALIDATION_SUCCESS');
  expect(can(actual, 'sar.submit')).toBe(status === 'READY_FOR_REVIEW');
  expect(can(actual, 'sar.archive')).toBe(!archived && !validating && (!submitted || status === 'FILING_SUCCESS'));
  expect(can(actual, 'filing.send')).toBe(status === 'QUEUED_FOR_FILING' || status === 'FILING_FAILED');
  expect(can(actual, 'fincen.acknowledge')).toBe(status === 'SENT_TO_FINCEN' || status === 'FINCEN_ACCEPTED');
  if (archived) {
    expect(actual.status).toBe('done');
    for (const event of EVENTS) expect(actual.can(event)).toBe(false);
  }
}

describe('SAR machine: model paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every state node through every event', () => {
    const reached = new Set(paths.flatMap((path) => path.steps.flatMap((step) => step.state._nodes.map((node) => node.id))));
    const all = getStateNodes(sarMachine.root).map((node) => node.id);
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    const replayed = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect(EVENTS.map((e) => e.type).filter((type) => !replayed.has(type))).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const actor = createActor(sarMachine).start();
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

describe('SAR machine: stored SARs', () => {
  it('has a state for every status of the lifecycle list (the database’s and the console’s), and no other', () => {
    expect(Object.keys(sarMachine.config.states ?? {}).sort()).toEqual([...SAR_LIFECYCLE].sort());
    expect(SAR_STATUSES).toBe(SAR_LIFECYCLE);
  });

  it('moves a stored SAR by its status, and refuses what its status does not take', () => {
    expect(sarNext('READY_FOR_REVIEW', 'sar.submit')).toBe('QUEUED_FOR_FILING');
    expect(sarNext('PREFILING_VALIDATION_FAILED', 'sar.review')).toBeNull();
    expect(sarNext('FINCEN_REJECTED', 'sar.edit')).toBe('PREFILING_VALIDATION_PENDING');
    expect(sarNext('QUEUED_FOR_FILING', 'sar.edit')).toBeNull();
    expect(sarNext('FILING_FAILED', 'filing.send')).toBe('SENDING_TO_FINCEN');
  });

  it('knows no unknown status', () => {
    expect(sarSnapshot('SUBMITTING')).toBeNull();
    expect(sarNext('SUBMITTING', 'sar.archive')).toBeNull();
  });
});
