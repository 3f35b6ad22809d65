// The time range, bucket and queue of a dashboard section's call, checked, and the buckets the
// range covers (every bucket is answered, empty ones as 0).
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { hiddenQueueIds, queueNotIn } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { firstRow } from '../../db/sql.js';
import { badRequest, notFound } from '../../lib/errors.js';

const DAY_MS = 86_400_000;
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 731;

export interface ReportRange {
  from: Date;
  to: Date;
  bucket: 'day' | 'week';
  queueId: number | null;
  /** restricted queues the caller is outside of */
  hidden: number[];
}

export interface RangeQuery {
  from?: string;
  to?: string;
  bucket?: 'day' | 'week';
  queue_id?: number;
}

export async function readRange(db: Db, principal: Principal, query: RangeQuery, now = new Date()): Promise<ReportRange> {
  const to = query.to ? new Date(query.to) : now;
  const from = query.from ? new Date(query.from) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  if (!(from.getTime() < to.getTime())) throw badRequest('from must be before to.', [{ path: 'query/from', message: 'must be before to' }]);
  if (to.getTime() - from.getTime() > MAX_DAYS * DAY_MS)
    throw badRequest(`A range is at most ${MAX_DAYS} days.`, [{ path: 'query/from', message: `must be within ${MAX_DAYS} days of to` }]);
  const hidden = await hiddenQueueIds(db, principal);
  const queueId = query.queue_id ?? null;
  if (queueId !== null) {
    const queue = await firstRow<{ id: number }>(db, sql`select id from queues where org_id = ${principal.orgId} and id = ${queueId}`);
    if (!queue || hidden.includes(queueId)) throw notFound('Queue');
  }
  return { from, to, bucket: query.bucket ?? 'day', queueId, hidden };
}

/** The conditions every counted row meets: the caller's organisation, the queue asked for, no hidden queue. */
export function scope(principal: Principal, range: ReportRange, alias: string): SQL {
  const a = sql.raw(alias);
  const parts: SQL[] = [sql`${a}.org_id = ${principal.orgId}`];
  if (range.queueId !== null) parts.push(sql`${a}.queue_id = ${range.queueId}`);
  const notHidden = queueNotIn(sql`${a}.queue_id`, range.hidden);
  if (notHidden) parts.push(notHidden);
  return sql.join(parts, sql` and `);
}

/**
 * `select b, n`: an aggregate `n` of the rows of `rest` (their from and where) per bucket `b` of a
 * timestamp column, b the bucket's start as a UTC date (YYYY-MM-DD). The rows are grouped by the
 * truncated timestamp and only the groups are made text (to_char on every row of a year of work
 * was most of a chart's time).
 */
export function perBucketSql(range: ReportRange, column: SQL, aggregate: SQL, rest: SQL): SQL {
  return sql`select to_char(x.k, 'YYYY-MM-DD') as b, x.n from (select date_trunc(${range.bucket}, ${column} at time zone 'UTC') as k, ${aggregate} as n
    ${rest} group by 1) x`;
}

/** Every bucket start of the range, in order (weeks start on Monday, as date_trunc's do). */
export function bucketStarts(range: ReportRange): string[] {
  const start = new Date(Date.UTC(range.from.getUTCFullYear(), range.from.getUTCMonth(), range.from.getUTCDate()));
  if (range.bucket === 'week') start.setUTCDate(start.getUTCDate() - ((start.getUTCDay() + 6) % 7));
  const step = range.bucket === 'week' ? 7 : 1;
  const out: string[] = [];
  for (const d = start; d.getTime() < range.to.getTime(); d.setUTCDate(d.getUTCDate() + step)) out.push(d.toISOString().slice(0, 10));
  return out;
}

/** The open-work age bands of the backlog charts, in hours: [label, lower bound, upper bound). */
export const AGE_BANDS: readonly [string, number, number | null][] = [
  ['Under 1 day', 0, 24],
  ['1 to 7 days', 24, 168],
  ['7 to 30 days', 168, 720],
  ['30 days or more', 720, null],
];
