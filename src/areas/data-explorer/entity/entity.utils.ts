// Pure rules of the entity page: the blocked state, and how values read. The risk category of a
// score is the shared risk display's (src/features/risk), re-exported for the entity page's readers.
export { DEFAULT_THRESHOLDS, formatScore, riskCategory, type RiskCategory, type RiskThresholds } from '../../../features/risk/risk-category';

export type Tone = 'error' | 'warning' | 'success' | 'neutral';

/** Spec part 2, section 4: Yes (error) if any blocked reasons, else No. */
export function blockedState(reasons: readonly string[]): { label: 'Yes' | 'No'; tone: Tone } {
  return reasons.length > 0 ? { label: 'Yes', tone: 'error' } : { label: 'No', tone: 'neutral' };
}

const amountFormats = new Map<string, Intl.NumberFormat>();
export function formatAmount(amount: number, currency: string): string {
  let f = amountFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    amountFormats.set(currency, f);
  }
  return f.format(amount);
}

/** "ACTIVE" -> "Active", "UNDER_REVIEW" -> "Under review". */
export function humanise(value: string | null | undefined): string {
  if (!value) return '—';
  const words = value.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TXN_TYPE_LABELS: Record<string, string> = { ACH: 'ACH', P2P: 'P2P', INTERNAL_TRANSFER: 'Internal transfer' };
/** A transaction type as read: acronyms stay upper-case. */
export function txnTypeLabel(type: string): string {
  return TXN_TYPE_LABELS[type] ?? humanise(type);
}
