// The aggregations over alerts and cases (the alerts, cases and KPI sections). Every query is
// scoped by range.ts's scope(): the caller's organisation, the queue asked for, no hidden queue.
// Counts of work created read the (org_id, created_at) indexes, counts of work closed the
// (org_id, closed_at) partial indexes; "per agent" is the work's assignee when it was closed.
// Groups are counted first and named after (queue titles, agent names, rule names).
import { sql, type SQL } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { rows } from '../../db/sql.js';
import { AGE_BANDS, perBucketSql, scope, type ReportRange } from './range.js';
import type { BucketRow, CategoryRow } from './series.js';

export type WorkTable = 'alerts' | 'cases';
type Stamp = 'created_at' | 'closed_at';

/** `from <table> w where <scope>`: the caller's rows of the table (alerts of rule validation runs are not work). */
function work(principal: Principal, range: ReportRange, table: WorkTable): SQL {
  const extra = table === 'alerts' ? sql` and w.status <> 'RULE_VALIDATION'` : sql``;
  return sql`from ${sql.raw(table)} w where ${scope(principal, range, 'w')}${extra}`;
}

const inRange = (range: ReportRange, column: Stamp) => {
  const col = sql.raw(`w.${column}`);
  return sql`${col} >= ${range.from.toISOString()}::timestamptz and ${col} < ${range.to.toISOString()}::timestamptz`;
};

interface ClosedRow {
  /** grouping() of (bucket, disposition, assignee): 3 per bucket, 5 per disposition, 6 per assignee */
  g: number;
  b: string | null;
  disposition: string | null;
  agent: string | null;
  n: number;
  h: number | null;
}

/** The work closed in the range counted once per section call, whichever of its charts ask. */
const closedMemo = new WeakMap<ReportRange, Map<WorkTable, Promise<ClosedRow[]>>>();

/**
 * The work closed in the range, in one read of it: how many and their average hours from created to
 * closed, per bucket of the close, per disposition and per assignee (grouping sets). Four or five
 * charts of a section read these; read apart they were four scans of a year of work.
 */
function closedStats(db: Db, p: Principal, range: ReportRange, table: WorkTable): Promise<ClosedRow[]> {
  let byTable = closedMemo.get(range);
  if (!byTable) closedMemo.set(range, (byTable = new Map<WorkTable, Promise<ClosedRow[]>>()));
  const known = byTable.get(table);
  if (known) return known;
  const found = rows<ClosedRow>(
    db,
    sql`select x.g, to_char(x.k, 'YYYY-MM-DD') as b, x.disposition, ag.full_name as agent, x.n, x.h from (
        select grouping(k, disposition, assignee)::int as g, k, disposition, assignee, count(*)::int as n, avg(hours)::float8 as h from (
          select date_trunc(${range.bucket}, w.closed_at at time zone 'UTC') as k, w.disposition, w.assigned_to_id as assignee,
            extract(epoch from (w.closed_at - w.created_at)) / 3600 as hours
          ${work(p, range, table)} and ${inRange(range, 'closed_at')}) c
        group by grouping sets ((k), (disposition), (assignee))) x
      left join agents ag on x.g = 6 and ag.id = x.assignee`,
  );
  byTable.set(table, found);
  return found;
}

const BY_BUCKET = 3;
const BY_DISPOSITION = 5;
const BY_AGENT = 6;

/** Created (or closed) per bucket of the range. */
export async function perBucket(db: Db, p: Principal, range: ReportRange, table: WorkTable, column: Stamp): Promise<BucketRow[]> {
  if (column === 'closed_at') return (await closedStats(db, p, range, table)).filter((r) => r.g === BY_BUCKET).map((r) => ({ b: r.b!, n: r.n }));
  return rows<BucketRow>(db, perBucketSql(range, sql.raw(`w.${column}`), sql`count(*)::int`, sql`${work(p, range, table)} and ${inRange(range, column)}`));
}

/** Average hours from created to closed of the work closed in each bucket. */
export async function avgHoursPerBucket(db: Db, p: Principal, range: ReportRange, table: WorkTable): Promise<BucketRow[]> {
  return (await closedStats(db, p, range, table)).filter((r) => r.g === BY_BUCKET).map((r) => ({ b: r.b!, n: r.h ?? 0 }));
}

type Group = 'queue' | 'agent' | 'disposition' | 'status';
const GROUP_COLUMN: Record<Group, string> = { queue: 'w.queue_id', agent: 'w.assigned_to_id', disposition: 'w.disposition', status: 'w.status' };

function named(group: Group, inner: SQL): SQL {
  if (group === 'queue') return sql`select q.title as label, x.n from (${inner}) x left join queues q on q.id = x.k`;
  if (group === 'agent') return sql`select ag.full_name as label, x.n from (${inner}) x left join agents ag on ag.id = x.k`;
  return sql`select x.k as label, x.n from (${inner}) x`;
}

/** Counted per queue, assignee or disposition, of the work created (or closed) in the range. */
export async function perGroup(db: Db, p: Principal, range: ReportRange, table: WorkTable, column: Stamp, group: Group): Promise<CategoryRow[]> {
  if (column === 'closed_at' && (group === 'agent' || group === 'disposition')) {
    const g = group === 'agent' ? BY_AGENT : BY_DISPOSITION;
    return (await closedStats(db, p, range, table)).filter((r) => r.g === g).map((r) => ({ label: group === 'agent' ? r.agent : r.disposition, n: r.n }));
  }
  const k = sql.raw(GROUP_COLUMN[group]);
  const inner = sql`select ${k} as k, count(*)::int as n ${work(p, range, table)} and ${inRange(range, column)} group by 1`;
  return rows<CategoryRow>(db, named(group, inner));
}

/** Average hours from created to closed per assignee, of the work closed in the range. */
export async function avgHoursPerAgent(db: Db, p: Principal, range: ReportRange, table: WorkTable): Promise<CategoryRow[]> {
  return (await closedStats(db, p, range, table)).filter((r) => r.g === BY_AGENT).map((r) => ({ label: r.agent, n: r.h ?? 0 }));
}

/** Alerts created in the range per rule that raised them (an alert of two rules counts for each). */
export function alertsPerRule(db: Db, p: Principal, range: ReportRange): Promise<CategoryRow[]> {
  return rows<CategoryRow>(
    db,
    sql`select r.title as label, x.n from (select ar.rule_id as k, count(*)::int as n from alert_rules ar
        join alerts w on w.id = ar.alert_id and w.org_id = ar.org_id
        where ar.org_id = ${p.orgId} and ${scope(p, range, 'w')} and w.status <> 'RULE_VALIDATION' and ${inRange(range, 'created_at')}
        group by 1) x join rules r on r.id = x.k and r.org_id = ${p.orgId}`,
  );
}

/**
 * Work past its deadline, per bucket of the deadline: a deadline in the range (and already past)
 * that the work was not closed by.
 */
export function slaBreaches(db: Db, p: Principal, range: ReportRange, table: WorkTable, now: Date): Promise<BucketRow[]> {
  const until = new Date(Math.min(range.to.getTime(), now.getTime())).toISOString();
  return rows<BucketRow>(
    db,
    perBucketSql(
      range,
      sql`w.deadline`,
      sql`count(*)::int`,
      sql`${work(p, range, table)} and w.deadline >= ${range.from.toISOString()}::timestamptz and w.deadline < ${until}::timestamptz
        and (w.closed_at is null or w.closed_at > w.deadline)`,
    ),
  );
}

/** The work open now (OPEN or IN_REVIEW) by age band; the range does not apply (a snapshot). */
export async function backlogAge(db: Db, p: Principal, range: ReportRange, table: WorkTable, now: Date): Promise<CategoryRow[]> {
  const age = sql`extract(epoch from (${now.toISOString()}::timestamptz - w.created_at)) / 3600`;
  const bands = AGE_BANDS.map(([, lo, hi], i) => (hi === null ? sql`when ${age} >= ${lo} then ${i}` : sql`when ${age} >= ${lo} and ${age} < ${hi} then ${i}`));
  const found = await rows<{ band: number; n: number }>(
    db,
    sql`select case ${sql.join(bands, sql` `)} else 0 end as band, count(*)::int as n ${work(p, range, table)}
      and w.status in ('OPEN', 'IN_REVIEW') group by 1`,
  );
  return AGE_BANDS.map(([label], i) => ({ label, n: found.find((f) => Number(f.band) === i)?.n ?? 0 }));
}
