// Types, constants and the status chip of the flat-file machine (spec part 2, section 4
// "Flat-file status"). Pure: no React, no fetch.

/** The server's status of a file (contract FlatFileStatus). */
export type FlatFileServerStatus = 'pending_upload' | 'queued' | 'processing' | 'finished' | 'failed';

/** What the console knows of a file from the server: its status and its latest run's counts. */
export interface FlatFileFacts {
  status: FlatFileServerStatus;
  /** the latest run (or the upload's first run) is a dry run: validate only, write nothing */
  isDryRun: boolean;
  successCount: number;
  failureCount: number;
  totalCount: number;
}

/** How the console shows a file: the spec's statuses, with the dry-run ones in their own right. */
export type FlatFilePhase = 'pendingUpload' | 'queued' | 'processing' | 'finished' | 'failed' | 'validating' | 'validated';

/**
 * While a file is queued or processing the console asks for fresh status this often (the spec
 * gives no number; 2 s keeps a 1,000,000-row file's counts moving without loading the server).
 */
export const POLL_MS = 2_000;

export interface FlatFileInput extends FlatFileFacts {
  fileId: number;
}

export interface FlatFileContext extends FlatFileFacts {
  fileId: number;
  /** bytes sent of the current upload, and its size (0 until the browser knows) */
  uploaded: number;
  uploadSize: number;
  /** why the last upload attempt failed; null otherwise */
  uploadError: string | null;
}

export type FlatFileEvent =
  /** the bytes start streaming (again, after a failure) */
  | { type: 'upload.start' }
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done' }
  | { type: 'upload.failed'; message: string }
  /** the server's latest word on the file (a list or detail read) */
  | { type: 'file.sync'; facts: FlatFileFacts };

/** The server's facts as a phase: dry runs show queued and processing as validating, finished as validated. */
export function phaseOf(facts: Pick<FlatFileFacts, 'status' | 'isDryRun'>): FlatFilePhase {
  switch (facts.status) {
    case 'pending_upload':
      return 'pendingUpload';
    case 'failed':
      return 'failed';
    case 'finished':
      return facts.isDryRun ? 'validated' : 'finished';
    default:
      return facts.isDryRun ? 'validating' : facts.status;
  }
}

/** Phases in which the file changes on its own and the console keeps asking. */
export const LIVE_PHASES: readonly FlatFilePhase[] = ['queued', 'processing', 'validating'];
export const isLivePhase = (phase: FlatFilePhase) => LIVE_PHASES.includes(phase);

export type ChipTone = 'default' | 'success' | 'warning' | 'error';

export interface FlatFileChip {
  text: string;
  tone: ChipTone;
  /** "an error shown as ghost": a finished file none of whose rows went in */
  ghost: boolean;
}

/**
 * The status chip, texts and colours exactly as the spec gives them: "Pending upload";
 * "processing" (or "validating" for a dry run); "failed" in error; finished and validated in
 * success with "{status} {success} / {total} rows"; a finished file with errors is warning when
 * some rows succeeded, otherwise error shown as ghost. A validated dry run is a finished file too,
 * so its errors colour it the same way.
 */
export function flatFileChip(phase: FlatFilePhase, counts: Pick<FlatFileFacts, 'successCount' | 'failureCount' | 'totalCount'>): FlatFileChip {
  switch (phase) {
    case 'pendingUpload':
      return { text: 'Pending upload', tone: 'default', ghost: false };
    case 'queued':
    case 'processing':
      return { text: 'processing', tone: 'default', ghost: false };
    case 'validating':
      return { text: 'validating', tone: 'default', ghost: false };
    case 'failed':
      return { text: 'failed', tone: 'error', ghost: false };
    case 'finished':
    case 'validated': {
      const text = `${phase} ${counts.successCount} / ${counts.totalCount} rows`;
      if (counts.failureCount === 0) return { text, tone: 'success', ghost: false };
      return counts.successCount > 0 ? { text, tone: 'warning', ghost: false } : { text, tone: 'error', ghost: true };
    }
  }
}
