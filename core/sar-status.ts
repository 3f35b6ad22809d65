// How a SAR's status reads (spec part 2, section 4, "SAR badge"): waiting statuses are a warning,
// accepted and successful ones a success, failed and rejected ones an error; ARCHIVED is neutral.
// A status the console does not know (a newer server) has no tone: its badge offers the
// contact-support tooltip.

export type SarTone = 'warning' | 'success' | 'error' | 'neutral';

const TONES: Record<string, SarTone> = {
  PREFILING_VALIDATION_PENDING: 'warning',
  PREFILING_VALIDATION_IN_PROCESS: 'warning',
  READY_FOR_REVIEW: 'warning',
  QUEUED_FOR_FILING: 'warning',
  SENDING_TO_FINCEN: 'warning',
  SENT_TO_FINCEN: 'warning',
  PREFILING_VALIDATION_SUCCESS: 'success',
  FINCEN_ACCEPTED: 'success',
  FILING_SUCCESS: 'success',
  PREFILING_VALIDATION_FAILED: 'error',
  FINCEN_VALIDATION_FAILED: 'error',
  FILING_FAILED: 'error',
  FINCEN_REJECTED: 'error',
  FILING_MAX_RETRIES_EXCEEDED: 'error',
  ARCHIVED: 'neutral',
};

/** The badge tone of a status; null for a status the console does not know. */
export function sarTone(status: string): SarTone | null {
  return TONES[status] ?? null;
}

/** "PREFILING_VALIDATION_FAILED" as "Prefiling validation failed" (FinCEN keeps its capitals). */
export function sarStatusLabel(status: string): string {
  const words = status.toLowerCase().split('_').join(' ');
  return (words.charAt(0).toUpperCase() + words.slice(1)).replace(/fincen/gi, 'FinCEN');
}

export const SAR_UNKNOWN_STATUS_TEXT = 'This status is not one the console knows. Please contact support.';
