import type { components } from '../../../openapi/schema.js';

/**
 * Counts of large transaction lists, kept briefly. Scrolling a list asks for one page after
 * another with the same filters, and counting a million matching rows costs far more than reading
 * a page, so a count of at least LARGE_COUNT matches is kept for COUNT_TTL_MS per organisation and
 * filter set (paging and order left out). Smaller counts are cheap and always exact and fresh.
 * Ten seconds is the spec's stale time of the transaction query (part 2, section 9): the console
 * itself shows a list that old.
 */

type TransactionListRequest = components['schemas']['TransactionListRequest'];

export const LARGE_COUNT = 20_000;
export const COUNT_TTL_MS = 10_000;
const MAX_ENTRIES = 500;

const counts = new Map<string, { count: number; at: number }>();

/** The filters that decide the count, in a fixed order. */
export function listCountKey(orgId: number, f: TransactionListRequest): string {
  const filters = Object.entries(f)
    .filter(([k, v]) => v !== undefined && !['limit', 'offset', 'sort_column', 'sort_direction'].includes(k))
    .sort(([a], [b]) => a.localeCompare(b));
  return `${orgId}:${JSON.stringify(filters)}`;
}

export function cachedCount(key: string, now = Date.now()): number | null {
  const hit = counts.get(key);
  if (!hit) return null;
  if (now - hit.at > COUNT_TTL_MS) {
    counts.delete(key);
    return null;
  }
  return hit.count;
}

export function rememberCount(key: string, count: number, now = Date.now()): void {
  if (count < LARGE_COUNT) return;
  if (counts.size >= MAX_ENTRIES) counts.delete(counts.keys().next().value!);
  counts.set(key, { count, at: now });
}
