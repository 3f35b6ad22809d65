import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows, type SqlRunner, assertId, idList, inOrder, validIds } from '../../db/sql.js';
import { alertSummariesJson } from '../alerts/index.js';
import { commentsJson } from '../comments/index.js';
import { tagsJson } from '../tags/index.js';
import { queueVisible, sarVisible } from '../../auth/visibility.js';
import { caseFull, caseSummary, sar, type CaseRow, type CaseSummaryRow, type SarRow } from './cases.mappers.js';

/** Loading cases and SARs, each with what the caller may see of its alerts, SARs and linked objects. */

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
