import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../../openapi/schema.js';
import { effectivePermissions, type Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../lib/audit.js';
import { notifyAgent } from '../../lib/notify.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { firstRow, iso, rows, type SqlRunner, assertId, idList } from '../../db/sql.js';
import { queueVisible } from '../../auth/visibility.js';
import { isValidationResult, type AlertStatus } from '../../../core/work-rules.js';
import { defineHandlers } from '../types.js';
import { loadCases } from './load.js';

/** Rolling alerts into cases: creating a case from alerts, and adding alerts to a case. */

type S = components['schemas'];

/** The deadline of a case whose queue sets none. */
export const DEFAULT_CASE_DEADLINE_SECONDS = 30 * 86_400;

interface AlertToLink {
  id: number;
  status: AlertStatus;
  queue_id: number | null;
  case_id: number | null;
}

/** The alerts, each visible to the caller and none a rule validation result; locked for the change. */
async function alertsToLink(tx: SqlRunner, p: Principal, ids: readonly number[]): Promise<AlertToLink[]> {
  ids.forEach((id) => assertId(id, 'Alert'));
  const found = await rows<AlertToLink>(
    tx,
    sql`select a.id, a.status, a.queue_id, a.case_id from alerts a
      where a.org_id = ${p.orgId} and a.id in ${idList(ids)} and ${queueVisible(p, sql`a.queue_id`)} order by a.id for update of a`,
  );
  if (found.length !== new Set(ids).size) throw notFound('Alert');
  const validation = found.filter((a) => isValidationResult(a.status));
  if (validation.length) {
    throw badRequest(`Alerts of a rule validation cannot be put in a case: ${validation.map((a) => a.id).join(', ')}`, [
      { path: 'body/alert_ids', message: 'names an alert of a rule validation' },
    ]);
  }
  return found;
}

/**
 * Links the alerts to the case (those already in it are left alone), copies their flagged entities
 * to the case, points each newly linked alert's case_id at it, and records that change per alert.
 */
async function linkAlerts(tx: SqlRunner, req: FastifyRequest, p: Principal, caseId: number, alerts: AlertToLink[]): Promise<number[]> {
  const ids = alerts.map((a) => a.id);
  const added = await rows<{ alert_id: number }>(
    tx,
    sql`insert into case_alerts (org_id, case_id, alert_id) select ${p.orgId}, ${caseId}, unnest(${sql.param(ids)}::int[])
      on conflict do nothing returning alert_id`,
  );
  const addedIds = added.map((a) => a.alert_id).sort((a, b) => a - b);
  if (!addedIds.length) return [];
  await tx.execute(sql`insert into case_entities (org_id, case_id, entity_id)
    select distinct ${p.orgId}::int, ${caseId}::int, ae.entity_id from alert_entities ae where ae.org_id = ${p.orgId} and ae.alert_id in ${idList(addedIds)}
    on conflict do nothing`);
  await tx.execute(sql`update alerts set case_id = ${caseId}, updated_at = now() where org_id = ${p.orgId} and id in ${idList(addedIds)}`);
  for (const alert of alerts.filter((a) => addedIds.includes(a.id))) {
    await audit(tx, req, {
      orgId: p.orgId,
      agentId: p.agentId,
      action: 'alert.case_linked',
      objectType: 'ALERT',
      objectId: alert.id,
      before: { case_id: alert.case_id },
      after: { case_id: caseId },
    });
  }
  return addedIds;
}

interface QueueRow {
  id: number;
  title: string;
  access_type: string;
  deadline_seconds: number | null;
  member_ids: number[] | null;
}

/** The case's queue; a restricted queue the caller is not in does not exist for them (404). */
async function caseQueue(tx: SqlRunner, p: Principal, queueId: number): Promise<QueueRow> {
  const queue = await firstRow<QueueRow>(
    tx,
    sql`select q.id, q.title, q.access_type, q.deadline_seconds,
        (select array_agg(m.agent_id) from queue_members m where m.org_id = q.org_id and m.queue_id = q.id) as member_ids
      from queues q where q.org_id = ${p.orgId} and q.id = ${assertId(queueId, 'Queue')}`,
  );
  if (!queue || (queue.access_type === 'restricted' && !p.rootAll && !(queue.member_ids ?? []).includes(p.agentId))) throw notFound('Queue');
  return queue;
}

/** The assignee: an active agent of the organisation (404) who can see the case's queue (400). */
async function caseAssignee(tx: SqlRunner, p: Principal, agentId: number, queue: QueueRow | null) {
  const agent = await firstRow<{ id: number; full_name: string }>(
    tx,
    sql`select id, full_name from agents where org_id = ${p.orgId} and id = ${assertId(agentId, 'Agent')} and status = 'active'`,
  );
  if (!agent) throw notFound('Agent');
  if (queue?.access_type === 'restricted' && !(queue.member_ids ?? []).includes(agent.id) && !(await effectivePermissions(tx, agent.id)).has('root_all')) {
    const message = `${agent.full_name} is not a member of the restricted queue ${queue.title}`;
    throw badRequest(message, [{ path: 'body/assigned_to_id', message }]);
  }
  return agent;
}

export interface CreateCaseBody {
  title: string;
  description?: string;
  alert_ids: number[];
  queue_id?: number;
  assigned_to_id?: number;
}

export async function createCase(db: Db, req: FastifyRequest, p: Principal, body: CreateCaseBody): Promise<S['Case']> {
  const title = body.title.trim();
  if (!title) throw badRequest('A case title is required', [{ path: 'body/title', message: 'must not be blank' }]);
  const caseId = await db.transaction(async (tx) => {
    const alerts = await alertsToLink(tx, p, body.alert_ids);
    // "the first alert" is the first one named, not the lowest id
    const queueId = body.queue_id ?? alerts.find((a) => a.id === body.alert_ids[0])!.queue_id;
    const queue = queueId === null ? null : await caseQueue(tx, p, queueId);
    const assignee = body.assigned_to_id === undefined ? null : await caseAssignee(tx, p, body.assigned_to_id, queue);
    const seconds = queue?.deadline_seconds ?? DEFAULT_CASE_DEADLINE_SECONDS;
    const created = await firstRow<{ id: number; deadline: Date | string }>(
      tx,
      sql`insert into cases (org_id, title, description, status, queue_id, assigned_to_id, created_by_id, deadline, start_date, deadline_config)
        values (${p.orgId}, ${title}, ${body.description?.trim() || null}, 'OPEN', ${queue?.id ?? null}, ${assignee?.id ?? null}, ${p.agentId},
          now() + make_interval(secs => ${seconds}::int), now(), ${JSON.stringify({ duration_seconds: seconds })}::jsonb)
        returning id, deadline`,
    );
    const id = created!.id;
    const linked = await linkAlerts(tx, req, p, id, alerts);
    if (assignee && assignee.id !== p.agentId) {
      await notifyAgent(tx, {
        orgId: p.orgId,
        agentId: assignee.id,
        kind: 'assignment',
        content: `${p.fullName} assigned you case #${id}: ${title}`,
        entityType: 'CASE',
        entityId: id,
      });
    }
    await audit(tx, req, {
      orgId: p.orgId,
      agentId: p.agentId,
      action: 'case.created',
      objectType: 'CASE',
      objectId: id,
      before: null,
      after: {
        title,
        status: 'OPEN',
        queue_id: queue?.id ?? null,
        queue_title: queue?.title ?? null,
        assigned_to_id: assignee?.id ?? null,
        assigned_to_name: assignee?.full_name ?? null,
        deadline: iso(created!.deadline),
        alert_ids: linked,
      },
    });
    return id;
  });
  const [found] = await loadCases(db, p, [caseId], false);
  return found as S['Case'];
}

export async function addCaseAlerts(db: Db, req: FastifyRequest, p: Principal, caseId: number, alertIds: number[]): Promise<S['Case']> {
  assertId(caseId, 'Case');
  await db.transaction(async (tx) => {
    const found = await firstRow<{ id: number; status: string }>(
      tx,
      sql`select c.id, c.status from cases c where c.org_id = ${p.orgId} and c.id = ${caseId} and ${queueVisible(p, sql`c.queue_id`)} for update of c`,
    );
    if (!found) throw notFound('Case');
    if (found.status === 'CLOSED') throw conflict(`Case ${caseId} is CLOSED: reopen it to add alerts`);
    const added = await linkAlerts(tx, req, p, caseId, await alertsToLink(tx, p, alertIds));
    // linking creates rows rather than changing a field: the entry names what was added
    if (added.length) {
      await audit(tx, req, {
        orgId: p.orgId,
        agentId: p.agentId,
        action: 'case.alerts_added',
        objectType: 'CASE',
        objectId: caseId,
        before: null,
        after: { alert_ids: added },
      });
    }
  });
  const [updated] = await loadCases(db, p, [caseId], false);
  return updated as S['Case'];
}

export const createCaseHandlers = defineHandlers({
  async createCase({ db, req, principal, body }) {
    return createCase(db, req, principal, body);
  },

  async addCaseAlerts({ db, req, principal, params, body }) {
    return addCaseAlerts(db, req, principal, params.id, body.alert_ids);
  },
});
