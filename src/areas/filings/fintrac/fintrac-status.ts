// How a FINTRAC report's status reads: the SAR badge's rule (spec part 2, section 4, "SAR badge";
// core/sar-status.ts) with FINTRAC's statuses in FinCEN's place. A status the console does not know
// has no tone: its badge offers the contact-support tooltip.
import { sarTone, type SarTone } from '../../../../core/sar-status';
import { FINTRAC_LIFECYCLE } from '../../../../machines/fintrac.machine';
import type { FintracStatus } from '../../../api/filings/fintrac';

/** Every FINTRAC status, in the order of a report's life (the lifecycle machine's list). */
export const FINTRAC_STATUSES: readonly FintracStatus[] = FINTRAC_LIFECYCLE;

const KNOWN: ReadonlySet<string> = new Set(FINTRAC_STATUSES);

/** The badge tone of a FINTRAC status; null for a status the console does not know. */
export function fintracTone(status: string): SarTone | null {
  return KNOWN.has(status) ? sarTone(status.replace('FINTRAC', 'FINCEN')) : null;
}

/** "SENT_TO_FINTRAC" as "Sent to FINTRAC". */
export function fintracStatusLabel(status: string): string {
  const words = status.toLowerCase().split('_').join(' ');
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/fintrac/gi, 'FINTRAC');
}

export const isFintracStatus = (status: string): status is FintracStatus => KNOWN.has(status);
