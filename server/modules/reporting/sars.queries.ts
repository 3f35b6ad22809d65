// The SAR section's aggregations: SARs of the caller's organisation in the queue asked for, and
// neither in nor of a case in a restricted queue the caller is outside of (sarVisible).
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { sarVisible } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { perBucketSql, scope, type ReportRange } from './range.js';
import type { BucketRow, CategoryRow } from './series.js';

const from = (p: Principal, range: ReportRange): SQL => sql`from sars s where ${scope(p, range, 's')} and ${sarVisible(p, 's')}`;
const inRange = (range: ReportRange, column: 'created_at' | 'filed_at') => {
  const col = sql.raw(`s.${column}`);
  return sql`${col} >= ${range.from.toISOString()}::timestamptz and ${col} < ${range.to.toISOString()}::timestamptz`;
};

export function sarsPerBucket(db: Db, p: Principal, range: ReportRange, column: 'created_at' | 'filed_at', extra: SQL = sql``): Promise<BucketRow[]> {
  const col = sql.raw(`s.${column}`);
  return rows<BucketRow>(db, perBucketSql(range, col, sql`count(*)::int`, sql`${from(p, range)} and ${inRange(range, column)}${extra}`));
}

/** SARs created in the range by their status now. */
export function sarsPerStatus(db: Db, p: Principal, range: ReportRange): Promise<CategoryRow[]> {
  return rows<CategoryRow>(db, sql`select s.status as label, count(*)::int as n ${from(p, range)} and ${inRange(range, 'created_at')} group by 1`);
}

/** Filed by their deadline (or without one) */
export const ON_TIME = sql` and (s.deadline is null or s.filed_at <= s.deadline)`;
/** Filed after their deadline */
export const LATE = sql` and s.deadline is not null and s.filed_at > s.deadline`;
