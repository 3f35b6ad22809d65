// How the case screens write amounts, counts and overdue deadlines; times come from src/lib/time.ts.
import { epochMilliseconds } from '../../lib/time';

/** An open case past its deadline is overdue; closed work and missing deadlines never are. */
export function isOverdue(deadline: string | null, status: string, now = Date.now()): boolean {
  const t = epochMilliseconds(deadline);
  return t !== null && status === 'OPEN' && t < now;
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
