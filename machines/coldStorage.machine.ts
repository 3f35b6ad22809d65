import { and, assign, fromPromise, raise, setup } from 'xstate';
import {
  LOADING_TIMEOUT_MS,
  MAX_TRIES,
  pollDelayMs,
  type ColdStorageContext,
  type ColdStorageEvent,
  type ColdStorageInput,
  type LoaderStatus,
} from './coldStorage.types';

export * from './coldStorage.types';

function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`cold-storage machine: provide the "${name}" actor with .provide()`));
}

/**
 * Waiting for a record to come back from cold storage (spec part 2, section 4: loading, loading
 * timeout, loaded). The machine starts when a cached read answered loading.
 *
 * pending         two regions at once, so showing the message never resets the poll schedule:
 *   poll          scheduled -> fetching (the cached read again, with backoff 1 s, 2 s, 4 s ... 16 s)
 *                 -> scheduled again, or stopped after MAX_TRIES (RETRY starts over)
 *   display       loading -> loadingTimeout after 5 s, or at once when the server answers
 *                 loading_timeout or polling stops: the page shows "We are looking for more data"
 * loaded          the record is back: refetchRelated lets the page refetch its related lists
 *
 * fetchRecord (provided by the app) answers the record's loader status; timers run on the
 * actor's clock, so tests drive them.
 */
export const coldStorageMachine = setup({
  types: {
    context: {} as ColdStorageContext,
    events: {} as ColdStorageEvent,
    input: {} as ColdStorageInput,
  },
  actors: {
    fetchRecord: fromPromise<LoaderStatus>(() => notProvided('fetchRecord')),
  },
  actions: {
    // Provided by the app: refetch the lists that show the record (and their counts).
    refetchRelated: () => {},
    countTry: assign({ tries: ({ context }) => context.tries + 1 }),
    resetTries: assign({ tries: 0 }),
    showTimeout: raise({ type: 'coldStorage.timedOut' }),
  },
  guards: {
    isLoaded: ({ event }) => (event as unknown as { output: LoaderStatus }).output === 'loaded',
    serverTimedOut: ({ event }) => (event as unknown as { output: LoaderStatus }).output === 'loading_timeout',
    // the try being counted now is tries + 1
    triesLeft: ({ context }) => context.tries + 1 < MAX_TRIES,
  },
  delays: {
    pollDelay: ({ context }) => pollDelayMs(context.tries),
    loadingTimeout: LOADING_TIMEOUT_MS,
  },
}).createMachine({
  id: 'coldStorage',
  context: ({ input }) => ({ subject: input.subject, tries: 0 }),
  initial: 'pending',
  states: {
    pending: {
      type: 'parallel',
      states: {
        poll: {
          initial: 'scheduled',
          states: {
            scheduled: { after: { pollDelay: 'fetching' } },
            fetching: {
              invoke: {
                id: 'fetchRecord',
                src: 'fetchRecord',
                onDone: [
                  { guard: 'isLoaded', target: '#coldStorage.loaded' },
                  // the server has waited 5 minutes already: show the message at once
                  { guard: and(['serverTimedOut', 'triesLeft']), target: 'scheduled', actions: ['countTry', 'showTimeout'] },
                  { guard: 'triesLeft', target: 'scheduled', actions: 'countTry' },
                  { target: 'stopped', actions: 'countTry' },
                ],
                onError: [
                  { guard: 'triesLeft', target: 'scheduled', actions: 'countTry' },
                  { target: 'stopped', actions: 'countTry' },
                ],
              },
            },
            // MAX_TRIES polls went unanswered: the message stays and the agent may try again
            stopped: {
              entry: 'showTimeout',
              on: { RETRY: { target: 'scheduled', actions: 'resetTries' } },
            },
          },
        },
        display: {
          initial: 'loading',
          states: {
            loading: {
              after: { loadingTimeout: 'loadingTimeout' },
              on: { 'coldStorage.timedOut': 'loadingTimeout' },
            },
            loadingTimeout: {},
          },
        },
      },
    },
    loaded: { type: 'final', entry: 'refetchRelated' },
  },
});
