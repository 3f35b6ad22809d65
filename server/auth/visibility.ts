import { sql, type SQL } from 'drizzle-orm';
import { notFound } from '../lib/errors.js';
import { assertId, idList, preparedRows, type SqlRunner } from '../db/sql.js';
import type { Principal } from './principal.js';

/**
 * What a principal may see of alerts, cases and SARs (docs/handler-guide.md, "Restricted queues"):
 * an object in a queue whose access_type is restricted exists only for the queue's members and for
 * agents holding root_all; to everyone else it answers 404 and is left out of lists and counts.
 * Every module that reads these objects, or objects attached to them, filters with these.
 */

/**
 * The queue in `queueId` (a column) does not hide the object from the principal: it is not a
 * restricted queue, or the principal is one of its members, or holds root_all.
 */
export function queueVisible(p: Principal, queueId: SQL): SQL {
  if (p.rootAll) return sql`true`;
  return sql`not exists (select 1 from queues rq where rq.id = ${queueId} and rq.access_type = 'restricted'
    and not exists (select 1 from queue_members rqm where rqm.queue_id = rq.id and rqm.agent_id = ${p.agentId}))`;
}

/** A SAR is hidden when its own queue or its case's queue is a restricted queue the principal is not in. */
export function sarVisible(p: Principal, sar: string): SQL {
  if (p.rootAll) return sql`true`;
  const s = sql.raw(sar);
  return sql`(${queueVisible(p, sql`${s}.queue_id`)} and not exists (select 1 from cases sc where sc.id = ${s}.case_id
    and sc.org_id = ${s}.org_id and not ${queueVisible(p, sql`sc.queue_id`)}))`;
}

/**
 * SQL condition: the alert or case row `alias` is visible to the principal. Rows in a restricted
 * queue are visible only to the queue's members and to root_all.
 */
export function visibleInQueue(principal: Principal, alias: string): SQL {
  return queueVisible(principal, sql.raw(`${alias}.queue_id`));
}

/**
 * The restricted queues the principal is outside of, read once per request so the list's queries
 * test constants: cheaper per row than a subplan, and the planner estimates them from statistics.
 */
export async function hiddenQueueIds(db: SqlRunner, p: Principal): Promise<number[]> {
  if (p.rootAll) return [];
  const found = await preparedRows<{ id: number }>(
    db,
    sql`select q.id from queues q where q.org_id = ${p.orgId} and q.access_type = 'restricted'
      and not exists (select 1 from queue_members m where m.queue_id = q.id and m.agent_id = ${p.agentId}) order by q.id`,
  );
  return found.map((q) => q.id);
}

/** The queue column `col` is none of the hidden queues (nothing to test when none is hidden). */
export function queueNotIn(col: SQL, hidden: readonly number[]): SQL | null {
  return hidden.length ? sql`(${col} is null or ${col} not in ${idList(hidden)})` : null;
}

/** The id of a visible alert of the caller's organisation, or 404. */
export async function visibleAlert(db: SqlRunner, p: Principal, id: number): Promise<{ id: number; status: string }> {
  assertId(id, 'Alert');
  const [row] = await preparedRows<{ id: number; status: string }>(
    db,
    sql`select a.id, a.status from alerts a where a.org_id = ${p.orgId} and a.id = ${id} and ${queueVisible(p, sql`a.queue_id`)}`,
  );
  if (!row) throw notFound('Alert');
  return row;
}

export async function visibleCase(db: SqlRunner, p: Principal, id: number): Promise<{ id: number; status: string }> {
  assertId(id, 'Case');
  const [row] = await preparedRows<{ id: number; status: string }>(
    db,
    sql`select c.id, c.status from cases c where c.org_id = ${p.orgId} and c.id = ${id} and ${queueVisible(p, sql`c.queue_id`)}`,
  );
  if (!row) throw notFound('Case');
  return row;
}

export async function visibleSar(db: SqlRunner, p: Principal, id: number): Promise<{ id: number; status: string }> {
  assertId(id, 'SAR');
  const [row] = await preparedRows<{ id: number; status: string }>(
    db,
    sql`select s.id, s.status from sars s where s.org_id = ${p.orgId} and s.id = ${id} and ${sarVisible(p, 's')}`,
  );
  if (!row) throw notFound('SAR');
  return row;
}
