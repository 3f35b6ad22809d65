// Pure rules of the entity page: the risk category of a score, the blocked state, and how values read.
import { DEFAULT_HIGH_RISK_FLOOR, DEFAULT_LOW_RISK_CEILING } from './entity.constants';

export type Tone = 'error' | 'warning' | 'success' | 'neutral';

export interface RiskCategory {
  label: 'High risk' | 'Medium risk' | 'Low risk';
  tone: Tone;
}

export interface RiskThresholds {
  high_risk_floor: number;
  low_risk_ceiling: number;
}

export const DEFAULT_THRESHOLDS: RiskThresholds = { high_risk_floor: DEFAULT_HIGH_RISK_FLOOR, low_risk_ceiling: DEFAULT_LOW_RISK_CEILING };

/**
 * Spec part 2, section 4: above the high-risk floor is High risk (error colour), below the low-risk
 * ceiling Low risk (success), otherwise Medium risk (warning). A score on a threshold is Medium.
 */
export function riskCategory(score: number, thresholds: RiskThresholds = DEFAULT_THRESHOLDS): RiskCategory {
  if (score > thresholds.high_risk_floor) return { label: 'High risk', tone: 'error' };
  if (score < thresholds.low_risk_ceiling) return { label: 'Low risk', tone: 'success' };
  return { label: 'Medium risk', tone: 'warning' };
}

/** Spec part 2, section 4: Yes (error) if any blocked reasons, else No. */
export function blockedState(reasons: readonly string[]): { label: 'Yes' | 'No'; tone: Tone } {
  return reasons.length > 0 ? { label: 'Yes', tone: 'error' } : { label: 'No', tone: 'neutral' };
}

export function formatScore(score: number): string {
  return String(Math.round(score));
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
