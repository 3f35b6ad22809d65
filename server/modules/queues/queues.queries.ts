import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { iso, rows, type SqlRunner, idList, MAX_ID } from '../../db/sql.js';

/** Queues with their members and the counts the caller may see. */

type S = components['schemas'];

interface QueueRow {
  id: number;
  title: string;
  description: string | null;
  access_type: S['QueueAccessType'];
  deadline_seconds: number | null;
  member_ids: number[] | null;
  created_at: Date | string;
  open_alerts: number | null;
  unassigned_alerts: number | null;
  open_cases: number | null;
}

/**
 * The organisation's queues (all, or those matching `where` on alias q), by title. Counts come from
 * one grouped pass over the open alerts and open cases rather than a count per queue.
 */
export async function loadQueues(db: SqlRunner, p: Principal, where: SQL = sql`true`): Promise<S['Queue'][]> {
  const found = await rows<QueueRow>(
    db,
    sql`with alert_counts as (
        select queue_id, count(*)::int as open_alerts, count(*) filter (where assigned_to_id is null)::int as unassigned_alerts
        from alerts where org_id = ${p.orgId} and status = 'OPEN' and queue_id is not null group by queue_id
      ), case_counts as (
        select queue_id, count(*)::int as open_cases from cases
        where org_id = ${p.orgId} and status = 'OPEN' and queue_id is not null group by queue_id
      )
      select q.id, q.title, q.description, q.access_type, q.deadline_seconds, q.created_at,
        (select array_agg(m.agent_id order by m.agent_id) from queue_members m where m.org_id = q.org_id and m.queue_id = q.id) as member_ids,
        coalesce(ac.open_alerts, 0) as open_alerts, coalesce(ac.unassigned_alerts, 0) as unassigned_alerts,
        coalesce(cc.open_cases, 0) as open_cases
      from queues q
      left join alert_counts ac on ac.queue_id = q.id
      left join case_counts cc on cc.queue_id = q.id
      where q.org_id = ${p.orgId} and ${where}
      order by q.title, q.id`,
  );
  return found.map((q) => {
    const members = q.member_ids ?? [];
    const isMember = members.includes(p.agentId);
    // a restricted queue's work does not exist for outsiders, so neither do its counts
    const counted = q.access_type !== 'restricted' || isMember || p.rootAll;
    return {
      id: q.id,
      title: q.title,
      description: q.description,
      access_type: q.access_type === 'restricted' ? 'restricted' : 'open',
      deadline_seconds: q.deadline_seconds,
      member_ids: members,
      is_member: isMember,
      open_alerts: counted ? q.open_alerts : null,
      unassigned_alerts: counted ? q.unassigned_alerts : null,
      open_cases: counted ? q.open_cases : null,
      created_at: iso(q.created_at),
    };
  });
}

export async function loadQueue(db: SqlRunner, p: Principal, id: number): Promise<S['Queue']> {
  const [queue] = await loadQueues(db, p, sql`q.id = ${id}`);
  if (!queue) throw notFound('Queue');
  return queue;
}

/** Titles are unique in an organisation whatever their case: "general" would be confused with "General". */
export async function titleTaken(db: SqlRunner, orgId: number, title: string, exceptId: number | null): Promise<boolean> {
  const found = await rows(
    db,
    sql`select 1 from queues where org_id = ${orgId} and lower(title) = lower(${title}) and (${exceptId}::int is null or id <> ${exceptId}::int)`,
  );
  return found.length > 0;
}

/** Members must be agents of the organisation (any status: an inactive member keeps the seat until removed). */
export async function assertOrgAgents(db: SqlRunner, orgId: number, ids: readonly number[]) {
  if (!ids.length) return;
  if (ids.some((id) => id > MAX_ID)) throw notFound('Agent');
  const found = await rows<{ id: number }>(db, sql`select id from agents where org_id = ${orgId} and id in ${idList(ids)}`);
  if (found.length !== ids.length) throw notFound('Agent');
}

/** A title with its surrounding blanks removed; blank is 400. */
export function cleanTitle(title: string): string {
  const trimmed = title.trim();
  if (!trimmed) throw badRequest('Queue title is required.', [{ path: 'body/title', message: 'must not be blank' }]);
  return trimmed;
}
