// How the alert list shows its values. Fixed en-US wording like the rest of the console; times in
// the agent's own time zone.
import type { AlertListItem, AlertStatus } from '../../../api/alerts/queries';

export const STATUS_LABELS: Record<AlertStatus, string> = {
  OPEN: 'Open',
  IN_REVIEW: 'In review',
  CLOSED: 'Closed',
  RULE_VALIDATION: 'Rule validation',
};

const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const fullDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short' });

/**
 * "2026-11-03 16:05" in the agent's time zone: compact and of one width, so a dense column of dates
 * lines up and reads in order; the cell's title gives the full date.
 */
export function formatListDate(iso: string | null): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = Object.fromEntries(parts.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

export function formatFullDate(iso: string | null): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : fullDateTime.format(d);
}

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
  const t = new Date(alert.deadline).getTime();
  return !Number.isNaN(t) && t < now;
}
