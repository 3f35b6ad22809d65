import { getNextSnapshot, setup, type SnapshotFrom } from 'xstate';

/**
 * A SAR's lifecycle, over the spec's statuses (each state is named by its status).
 *
 * A SAR is written from a case and checked before it is filed: every save queues a prefiling
 * validation (PREFILING_VALIDATION_PENDING), which a job runs (IN_PROCESS) to SUCCESS or FAILED; the
 * SAR is frozen while it runs. A validated SAR goes to review (READY_FOR_REVIEW), and a reviewer with
 * the submit permission submits it (QUEUED_FOR_FILING: submitted, no longer editable). The filing job
 * puts it in a batch and sends it (SENDING_TO_FINCEN, then SENT_TO_FINCEN; a failed send is
 * FILING_FAILED, sent again until the retries run out: FILING_MAX_RETRIES_EXCEEDED). FinCEN answers
 * the batch (FINCEN_ACCEPTED or FINCEN_REJECTED) and then each filing (FILING_SUCCESS with its BSA
 * id, or FINCEN_VALIDATION_FAILED with its errors). A rejected or failed filing is corrected by
 * editing it, which starts it over. Anything not in FinCEN's hands may be archived, and so may a
 * filed SAR once it is done; ARCHIVED is final.
 *
 * Pure: the server answers each request from this machine (resolved from the stored status) and the
 * console reads `can(event)` to offer its actions.
 */

export type SarEvent =
  | { type: 'sar.edit' }
  | { type: 'validation.start' }
  | { type: 'validation.succeed' }
  | { type: 'validation.fail' }
  | { type: 'sar.review' }
  | { type: 'sar.submit' }
  | { type: 'filing.send' }
  | { type: 'filing.sent' }
  | { type: 'filing.fail' }
  | { type: 'filing.giveUp' }
  | { type: 'fincen.accept' }
  | { type: 'fincen.reject' }
  | { type: 'fincen.acknowledge' }
  | { type: 'fincen.invalid' }
  | { type: 'sar.archive' };

const EDIT = { 'sar.edit': 'PREFILING_VALIDATION_PENDING' } as const;
const ARCHIVE = { 'sar.archive': 'ARCHIVED' } as const;

export const sarMachine = setup({
  types: { events: {} as SarEvent },
}).createMachine({
  id: 'sar',
  initial: 'PREFILING_VALIDATION_PENDING',
  states: {
    PREFILING_VALIDATION_PENDING: {
      on: { 'sar.edit': { target: 'PREFILING_VALIDATION_PENDING', reenter: true }, 'validation.start': 'PREFILING_VALIDATION_IN_PROCESS', ...ARCHIVE },
    },
    // the job reads the SAR as it is: frozen until it has answered
    PREFILING_VALIDATION_IN_PROCESS: {
      on: { 'validation.succeed': 'PREFILING_VALIDATION_SUCCESS', 'validation.fail': 'PREFILING_VALIDATION_FAILED' },
    },
    PREFILING_VALIDATION_SUCCESS: { on: { ...EDIT, 'sar.review': 'READY_FOR_REVIEW', ...ARCHIVE } },
    PREFILING_VALIDATION_FAILED: { on: { ...EDIT, ...ARCHIVE } },
    READY_FOR_REVIEW: { on: { ...EDIT, 'sar.submit': 'QUEUED_FOR_FILING', ...ARCHIVE } },
    QUEUED_FOR_FILING: { on: { 'filing.send': 'SENDING_TO_FINCEN' } },
    SENDING_TO_FINCEN: { on: { 'filing.sent': 'SENT_TO_FINCEN', 'filing.fail': 'FILING_FAILED' } },
    FILING_FAILED: { on: { 'filing.send': 'SENDING_TO_FINCEN', 'filing.giveUp': 'FILING_MAX_RETRIES_EXCEEDED' } },
    FILING_MAX_RETRIES_EXCEEDED: { on: { ...EDIT, ...ARCHIVE } },
    SENT_TO_FINCEN: {
      on: {
        'fincen.accept': 'FINCEN_ACCEPTED',
        'fincen.reject': 'FINCEN_REJECTED',
        // an acknowledgement may arrive before (or instead of) the batch's messages file
        'fincen.acknowledge': 'FILING_SUCCESS',
        'fincen.invalid': 'FINCEN_VALIDATION_FAILED',
      },
    },
    FINCEN_ACCEPTED: { on: { 'fincen.acknowledge': 'FILING_SUCCESS', 'fincen.invalid': 'FINCEN_VALIDATION_FAILED' } },
    FINCEN_REJECTED: { on: { ...EDIT, ...ARCHIVE } },
    FINCEN_VALIDATION_FAILED: { on: { ...EDIT, ...ARCHIVE } },
    FILING_SUCCESS: { on: { ...ARCHIVE } },
    ARCHIVED: { type: 'final' },
  },
});

export type SarSnapshot = SnapshotFrom<typeof sarMachine>;

/** Every status, in the lifecycle's order (a state of the machine each). */
export const SAR_LIFECYCLE = [
  'PREFILING_VALIDATION_PENDING',
  'PREFILING_VALIDATION_IN_PROCESS',
  'PREFILING_VALIDATION_SUCCESS',
  'PREFILING_VALIDATION_FAILED',
  'READY_FOR_REVIEW',
  'QUEUED_FOR_FILING',
  'SENDING_TO_FINCEN',
  'SENT_TO_FINCEN',
  'FINCEN_ACCEPTED',
  'FILING_SUCCESS',
  'FINCEN_VALIDATION_FAILED',
  'FILING_FAILED',
  'FINCEN_REJECTED',
  'FILING_MAX_RETRIES_EXCEEDED',
  'ARCHIVED',
] as const;
export type SarStatus = (typeof SAR_LIFECYCLE)[number];

/** Statuses in which the SAR has been submitted for filing (and is no longer editable). */
export const SUBMITTED_STATUSES: readonly string[] = [
  'QUEUED_FOR_FILING',
  'SENDING_TO_FINCEN',
  'SENT_TO_FINCEN',
  'FILING_FAILED',
  'FINCEN_ACCEPTED',
  'FILING_SUCCESS',
];

/** A snapshot of a stored SAR, to ask `can(event)` of it; null for a status the lifecycle does not know. */
export function sarSnapshot(status: string): SarSnapshot | null {
  if (!(SAR_LIFECYCLE as readonly string[]).includes(status)) return null;
  return sarMachine.resolveState({ value: status, context: {} });
}

/** What an event moves a stored SAR to, or null when the SAR's status does not take it. */
export function sarNext(status: string, event: SarEvent['type']): SarStatus | null {
  const snapshot = sarSnapshot(status);
  if (!snapshot?.can({ type: event })) return null;
  return getNextSnapshot(sarMachine, snapshot, { type: event }).value;
}
