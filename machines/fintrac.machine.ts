import { SAR_LIFECYCLE, SUBMITTED_STATUSES, sarNext, sarSnapshot, type SarEvent, type SarSnapshot } from './sar.machine';

/**
 * A FINTRAC report's lifecycle (a suspicious transaction report or a large cash transaction
 * report): the SAR lifecycle (machines/sar.machine.ts), one machine for both, with FINTRAC in
 * FinCEN's place. A report is checked before it is filed (prefiling validation pending, in
 * process, success or failed), reviewed, submitted (queued for filing), put in a batch and sent
 * (SENDING_TO_FINTRAC, SENT_TO_FINTRAC; FILING_FAILED and retried until
 * FILING_MAX_RETRIES_EXCEEDED), and answered by FINTRAC (FINTRAC_ACCEPTED, then FILING_SUCCESS with
 * FINTRAC's report identifier, or FINTRAC_VALIDATION_FAILED; FINTRAC_REJECTED for a refused batch).
 *
 * Pure: the server answers each request from it, and the console reads `fintracSnapshot(s).can(e)`.
 */

type Regulated<S extends string> = S extends `${infer A}FINCEN${infer B}` ? `${A}FINTRAC${B}` : S;
type EventOf<E extends string> = E extends `fincen.${infer R}` ? `fintrac.${R}` : E extends `sar.${infer R}` ? `report.${R}` : E;

export type FintracStatus = Regulated<(typeof SAR_LIFECYCLE)[number]>;
export type FintracEvent = { type: EventOf<SarEvent['type']> };

const toFintrac = <S extends string>(status: S) => status.replace('FINCEN', 'FINTRAC') as Regulated<S>;
const toSar = (status: string) => status.replace('FINTRAC', 'FINCEN');
const sarEvent = (event: FintracEvent['type']) => event.replace(/^fintrac\./, 'fincen.').replace(/^report\./, 'sar.') as SarEvent['type'];

/** Every status, in the lifecycle's order. */
export const FINTRAC_LIFECYCLE = SAR_LIFECYCLE.map(toFintrac) as readonly FintracStatus[];

/** Statuses in which a report has been submitted for filing (and is no longer editable). */
export const FINTRAC_SUBMITTED_STATUSES: readonly string[] = SUBMITTED_STATUSES.map(toFintrac);

/** A snapshot of a stored report, to ask `can({ type })` with FINTRAC's event names; null for a status the lifecycle does not know. */
export function fintracSnapshot(status: string): { can: (event: FintracEvent) => boolean } | null {
  if (!(FINTRAC_LIFECYCLE as readonly string[]).includes(status)) return null;
  const snapshot: SarSnapshot | null = sarSnapshot(toSar(status));
  return snapshot && { can: (event) => snapshot.can({ type: sarEvent(event.type) }) };
}

/** What an event moves a stored report to, or null when the report's status does not take it. */
export function fintracNext(status: string, event: FintracEvent['type']): FintracStatus | null {
  if (!(FINTRAC_LIFECYCLE as readonly string[]).includes(status)) return null;
  const next = sarNext(toSar(status), sarEvent(event));
  return next && toFintrac(next);
}
