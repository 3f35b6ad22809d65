import type { components } from '../../../openapi/schema.js';

/**
 * Counts of large alert lists, kept briefly, as the transaction list keeps its own
 * (modules/transactions/count-cache.ts). The queue's first view counts every alert the caller may
 * see, 100,000 on the large data: about 10 ms of PostgreSQL per request, a quarter of its work
 * under the bench's load, for the number at the top of a list the agent scrolls page by page. A
 * count of at least LARGE_COUNT matches is kept for COUNT_TTL_MS per organisation, set of
 * restricted queues hidden from the caller and filter set (paging and order left out). The hidden
 * queues are read on every request, so a change of a queue's members or access applies at once;
 * smaller counts are always exact and fresh. Ten seconds is less than the console's own stale time
 * for a page of the list (15 s, src/api/alerts/queries.ts).
 */

type AlertListRequest = components['schemas']['AlertListRequest'];

export const LARGE_COUNT = 20_000;
export const COUNT_TTL_MS = 10_000;
const MAX_ENTRIES = 500;

const counts = new Map<string, { count: number; at: number }>();

/** The organisation, the queues hidden from the caller and the filters: what decides the count. */
export function alertCountKey(orgId: number, hidden: readonly number[], f: AlertListRequest): string {
  const filters = Object.entries(f)
    .filter(([k, v]) => v !== undefined && !['limit', 'offset', 'sort_column', 'sort_direction'].includes(k))
    .sort(([a], [b]) => a.localeCompare(b));
  return `${orgId}:${[...hidden].sort((a, b) => a - b).join(',')}:${JSON.stringify(filters)}`;
}

export function cachedAlertCount(key: string, now = Date.now()): number | null {
  const hit = counts.get(key);
  if (!hit) return null;
  if (now - hit.at > COUNT_TTL_MS) {
    counts.delete(key);
    return null;
  }
  return hit.count;
}

export function rememberAlertCount(key: string, count: number, now = Date.now()): void {
  if (count < LARGE_COUNT) return;
  if (counts.size >= MAX_ENTRIES) counts.delete(counts.keys().next().value!);
  counts.set(key, { count, at: now });
}
