// How the alert list shows its values. Fixed en-US wording like the rest of the console; times come
// from src/lib/time.ts (compact in the cells, long in their titles).
import type { AlertListItem, AlertStatus } from '../../../api/alerts/queries';
import { epochMilliseconds } from '../../../lib/time';

export const STATUS_LABELS: Record<AlertStatus, string> = {
  OPEN: 'Open',
  IN_REVIEW: 'In review',
  CLOSED: 'Closed',
  RULE_VALIDATION: 'Rule validation',
};

const currencyFormats = new Map<string, Intl.NumberFormat>();

export function formatAmount(amount: number | null, currency: string | null): string {
  if (amount === null) return '—';
  const key = currency ?? '';
  let f = currencyFormats.get(key);
  if (!f) {
    f = currency
      ? new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    currencyFormats.set(key, f);
  }
  // "USD 9,500.00" reads as a column better than mixed symbols; a narrow space keeps it together.
  return f.format(amount).replace(/^([A-Z]{3})\s*/, '$1\u00a0');
}

/** Past the deadline and still being worked. */
export function isOverdue(alert: Pick<AlertListItem, 'deadline' | 'status'>, now = Date.now()): boolean {
  if (!alert.deadline || alert.status === 'CLOSED') return false;
  const t = epochMilliseconds(alert.deadline);
  return t !== null && t < now;
}
