// Pure helpers of the transaction views.
import type { ShapValue } from '../../../api/transactions/queries';

export const EVIDENCE_TITLE = 'ACH Risk Score Evidence';
/** Spec part 2, section 9: the evidence popover is 542 px wide and shows the top 3 items. */
export const EVIDENCE_WIDTH_PX = 542;
export const EVIDENCE_ITEMS = 3;

export interface EvidenceItem {
  key: string;
  label: string;
  /** Rounded to whole score points. */
  value: number;
  increasesRisk: boolean;
}

/** The top items by absolute value (ties by name, so the order is stable), values rounded. */
export function topEvidence(values: Record<string, ShapValue> | undefined, count = EVIDENCE_ITEMS): EvidenceItem[] {
  return Object.entries(values ?? {})
    .sort(([ka, a], [kb, b]) => Math.abs(b.value) - Math.abs(a.value) || ka.localeCompare(kb))
    .slice(0, count)
    .map(([key, v]) => ({ key, label: v.pretty_name, value: Math.round(v.value), increasesRisk: v.increase_risk }));
}

/** "+9" / "−3" / "0": the sign is part of what the number says. */
export function signed(value: number): string {
  if (value > 0) return `+${value}`;
  if (value < 0) return `−${Math.abs(value)}`;
  return '0';
}

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

export const words = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, ' ');

/** Spec part 2, section 4: "Update requested at {time}". */
export const updateRequestedAt = (time: string) => `Update requested at ${time}`;
