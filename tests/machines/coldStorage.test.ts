import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, SimulatedClock, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import {
  coldStorageMachine,
  LOADING_TIMEOUT_MS,
  loaderStatus,
  MAX_TRIES,
  pollDelayMs,
  timeoutMessage,
  TIMEOUT_TITLE,
  type ColdStorageContext,
  type LoaderStatus,
} from '../../machines/coldStorage.machine';

// ---------------------------------------------------------------------------------------------
// The system under test: the real machine in a real actor, its timers on a SimulatedClock and its
// fetch replaced by a deferred fake the test answers.
// ---------------------------------------------------------------------------------------------

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
const STEP_MS = 100;

interface Fetch {
  at: number;
  settled: boolean;
  resolve: (status: LoaderStatus) => void;
  reject: (error: unknown) => void;
}

function createHarness() {
  const clock = new SimulatedClock();
  const fetches: Fetch[] = [];
  let refetched = 0;
  const machine = coldStorageMachine.provide({
    actors: {
      fetchRecord: fromPromise<LoaderStatus>(
        () =>
          new Promise((resolve, reject) => {
            const fetch: Fetch = {
              at: clock.now(),
              settled: false,
              resolve: (status) => ((fetch.settled = true), resolve(status)),
              // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the fake rejects with whatever the test gives it
              reject: (error) => ((fetch.settled = true), reject(error)),
            };
            fetches.push(fetch);
          }),
      ),
    },
    actions: { refetchRelated: () => void refetched++ },
  });
  const actor = createActor(machine, { clock, input: { subject: 'this transaction' } });
  const pending = () => fetches.filter((f) => !f.settled && f === fetches.at(-1));
  return {
    clock,
    actor,
    fetches,
    refetched: () => refetched,
    snapshot: () => actor.getSnapshot(),
    pending,
    /** Runs the clock in small steps until `done` holds (within `limitMs`). */
    async advanceUntil(done: () => boolean, limitMs = 60_000) {
      for (let spent = 0; spent <= limitMs; spent += STEP_MS) {
        if (done()) return settle();
        clock.increment(STEP_MS);
        await settle();
      }
      throw new Error('the awaited timer never fired');
    },
    async answer(status: LoaderStatus) {
      const [fetch] = pending();
      if (!fetch) throw new Error('no fetch in flight');
      fetch.resolve(status);
      await settle();
    },
    async fail() {
      const [fetch] = pending();
      if (!fetch) throw new Error('no fetch in flight');
      fetch.reject(new Error('network'));
      await settle();
    },
  };
}
type Harness = ReturnType<typeof createHarness>;

// ---------------------------------------------------------------------------------------------
// The model: the machine's own config with the fetch's results and the timers as plain events
// (xstate/graph walks explicit events only): xstate.done/error.actor.fetchRecord keep their names,
// `after: { <delay> }` becomes `timer.<delay>`.
// ---------------------------------------------------------------------------------------------

interface NodeConfig {
  invoke?: { id?: string; onDone?: unknown; onError?: unknown };
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, NodeConfig>;
  [key: string]: unknown;
}

function asModel(node: NodeConfig): NodeConfig {
  const { invoke, after, on, states, ...rest } = node;
  const events: Record<string, unknown> = { ...on };
  if (invoke) {
    events[`xstate.done.actor.${invoke.id}`] = invoke.onDone;
    events[`xstate.error.actor.${invoke.id}`] = invoke.onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) events[`timer.${delay}`] = transition;
  return {
    ...rest,
    ...(Object.keys(events).length ? { on: events } : {}),
    ...(states ? { states: Object.fromEntries(Object.entries(states).map(([k, v]) => [k, asModel(v)])) } : {}),
  };
}

const modelMachine: AnyStateMachine = createMachine(asModel(coldStorageMachine.config as NodeConfig) as Parameters<typeof createMachine>[0]).provide(
  // the machine's own guards, delays and actions (the types of a config-built machine are looser)
  coldStorageMachine.implementations as never,
);

/** When poll number `tries` (0-based) comes, counting from the start, with every fetch answered at once. */
const pollAt = (tries: number) => Array.from({ length: tries + 1 }, (_, i) => pollDelayMs(i)).reduce((a, b) => a + b, 0);

const model = createTestModel(modelMachine, {
  input: { subject: 'this transaction' },
  events: [
    { type: 'xstate.done.actor.fetchRecord', output: 'loaded' },
    { type: 'xstate.done.actor.fetchRecord', output: 'loading' },
    { type: 'xstate.done.actor.fetchRecord', output: 'loading_timeout' },
    { type: 'xstate.error.actor.fetchRecord', error: new Error('network') },
    { type: 'timer.pollDelay' },
    { type: 'timer.loadingTimeout' },
    { type: 'RETRY' },
  ],
  // Real time decides which timer fires first: while the message is not shown yet, a poll due
  // before the 5 s timeout comes first, and one due after it cannot.
  filterEvents: (snapshot, event) => {
    const tries = (snapshot.context as ColdStorageContext).tries;
    const showing = snapshot.matches({ pending: { display: 'loading' } });
    const pollScheduled = snapshot.matches({ pending: { poll: 'scheduled' } });
    // raised by the machine itself, never sent from outside
    if (event.type === 'coldStorage.timedOut') return false;
    if (event.type === 'timer.pollDelay') return !showing || pollAt(tries) < LOADING_TIMEOUT_MS;
    if (event.type === 'timer.loadingTimeout') return !(pollScheduled && pollAt(tries) < LOADING_TIMEOUT_MS);
    return true;
  },
  // A state is its value, its tries and the event that moved into it, so every way into a state
  // (an answer, a failed fetch, each timer, RETRY) gets its own path.
  serializeState: (snapshot, event, previous) => {
    const moved = JSON.stringify(snapshot.value) !== JSON.stringify(previous?.value);
    return JSON.stringify({ value: snapshot.value, tries: (snapshot.context as ColdStorageContext).tries, via: moved ? JSON.stringify(event ?? null) : '' });
  },
});

function executors(h: Harness) {
  type Step = { event: AnyEventObject };
  return {
    'xstate.done.actor.fetchRecord': ({ event }: Step) => h.answer(event.output as LoaderStatus),
    'xstate.error.actor.fetchRecord': () => h.fail(),
    'timer.pollDelay': () => {
      const before = h.fetches.length;
      return h.advanceUntil(() => h.fetches.length > before);
    },
    'timer.loadingTimeout': () => h.advanceUntil(() => h.snapshot().matches({ pending: { display: 'loadingTimeout' } })),
    RETRY: async () => {
      h.actor.send({ type: 'RETRY' });
      await settle();
    },
  };
}

function checks(h: Harness) {
  const same = (expected: AnyMachineSnapshot) => {
    expect(h.snapshot().value).toEqual(expected.value);
    expect(h.snapshot().context).toEqual(expected.context);
  };
  return {
    pending: (expected: AnyMachineSnapshot) => same(expected),
    'pending.poll.scheduled': () => expect(h.pending()).toHaveLength(0),
    'pending.poll.fetching': (expected: AnyMachineSnapshot) => {
      expect(h.pending()).toHaveLength(1);
      // polls keep their schedule whatever the display shows (every fetch so far answered at once)
      if (h.fetches.length === expected.context.tries + 1) expect(h.fetches.at(-1)!.at).toBe(pollAt(expected.context.tries));
    },
    'pending.poll.stopped': async () => {
      expect(h.snapshot().context.tries).toBe(MAX_TRIES);
      const fetches = h.fetches.length;
      h.clock.increment(10 * 60_000);
      await settle();
      expect(h.fetches).toHaveLength(fetches);
    },
    'pending.display.loading': () => expect(h.clock.now()).toBeLessThan(LOADING_TIMEOUT_MS),
    'pending.display.loadingTimeout': () => expect(h.snapshot().status).toBe('active'),
    loaded: (expected: AnyMachineSnapshot) => {
      same(expected);
      expect(h.snapshot().status).toBe('done');
      expect(h.refetched()).toBe(1);
    },
  };
}

describe('cold-storage machine: model paths', () => {
  const paths = model.getShortestPaths();

  it('reaches every state node through every event', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.flatMap((s) => s.state._nodes.map((n) => n.id))));
    expect(
      getStateNodes(modelMachine.root)
        .map((n) => n.id)
        .filter((id) => !reached.has(id)),
    ).toEqual([]);
    const replayed = new Set(paths.flatMap((p) => p.steps.map((s) => s.event.type)));
    const modelled = new Set(getStateNodes(modelMachine.root).flatMap((n) => [...n.transitions.keys()]));
    // the machine raises coldStorage.timedOut itself
    expect([...modelled].filter((type) => !replayed.has(type))).toEqual(['coldStorage.timedOut']);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const h = createHarness();
      h.actor.start();
      await path.test({ states: checks(h), events: executors(h) });
    });
  }
});

describe('cold-storage machine: timing', () => {
  it('polls at 1, 3, 7, 15 and 31 s, then every 16 s, 22 times in about 5 minutes, then stops', async () => {
    const h = createHarness();
    h.actor.start();
    for (let i = 0; i < MAX_TRIES; i++) {
      const before = h.fetches.length;
      await h.advanceUntil(() => h.fetches.length > before, 20_000);
      await h.answer('loading');
    }
    expect(h.fetches.slice(0, 6).map((f) => f.at)).toEqual([1_000, 3_000, 7_000, 15_000, 31_000, 47_000]);
    expect(h.fetches.at(-1)!.at).toBe(303_000);
    expect(h.snapshot().matches({ pending: { poll: 'stopped', display: 'loadingTimeout' } })).toBe(true);
    h.actor.send({ type: 'RETRY' });
    await h.advanceUntil(() => h.fetches.length > MAX_TRIES, 2_000);
    expect(h.fetches.at(-1)!.at).toBe(304_000);
  });

  it('shows the timeout after 5 s of loading, keeps polling, and ends loaded with one refetch of the related lists', async () => {
    const h = createHarness();
    h.actor.start();
    await h.advanceUntil(() => h.pending().length === 1);
    await h.answer('loading');
    expect(h.snapshot().matches({ pending: { display: 'loading' } })).toBe(true);
    await h.advanceUntil(() => h.snapshot().matches({ pending: { display: 'loadingTimeout' } }));
    expect(h.clock.now()).toBe(LOADING_TIMEOUT_MS);
    await h.advanceUntil(() => h.pending().length === 1);
    await h.answer('loaded');
    expect(h.snapshot().value).toBe('loaded');
    expect(h.refetched()).toBe(1);
  });

  it('the server saying loading_timeout shows the message at once', async () => {
    const h = createHarness();
    h.actor.start();
    await h.advanceUntil(() => h.pending().length === 1);
    await h.answer('loading_timeout');
    expect(h.snapshot().matches({ pending: { display: 'loadingTimeout', poll: 'scheduled' } })).toBe(true);
    expect(h.clock.now()).toBe(1_000);
  });

  it('the texts and statuses', () => {
    expect(TIMEOUT_TITLE).toBe('We are looking for more data');
    expect(timeoutMessage('this transaction')).toBe(
      "Some information regarding this transaction isn't readily available. Bear with us, this can take up to 5 minutes.",
    );
    expect(loaderStatus(null)).toBe('loaded');
    expect(loaderStatus({ status: 'loading' })).toBe('loading');
  });
});
