// Types and constants of the cold-storage loading machine (spec part 2, section 4 "Cold-storage
// loading" and section 9: "Cold-storage wait up to 5 minutes (message); polling max attempts and
// backoff: not shown" — so the polling numbers below are ours).

/** The first poll comes 1 s after the cached read answered loading. */
export const FIRST_POLL_MS = 1_000;
/** Each poll waits twice as long as the one before, up to 16 s. */
export const MAX_POLL_MS = 16_000;
/**
 * Polls before giving up: 1 + 2 + 4 + 8 + 16 s, then 17 more at 16 s, about 5 minutes in all
 * (303 s), the wait the timeout message promises.
 */
export const MAX_TRIES = 22;
/**
 * Loading turns into "loading timeout" (the message) after 5 s: a cold record is meant to be
 * back within 5 seconds, so the message appears only when that budget is missed.
 */
export const LOADING_TIMEOUT_MS = 5_000;

export const TIMEOUT_TITLE = 'We are looking for more data';
export const timeoutMessage = (subject: string) =>
  `Some information regarding ${subject} isn't readily available. Bear with us, this can take up to 5 minutes.`;

/** What the server said about the record (its data_loader), as the fetch actor reports it. */
export type LoaderStatus = 'loading' | 'loading_timeout' | 'loaded';

export interface ColdStorageInput {
  /** the {x} of the timeout message, e.g. "this transaction" */
  subject: string;
}

export interface ColdStorageContext {
  subject: string;
  /** polls answered (or failed) so far in this wait */
  tries: number;
}

/** RETRY comes from the page (polling stopped); coldStorage.timedOut is raised by the machine itself. */
export type ColdStorageEvent = { type: 'RETRY' } | { type: 'coldStorage.timedOut' };

/** Wait before poll number `tries` (0-based): 1 s doubling, at most 16 s. */
export function pollDelayMs(tries: number): number {
  return Math.min(FIRST_POLL_MS * 2 ** tries, MAX_POLL_MS);
}

/** data_loader of a cached answer as a status: null (served hot) counts as loaded. */
export function loaderStatus(dataLoader: { status: LoaderStatus } | null | undefined): LoaderStatus {
  return dataLoader?.status ?? 'loaded';
}
