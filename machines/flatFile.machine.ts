import { assign, fromCallback, setup, type StateValue } from 'xstate';
import { phaseOf, POLL_MS, type FlatFileContext, type FlatFileEvent, type FlatFileFacts, type FlatFileInput, type FlatFilePhase } from './flatFile.types';

export * from './flatFile.types';

/**
 * One flat file as the console follows it (spec part 2, section 4 "Flat-file status").
 *
 * pendingUpload   the file exists on the server, its bytes do not yet:
 *   waiting       nothing sent (a file whose upload was abandoned stays here)
 *   uploading     the bytes stream (uploadContent, provided by the app, reports progress)
 *   uploadFailed  the stream broke; upload.start tries again
 * queued          a run waits for the job runner                       } the console asks for
 * processing      rows are being read and written                      } fresh status every
 * validating      a dry run, queued or processing (substates alike)    } POLL_MS (refresh)
 * finished        a real run ended; counts tell success, warning or error
 * validated       a dry run ended (with or without errors)
 * failed          the run could not finish
 *
 * The server is the truth: file.sync carries its latest facts and moves the machine to the phase
 * they describe from anywhere (a finished file run again goes back to queued or validating). A
 * sync that names the phase the machine is already in only updates the counts, so it neither
 * restarts the poll timer nor interrupts an upload.
 */

/** Where a file with these facts sits: a top-level phase, or the validating substate. */
type Key = 'pendingUpload' | 'queued' | 'processing' | 'validating.queued' | 'validating.processing' | 'finished' | 'validated' | 'failed';
const KEYS: readonly Key[] = ['pendingUpload', 'queued', 'processing', 'validating.queued', 'validating.processing', 'finished', 'validated', 'failed'];

function keyOf(facts: FlatFileFacts): Key {
  const phase = phaseOf(facts);
  return phase === 'validating' ? (facts.status === 'processing' ? 'validating.processing' : 'validating.queued') : phase;
}

/** file.sync from the state at `self`: to every other key, and counts only for its own. */
function syncFrom(self: Key) {
  return [
    ...KEYS.filter((key) => key !== self).map((key) => ({
      guard: { type: 'factsAre' as const, params: { key } },
      target: `#flatFile.${key}`,
      actions: 'assignFacts' as const,
    })),
    { actions: 'assignFacts' as const },
  ];
}

/** A live leaf asks again every POLL_MS: re-entering itself restarts the timer. */
const poll = (self: Key) => ({ pollDelay: { target: `#flatFile.${self}`, reenter: true, actions: 'refresh' as const } });

function notProvided(name: string): never {
  throw new Error(`flat-file machine: provide the "${name}" actor with .provide()`);
}

export const flatFileMachine = setup({
  types: {
    context: {} as FlatFileContext,
    events: {} as FlatFileEvent,
    input: {} as FlatFileInput,
  },
  actors: {
    // Provided by the app: stream the file's bytes, sending upload.progress, then upload.done or
    // upload.failed. Stopping the actor (leaving uploading) must abort the request.
    uploadContent: fromCallback<FlatFileEvent, { fileId: number }>(() => notProvided('uploadContent')),
  },
  actions: {
    // Provided by the app: read the file's status again (its answer comes back as file.sync).
    refresh: () => {},
    assignFacts: assign(({ event }) => (event.type === 'file.sync' ? { ...event.facts } : {})),
    startUpload: assign({ uploaded: 0, uploadSize: 0, uploadError: null }),
    assignProgress: assign(({ event }) => (event.type === 'upload.progress' ? { uploaded: event.loaded, uploadSize: event.total } : {})),
    assignUploadError: assign(({ event }) => (event.type === 'upload.failed' ? { uploadError: event.message } : {})),
    // the server queues the file's first run once the last byte is stored
    markQueued: assign(({ context }) => ({
      status: 'queued' as const,
      uploaded: context.uploadSize || context.uploaded,
      successCount: 0,
      failureCount: 0,
      totalCount: 0,
    })),
  },
  guards: {
    // facts of a file.sync, or the input's facts when the machine starts
    factsAre: ({ context, event }, params: { key: Key }) => keyOf(event.type === 'file.sync' ? event.facts : context) === params.key,
    isDryRun: ({ context }) => context.isDryRun,
  },
  delays: { pollDelay: POLL_MS },
}).createMachine({
  id: 'flatFile',
  context: ({ input }) => ({ ...input, uploaded: 0, uploadSize: 0, uploadError: null }),
  initial: 'init',
  states: {
    // resolved at once from the input: a list row starts wherever its file is
    init: {
      always: KEYS.map((key) => ({ guard: { type: 'factsAre' as const, params: { key } }, target: `#flatFile.${key}` })),
    },
    pendingUpload: {
      initial: 'waiting',
      on: { 'file.sync': syncFrom('pendingUpload') },
      states: {
        waiting: { on: { 'upload.start': { target: 'uploading', actions: 'startUpload' } } },
        uploading: {
          invoke: { id: 'uploadContent', src: 'uploadContent', input: ({ context }) => ({ fileId: context.fileId }) },
          on: {
            'upload.progress': { actions: 'assignProgress' },
            'upload.done': [
              { guard: 'isDryRun', target: '#flatFile.validating.queued', actions: 'markQueued' },
              { target: '#flatFile.queued', actions: 'markQueued' },
            ],
            'upload.failed': { target: 'uploadFailed', actions: 'assignUploadError' },
          },
        },
        uploadFailed: { on: { 'upload.start': { target: 'uploading', actions: 'startUpload' } } },
      },
    },
    queued: { tags: 'live', after: poll('queued'), on: { 'file.sync': syncFrom('queued') } },
    processing: { tags: 'live', after: poll('processing'), on: { 'file.sync': syncFrom('processing') } },
    validating: {
      tags: 'live',
      initial: 'queued',
      states: {
        queued: { after: poll('validating.queued'), on: { 'file.sync': syncFrom('validating.queued') } },
        processing: { after: poll('validating.processing'), on: { 'file.sync': syncFrom('validating.processing') } },
      },
    },
    finished: { on: { 'file.sync': syncFrom('finished') } },
    validated: { on: { 'file.sync': syncFrom('validated') } },
    failed: { on: { 'file.sync': syncFrom('failed') } },
  },
});

/** The phase a snapshot's value stands for (validating's substates are one phase). */
export function phaseOfValue(value: StateValue): FlatFilePhase {
  const top = typeof value === 'string' ? value : Object.keys(value)[0];
  return top === 'init' ? 'pendingUpload' : (top as FlatFilePhase);
}
