import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { components } from '../../openapi/schema.js';
import { hasPermission, type Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { audit, changedFields } from '../lib/audit.js';
import { notifyAgent } from '../lib/notify.js';
import { badRequest, conflict, forbidden, notFound } from '../lib/errors.js';
import { firstRow, rows, type SqlRunner, assertId, idList, inOrder, validIds, iso } from '../db/sql.js';
import { alertSummariesJson } from './alerts.queries.js';
import { commentsJson } from '../modules/comments/index.js';
import { tagsJson } from '../modules/tags/index.js';
import { queueVisible, sarVisible } from '../auth/visibility.js';
import { caseFull, caseSummary, sar, type CaseRow, type CaseSummaryRow, type SarRow } from './cases.mappers.js';

/** Cases and SARs: loading, and the state changes shared by alerts and cases (deadline, assignment). */

type S = components['schemas'];

/** The visible alerts of case `c` (a column alias). */
const caseAlertIds = (p: Principal, c: string) => {
  const alias = sql.raw(c);
  return sql`(select ca.alert_id from case_alerts ca join alerts xa on xa.id = ca.alert_id and xa.org_id = ca.org_id
    where ca.org_id = ${alias}.org_id and ca.case_id = ${alias}.id and ${queueVisible(p, sql`xa.queue_id`)})`;
};

const CASE_SUMMARY = sql`c.id, c.title, c.status, c.created_at, c.deadline, c.disposition, c.assigned_to_id,
  ag.full_name as assigned_to_name, c.queue_id, q.access_type as queue_access_type`;

const caseColumns = (p: Principal) => sql`${CASE_SUMMARY}, c.description, c.deadline_config, c.start_date, c.disposition_notes,
  case when q.id is null then null else json_build_object('id', q.id, 'title', q.title, 'access_type', q.access_type) end as queue,
  c.created_by_id, cb.full_name as created_by_name,
  coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title, 'status', r.status) order by r.id) from rules r
    where r.org_id = c.org_id and r.id in (select ar.rule_id from alert_rules ar where ar.org_id = c.org_id
      and ar.alert_id in ${caseAlertIds(p, 'c')})), '[]'::json) as rules,
  ${tagsJson('CASE', sql`c.id`, sql`c.org_id`)} as tags,
  ${alertSummariesJson(p, sql`sa.org_id = c.org_id and sa.id in ${caseAlertIds(p, 'c')}`)} as alerts,
  coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name, 'status', s.status, 'filed_at', s.filed_at)
    order by s.created_at desc, s.id desc) from sars s where s.org_id = c.org_id and s.case_id = c.id and ${sarVisible(p, 's')}), '[]'::json) as sars,
  coalesce((select json_agg(json_build_object('id', e.id, 'external_id', e.external_id, 'name_readable', e.name_readable,
    'entity_type', e.entity_type) order by e.id) from entities e where e.org_id = c.org_id and (
      e.id in (select ce.entity_id from case_entities ce where ce.org_id = c.org_id and ce.case_id = c.id)
      or e.id in (select ae.entity_id from alert_entities ae where ae.org_id = c.org_id and ae.alert_id in ${caseAlertIds(p, 'c')}))), '[]'::json) as entities,
  coalesce((select json_agg(json_build_object('id', t.id, 'external_id', t.external_id, 'event_time', t.event_time,
    'amount', t.amount::float8, 'currency', t.currency) order by t.event_time desc, t.id desc) from transactions t
    where t.org_id = c.org_id and t.id in (select at.transaction_id from alert_transactions at where at.org_id = c.org_id
      and at.alert_id in ${caseAlertIds(p, 'c')})), '[]'::json) as events,
  coalesce((select json_agg(json_build_object('id', x.id, 'external_id', x.external_id, 'action_type', x.action_type,
    'event_time', x.event_time) order by x.event_time desc, x.id desc) from action_events x
    where x.org_id = c.org_id and x.id in (select aae.action_event_id from alert_action_events aae where aae.org_id = c.org_id
      and aae.alert_id in ${caseAlertIds(p, 'c')})), '[]'::json) as action_events,
  coalesce((select json_agg(json_build_object('id', i.id, 'external_id', i.external_id, 'instrument_type', i.instrument_type)
    order by i.id) from instruments i where i.org_id = c.org_id and i.id in (select ai.instrument_id from alert_instruments ai
      where ai.org_id = c.org_id and ai.alert_id in ${caseAlertIds(p, 'c')})), '[]'::json) as instruments,
  ${commentsJson('CASE', sql`c.id`, sql`c.org_id`)} as comments`;

const CASE_FROM = sql`from cases c left join agents ag on ag.id = c.assigned_to_id
  left join agents cb on cb.id = c.created_by_id
  left join queues q on q.id = c.queue_id and q.org_id = c.org_id`;

/** Cases of the caller's organisation by id, visible to the caller, in the order of ids. */
export async function loadCases(db: SqlRunner, p: Principal, requested: readonly number[], short: boolean): Promise<Array<S['Case'] | S['CaseSummary']>> {
  const ids = validIds(requested);
  if (!ids.length) return [];
  const where = sql`where c.org_id = ${p.orgId} and c.id in ${idList(ids)} and ${queueVisible(p, sql`c.queue_id`)}`;
  if (short) {
    const found = await rows<CaseSummaryRow>(db, sql`select ${CASE_SUMMARY} ${CASE_FROM} ${where}`);
    return inOrder(ids, found).map(caseSummary);
  }
  const found = await rows<CaseRow>(db, sql`select ${caseColumns(p)} ${CASE_FROM} ${where}`);
  return inOrder(ids, found).map(caseFull);
}

export async function loadSar(db: SqlRunner, p: Principal, id: number): Promise<S['Sar']> {
  const row = await firstRow<SarRow>(
    db,
    sql`select s.id, s.name, s.status, s.submitted, s.deadline, s.created_at, s.filed_at, s.bsa_tracking_id, s.bsa_id,
        s.car_alert_scheduled_at,
        case when r.id is null then null else json_build_object('id', r.id, 'picture', r.picture, 'full_name', r.full_name, 'email', r.email) end as reviewer,
        case when q.id is null then null else json_build_object('id', q.id, 'title', q.title, 'access_type', q.access_type) end as queue,
        case when c.id is null then null else json_build_object('id', c.id, 'title', c.title, 'status', c.status, 'queue_id', c.queue_id,
          'queue_access_type', cq.access_type) end as "case",
        ${commentsJson('SAR', sql`s.id`, sql`s.org_id`)} as comments,
        case when c.id is null then '[]'::json else ${alertSummariesJson(p, sql`sa.org_id = c.org_id and sa.id in ${caseAlertIds(p, 'c')}`)} end as alerts,
        coalesce((select json_agg(json_build_object('id', s2.id, 'name', s2.name, 'status', s2.status, 'filed_at', s2.filed_at)
          order by s2.created_at, s2.id) from sars s2 where s2.org_id = s.org_id and s2.case_id = s.case_id and s2.id <> s.id
          and ${sarVisible(p, 's2')}), '[]'::json) as sars
      from sars s
      left join agents r on r.id = s.reviewer_id
      left join queues q on q.id = s.queue_id and q.org_id = s.org_id
      left join cases c on c.id = s.case_id and c.org_id = s.org_id
      left join queues cq on cq.id = c.queue_id and cq.org_id = c.org_id
      where s.org_id = ${p.orgId} and s.id = ${assertId(id, 'SAR')} and ${sarVisible(p, 's')}`,
  );
  if (!row) throw notFound('SAR');
  return sar(row);
}

const DEADLINE_TABLES = { ALERT: ['alerts', 'Alert'], CASE: ['cases', 'Case'], SAR: ['sars', 'SAR'] } as const;
/** Latest date a Date (and the contract's date-time) can carry safely. */
const MAX_TIME = Date.UTC(9999, 11, 31);

/** Moves an object's deadline by `duration` seconds from its current deadline (or now). */
export async function editDeadline(
  db: Db,
  req: FastifyRequest,
  p: Principal,
  body: { article_id: number; object_type?: S['DeadlineObjectType']; duration: number },
) {
  const type = body.object_type ?? 'ALERT';
  const [table, label] = DEADLINE_TABLES[type];
  const visible = type === 'SAR' ? sarVisible(p, 'o') : queueVisible(p, sql`o.queue_id`);
  return db.transaction(async (tx) => {
    const row = await firstRow<{ id: number; status: string; submitted: boolean; deadline: Date | string | null; start_date: Date | string | null }>(
      tx,
      sql`select o.id, o.status, ${type === 'SAR' ? sql`o.submitted` : sql`false`} as submitted, o.deadline, o.start_date
        from ${sql.raw(table)} o where o.org_id = ${p.orgId} and o.id = ${assertId(body.article_id, label)} and ${visible} for update of o`,
    );
    if (!row) throw notFound(label);
    if (type === 'SAR' ? row.status === 'ARCHIVED' || row.submitted : row.status !== 'OPEN') {
      throw conflict(type === 'SAR' ? 'The deadline of an archived or submitted SAR cannot be changed' : `The deadline can be changed only while the ${label.toLowerCase()} is OPEN`);
    }
    // raw timestamps arrive as Date or string depending on the driver
    const previous = iso(row.deadline);
    const start = iso(row.start_date);
    const next = new Date(new Date(previous ?? Date.now()).getTime() + body.duration * 1000);
    if (!(Math.abs(next.getTime()) <= MAX_TIME)) throw badRequest('The new deadline is out of range', [{ path: 'body/duration', message: 'is out of range' }]);
    if (start && next.getTime() <= new Date(start).getTime()) {
      const message = `Deadline must be after start date ${start}`;
      throw badRequest(message, [{ path: 'body/duration', message }]);
    }
    await tx.execute(sql`update ${sql.raw(table)} set deadline = ${next.toISOString()}::timestamptz, updated_at = now(),
      deadline_config = case when deadline_config is null or jsonb_typeof(deadline_config) <> 'object' then deadline_config
        else jsonb_set(deadline_config, '{extended_by_seconds}',
          to_jsonb(coalesce((deadline_config->>'extended_by_seconds')::bigint, 0) + ${body.duration}::bigint)) end
      where org_id = ${p.orgId} and id = ${row.id}`);
    await audit(tx, req, {
      orgId: p.orgId,
      agentId: p.agentId,
      action: `${type.toLowerCase()}.deadline_edit`,
      objectType: type,
      objectId: row.id,
      before: { deadline: previous },
      after: { deadline: next.toISOString() },
      details: { duration_seconds: body.duration },
    });
    return { article_id: row.id, object_type: type, deadline: next.toISOString(), start_date: start, previous_deadline: previous };
  });
}

interface Assignment {
  id: number;
  assigned_to_id: number | null;
  assigned_to_name: string | null;
  queue_id: number | null;
  queue_title: string | null;
}

const BLOCKED: Record<'ALERT' | 'CASE', string[]> = { ALERT: ['CLOSED', 'IN_REVIEW', 'RULE_VALIDATION'], CASE: ['CLOSED', 'IN_REVIEW'] };

/** Assigns alerts or cases to an agent (-1 unassigns) or moves them to a queue; all or nothing. */
export async function investigationAction(
  db: Db,
  req: FastifyRequest,
  p: Principal,
  body: { object_ids: number[]; object_type: S['InvestigationObjectType']; agent_id?: number; investigation_queue_id?: number },
) {
  const type = body.object_type;
  if (!hasPermission(p, type === 'ALERT' ? 'edit_alerts' : 'edit_cases')) throw forbidden();
  const table = sql.raw(type === 'ALERT' ? 'alerts' : 'cases');
  const noun = type === 'ALERT' ? 'alert' : 'case';
  const ids = [...new Set(body.object_ids)];
  ids.forEach((id) => assertId(id, type === 'ALERT' ? 'Alert' : 'Case'));
  return db.transaction(async (tx) => {
    const found = await rows<Assignment & { title: string; status: string }>(
      tx,
      sql`select o.id, o.title, o.status, o.assigned_to_id, ag.full_name as assigned_to_name, o.queue_id, q.title as queue_title
        from ${table} o left join agents ag on ag.id = o.assigned_to_id left join queues q on q.id = o.queue_id and q.org_id = o.org_id
        where o.org_id = ${p.orgId} and o.id in ${idList(ids)} and ${queueVisible(p, sql`o.queue_id`)} order by o.id for update of o`,
    );
    if (found.length !== ids.length) throw notFound(type === 'ALERT' ? 'Alert' : 'Case');
    let set: SQL;
    let agent: { id: number; full_name: string } | undefined;
    let queue: { id: number; title: string } | undefined;
    if (body.agent_id !== undefined) {
      if (body.agent_id !== -1) {
        agent = await firstRow(tx, sql`select id, full_name from agents where org_id = ${p.orgId} and id = ${assertId(body.agent_id, 'Agent')} and status = 'active'`);
        if (!agent) throw notFound('Agent');
      }
      set = sql`assigned_to_id = ${agent?.id ?? null}`;
    } else {
      queue = await firstRow(tx, sql`select id, title from queues where org_id = ${p.orgId} and id = ${assertId(body.investigation_queue_id ?? 0, 'Queue')}`);
      if (!queue) throw notFound('Queue');
      set = sql`queue_id = ${body.investigation_queue_id}`;
    }
    const stuck = found.filter((o) => BLOCKED[type].includes(o.status));
    if (stuck.length) {
      throw conflict(`${stuck.map((o) => `${noun} ${o.id} is ${o.status}`).join(', ')}: assignment and queue cannot be changed`);
    }
    await tx.execute(sql`update ${table} set ${set}, updated_at = now() where org_id = ${p.orgId} and id in ${idList(ids)}`);
    for (const o of found) {
      const assigning = body.agent_id !== undefined;
      const change = assigning
        ? changedFields({ assigned_to_id: o.assigned_to_id, assigned_to_name: o.assigned_to_name }, { assigned_to_id: agent?.id ?? null, assigned_to_name: agent?.full_name ?? null })
        : changedFields({ queue_id: o.queue_id, queue_title: o.queue_title }, { queue_id: queue!.id, queue_title: queue!.title });
      // setting what is already set changes nothing, so there is nothing to record
      if (change) await audit(tx, req, { orgId: p.orgId, agentId: p.agentId, objectType: type, objectId: o.id, action: `${noun}.${assigning ? 'assign' : 'queue_change'}`, ...change });
      if (agent && o.assigned_to_id !== agent.id && agent.id !== p.agentId) {
        await notifyAgent(tx, { orgId: p.orgId, agentId: agent.id, kind: 'assignment', content: `${p.fullName} assigned you ${noun} #${o.id}: ${o.title}`, entityType: type, entityId: o.id });
      }
    }
    const after = await rows<{ id: number; assigned_to_id: number | null; assigned_to_name: string | null; queue_id: number | null }>(
      tx,
      sql`select o.id, o.assigned_to_id, a.full_name as assigned_to_name, o.queue_id from ${table} o
        left join agents a on a.id = o.assigned_to_id where o.org_id = ${p.orgId} and o.id in ${idList(ids)}`,
    );
    return { updated: inOrder(ids, after) };
  });
}
