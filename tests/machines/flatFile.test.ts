import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import {
  flatFileChip,
  flatFileMachine,
  phaseOf,
  phaseOfValue,
  POLL_MS,
  type FlatFileContext,
  type FlatFileEvent,
  type FlatFileFacts,
  type FlatFileInput,
} from '../../machines/flatFile.machine';

// ---------------------------------------------------------------------------------------------
// The system under test: the real machine in a real actor, its poll timer on a SimulatedClock,
// its uploader a fake whose progress the test reports, and its refresh counted.
// ---------------------------------------------------------------------------------------------

const NEW_UPLOAD: FlatFileInput = { fileId: 41, status: 'pending_upload', isDryRun: true, successCount: 0, failureCount: 0, totalCount: 0 };

function createHarness(input: FlatFileInput = NEW_UPLOAD) {
  const clock = new SimulatedClock();
  let refreshes = 0;
  const uploads: { fileId: number; stopped: boolean; sendBack: (event: FlatFileEvent) => void }[] = [];
  const machine = flatFileMachine.provide({
    actors: {
      uploadContent: fromCallback<FlatFileEvent, { fileId: number }>(({ input: { fileId }, sendBack }) => {
        const upload = { fileId, stopped: false, sendBack };
        uploads.push(upload);
        return () => void (upload.stopped = true);
      }),
    },
    actions: { refresh: () => void refreshes++ },
  });
  const actor = createActor(machine, { clock, input }).start();
  const running = () => uploads.filter((u) => !u.stopped);
  return { clock, actor, uploads, running, refreshes: () => refreshes, snapshot: () => actor.getSnapshot() };
}
type Harness = ReturnType<typeof createHarness>;

// ---------------------------------------------------------------------------------------------
// The model: the machine's own config with its poll timer as an explicit event
// (`after: { pollDelay }` becomes `timer.pollDelay`; xstate/graph walks explicit events only).
// ---------------------------------------------------------------------------------------------

interface NodeConfig {
  invoke?: unknown;
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, NodeConfig>;
  [key: string]: unknown;
}

function asModel(node: NodeConfig): NodeConfig {
  // the uploader's events are listed as events of their own, so the invoke itself goes
  const { invoke: _invoke, after, on, states, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  for (const [delay, transition] of Object.entries(after ?? {})) events[`timer.${delay}`] = transition;
  return {
    ...rest,
    ...(Object.keys(events).length ? { on: events } : {}),
    ...(states ? { states: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, asModel(v)])) } : {}),
  };
}

const modelMachine: AnyStateMachine = createMachine(asModel(flatFileMachine.config as NodeConfig) as Parameters<typeof createMachine>[0]).provide(
  // the machine's own guards, delays and actions (the types of a config-built machine are looser)
  flatFileMachine.implementations as never,
);

const facts = (status: FlatFileFacts['status'], isDryRun: boolean, successCount = 0, failureCount = 0): FlatFileFacts => ({
  status,
  isDryRun,
  successCount,
  failureCount,
  totalCount: successCount + failureCount,
});

// Every status the server can report, real and dry, and the three ways a run can end.
const SYNCS: FlatFileFacts[] = [true, false].flatMap((dry) => [
  facts('pending_upload', dry),
  facts('queued', dry),
  facts('processing', dry, 3, 1),
  facts('finished', dry, 10, 0),
  facts('finished', dry, 7, 3),
  facts('finished', dry, 0, 10),
  facts('failed', dry, 2, 0),
]);

const EVENTS: AnyEventObject[] = [
  { type: 'upload.start' },
  { type: 'upload.progress', loaded: 512, total: 1024 },
  { type: 'upload.done' },
  { type: 'upload.failed', message: 'Network error' },
  { type: 'timer.pollDelay' },
  ...SYNCS.map((f) => ({ type: 'file.sync', facts: f })),
];

const model = createTestModel(modelMachine, {
  input: NEW_UPLOAD,
  events: EVENTS,
  // A state is its value and context, and the event that took the machine there when the machine
  // handles it (so every handled event, self-loops included, gets a path). Unhandled events make
  // no new state.
  serializeState: (snapshot, event, previous) => {
    const via = event && previous?.can(event) ? JSON.stringify(event) : '';
    return JSON.stringify({ value: snapshot.value, context: snapshot.context, via });
  },
});

function executors(h: Harness) {
  type Step = { event: AnyEventObject };
  const fromUploader = ({ event }: Step) => {
    const [upload] = h.running();
    if (!upload) throw new Error('no upload is streaming');
    upload.sendBack(event as FlatFileEvent);
  };
  return {
    'upload.start': () => h.actor.send({ type: 'upload.start' }),
    'upload.progress': fromUploader,
    'upload.done': fromUploader,
    'upload.failed': fromUploader,
    'file.sync': ({ event }: Step) => h.actor.send(event as FlatFileEvent),
    'timer.pollDelay': () => {
      const before = h.refreshes();
      h.clock.increment(POLL_MS - 1);
      expect(h.refreshes()).toBe(before);
      h.clock.increment(1);
      expect(h.refreshes()).toBe(before + 1);
    },
  };
}

/** The chip each state must show, written out from the spec's words rather than from the code. */
function expectedChip(context: FlatFileContext, phase: string) {
  const rows = `${context.successCount} / ${context.totalCount} rows`;
  const ended = (status: string) =>
    context.failureCount === 0
      ? { text: `${status} ${rows}`, tone: 'success', ghost: false }
      : context.successCount > 0
        ? { text: `${status} ${rows}`, tone: 'warning', ghost: false }
        : { text: `${status} ${rows}`, tone: 'error', ghost: true };
  return {
    pendingUpload: { text: 'Pending upload', tone: 'default', ghost: false },
    queued: { text: 'processing', tone: 'default', ghost: false },
    processing: { text: 'processing', tone: 'default', ghost: false },
    validating: { text: 'validating', tone: 'default', ghost: false },
    failed: { text: 'failed', tone: 'error', ghost: false },
    finished: ended('finished'),
    validated: ended('validated'),
  }[phase];
}

function checks(h: Harness) {
  return {
    '*': async (expected: AnyMachineSnapshot) => {
      const actual = h.snapshot();
      expect(actual.value).toEqual(expected.value);
      const { uploaded, uploadSize, ...rest } = actual.context;
      const { uploaded: _u, uploadSize: _s, ...expectedRest } = expected.context as FlatFileContext;
      expect(rest).toEqual(expectedRest);
      expect(uploaded).toBeLessThanOrEqual(Math.max(uploadSize, 1024));
      // the state and the facts it holds always tell the same phase
      const phase = phaseOfValue(actual.value);
      expect(phase).toBe(phaseOf(actual.context));
      expect(flatFileChip(phase, actual.context)).toEqual(expectedChip(actual.context, phase));
      // an uploader streams exactly while uploading
      expect(h.running()).toHaveLength(actual.matches({ pendingUpload: 'uploading' }) ? 1 : 0);
      // live phases ask again; the others never do
      expect(actual.hasTag('live')).toBe(['queued', 'processing', 'validating'].includes(phase));
      // (the clock moves in whole POLL_MS steps only, so a live state's timer is always fresh here)
      const before = h.refreshes();
      for (let k = 0; k < 5; k++) h.clock.increment(POLL_MS);
      expect(h.refreshes()).toBe(actual.hasTag('live') ? before + 5 : before);
    },
  };
}

describe('flat-file machine: model paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every state node through every event', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => n.id))));
    // init is left at once by its always transitions; the start table below covers it
    expect(
      getStateNodes(modelMachine.root)
        .map((n) => n.id)
        .filter((id) => !reached.has(id)),
    ).toEqual(['flatFile.init']);
    const replayed = new Set(paths.flatMap((p) => p.steps.map((s) => JSON.stringify(s.event))));
    expect(EVENTS.filter((e) => !replayed.has(JSON.stringify(e)))).toEqual([]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = createHarness();
      await path.test({ states: checks(h), events: executors(h) });
    });
  }
});

describe('flat-file machine: behaviour', () => {
  it('starts where the file is', () => {
    const cases: [FlatFileFacts, unknown][] = [
      [facts('pending_upload', false), { pendingUpload: 'waiting' }],
      [facts('queued', false), 'queued'],
      [facts('processing', false), 'processing'],
      [facts('finished', false, 1), 'finished'],
      [facts('failed', false), 'failed'],
      [facts('queued', true), { validating: 'queued' }],
      [facts('processing', true), { validating: 'processing' }],
      [facts('finished', true, 1), 'validated'],
      [facts('failed', true), 'failed'],
    ];
    for (const [f, value] of cases) expect(createHarness({ fileId: 1, ...f }).snapshot().value).toEqual(value);
  });

  it('an upload reports progress, and a sync that still says pending upload does not interrupt it', () => {
    const h = createHarness({ ...NEW_UPLOAD, isDryRun: false });
    h.actor.send({ type: 'upload.start' });
    h.running()[0].sendBack({ type: 'upload.progress', loaded: 300, total: 1000 });
    h.actor.send({ type: 'file.sync', facts: facts('pending_upload', false) });
    expect(h.snapshot().context).toMatchObject({ uploaded: 300, uploadSize: 1000 });
    expect(h.uploads).toHaveLength(1);
    h.running()[0].sendBack({ type: 'upload.done' });
    expect(h.snapshot().value).toBe('queued');
    expect(h.snapshot().context.uploaded).toBe(1000);
    expect(h.uploads[0].stopped).toBe(true);
  });

  it('a failed upload keeps its message and starts over on retry', () => {
    const h = createHarness();
    h.actor.send({ type: 'upload.start' });
    h.running()[0].sendBack({ type: 'upload.failed', message: 'Network error' });
    expect(h.snapshot().value).toEqual({ pendingUpload: 'uploadFailed' });
    expect(h.snapshot().context.uploadError).toBe('Network error');
    h.actor.send({ type: 'upload.start' });
    expect(h.snapshot().context.uploadError).toBeNull();
    expect(h.running()).toHaveLength(1);
  });

  it('polls every 2 s while processing; counts arriving in between do not reset the timer', () => {
    const h = createHarness({ fileId: 3, ...facts('processing', false) });
    h.clock.increment(POLL_MS - 500);
    h.actor.send({ type: 'file.sync', facts: facts('processing', false, 500, 2) });
    h.clock.increment(500);
    expect(h.refreshes()).toBe(1);
    h.clock.increment(POLL_MS);
    expect(h.refreshes()).toBe(2);
    h.actor.send({ type: 'file.sync', facts: facts('finished', false, 998, 2) });
    h.clock.increment(10 * POLL_MS);
    expect(h.refreshes()).toBe(2);
    expect(flatFileChip(phaseOfValue(h.snapshot().value), h.snapshot().context)).toEqual({ text: 'finished 998 / 1000 rows', tone: 'warning', ghost: false });
  });

  it('a finished file run again as a dry run validates, and is validated at the end', () => {
    const h = createHarness({ fileId: 3, ...facts('finished', false, 10) });
    h.actor.send({ type: 'file.sync', facts: facts('queued', true) });
    expect(h.snapshot().value).toEqual({ validating: 'queued' });
    h.actor.send({ type: 'file.sync', facts: facts('finished', true, 0, 10) });
    expect(flatFileChip(phaseOfValue(h.snapshot().value), h.snapshot().context)).toEqual({ text: 'validated 0 / 10 rows', tone: 'error', ghost: true });
  });

  it('the chip texts', () => {
    const none = { successCount: 0, failureCount: 0, totalCount: 0 };
    expect(flatFileChip('pendingUpload', none).text).toBe('Pending upload');
    expect(flatFileChip('processing', none).text).toBe('processing');
    expect(flatFileChip('validating', none).text).toBe('validating');
    expect(flatFileChip('finished', { successCount: 12, failureCount: 0, totalCount: 12 })).toEqual({
      text: 'finished 12 / 12 rows',
      tone: 'success',
      ghost: false,
    });
  });
});
