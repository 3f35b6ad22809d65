import { COUNT_TTL_MS } from './count-cache.js';

/**
 * Where deep pages of a large transaction list start, kept briefly. Reading page N by OFFSET makes
 * the database step over every row before it, so the further an analyst scrolls into a list of a
 * million rows the slower each page gets. After a deep page is read, the event time and id of its
 * first and last rows are kept as anchors for that organisation, filter set and direction; the next
 * page (or the same one again) seeks to the nearest anchor through the (event_time, id) index and
 * steps over only the rows after it. Anchors live as long as a cached count (the transaction
 * query's 10-second stale time): a list that old is what the console shows anyway, and positions
 * shift no more than OFFSET paging does when rows arrive between two pages.
 */

export interface PageAnchor {
  /** the row's position in the list (0 is the first row) */
  offset: number;
  /** event_time as PostgreSQL prints it, microseconds included */
  eventTime: string;
  id: number;
}

/** Below this offset a page is cheap enough without an anchor. */
export const ANCHOR_MIN_OFFSET = 1_000;
const MAX_LISTS = 200;
const MAX_ANCHORS_PER_LIST = 64;

const lists = new Map<string, { at: number; anchors: PageAnchor[] }>();

export function anchorKey(countKey: string, direction: 'ascending' | 'descending'): string {
  return `${countKey}|${direction}`;
}

/** The anchor at or before `offset` closest to it, while the list's anchors are fresh. */
export function nearestAnchor(key: string, offset: number, now = Date.now()): PageAnchor | null {
  const list = lists.get(key);
  if (!list) return null;
  if (now - list.at > COUNT_TTL_MS) {
    lists.delete(key);
    return null;
  }
  let best: PageAnchor | null = null;
  for (const a of list.anchors) if (a.offset <= offset && (!best || a.offset > best.offset)) best = a;
  return best;
}

/**
 * Keeps anchors of a page just read. The list's freshness runs from its first anchor, so anchors
 * never outlive the count they were read with.
 */
export function rememberAnchors(key: string, found: PageAnchor[], now = Date.now()): void {
  const deep = found.filter((a) => a.offset >= ANCHOR_MIN_OFFSET);
  if (!deep.length) return;
  let list = lists.get(key);
  if (!list || now - list.at > COUNT_TTL_MS) {
    if (!list && lists.size >= MAX_LISTS) lists.delete(lists.keys().next().value!);
    list = { at: now, anchors: [] };
    lists.set(key, list);
  }
  for (const a of deep) if (!list.anchors.some((b) => b.offset === a.offset)) list.anchors.push(a);
  if (list.anchors.length > MAX_ANCHORS_PER_LIST) list.anchors.splice(0, list.anchors.length - MAX_ANCHORS_PER_LIST);
}

/** Forgets every anchor (tests). */
export function clearAnchors(): void {
  lists.clear();
}
