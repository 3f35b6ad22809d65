// How the case screens write dates, deadlines and ids. Intl with the browser's locale and zone.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

export function formatDate(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? dateFormat.format(d) : '—';
}

export function formatDateTime(iso: string | null | undefined): string {
  const d = parse(iso);
  return d ? dateTimeFormat.format(d) : '—';
}

/** An open case past its deadline is overdue; closed work and missing deadlines never are. */
export function isOverdue(deadline: string | null, status: string, now = Date.now()): boolean {
  const d = parse(deadline);
  return d !== null && status === 'OPEN' && d.getTime() < now;
}

const money = new Map<string, Intl.NumberFormat>();

export function formatAmount(amount: number, currency: string): string {
  let f = money.get(currency);
  if (!f) {
    try {
      f = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    } catch {
      f = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
    }
    money.set(currency, f);
  }
  return f.format(amount);
}

export function formatCount(n: number): string {
  return n.toLocaleString();
}
