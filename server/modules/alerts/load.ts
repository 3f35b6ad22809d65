import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { preparedRows, rows, type SqlRunner, idList, inOrder, validIds } from '../../db/sql.js';
import { alert, alertSummary, type AlertRow, type AlertSummaryJson, type SettingLabels } from './alerts.mappers.js';
import { principalTeamIds, settingAccess, type CensorshipSetting } from '../../domain/censorship/access.js';
import { queueVisible } from '../../auth/visibility.js';
import { tagsJson } from '../tags/index.js';

/** Loading alerts: full alerts and summaries (with the labels and censorship of their formatted data), and summaries as json for a case or SAR. */

type S = components['schemas'];

/**
 * Labels of the data settings named by formatted_data keys (for name_readable), and whether the
 * caller may read each one: a censored field an agent may not read is masked before it leaves.
 */
export async function settingLabels(db: SqlRunner, p: Principal, datas: unknown[]): Promise<SettingLabels> {
  const ids = new Set<number>();
  for (const d of datas) if (d && typeof d === 'object') for (const k of Object.keys(d)) if (/^[0-9]{1,9}$/.test(k)) ids.add(Number(k));
  const labels: SettingLabels = new Map();
  if (!ids.size) return labels;
  const [found, teamIds] = await Promise.all([
    rows<{ id: number; label: string; flow: string | null } & CensorshipSetting>(
      db,
      sql`select id, user_facing_label as label, configured_flow as flow, censorship_setting,
        team_ids_with_censorship_read_permission as team_ids, agent_ids_with_censorship_read_permission as agent_ids
        from data_settings where org_id = ${p.orgId} and id in ${idList([...ids])}`,
    ),
    principalTeamIds(db, p),
  ]);
  for (const s of found) labels.set(String(s.id), { label: s.label, flow: s.flow, access: settingAccess(p, teamIds, s) });
  return labels;
}

/** AlertSummary objects of the visible alerts matching `where` (alias sa). */
export const alertSummariesJson = (p: Principal, where: SQL) => sql`coalesce((
  select json_agg(json_build_object('id', sa.id, 'title', sa.title, 'status', sa.status, 'alert_type', sa.alert_type,
    'created_at', sa.created_at, 'deadline', sa.deadline, 'disposition', sa.disposition, 'assigned_to_id', sa.assigned_to_id,
    'assigned_to_name', saa.full_name, 'queue_id', sa.queue_id) order by sa.created_at desc, sa.id desc)
  from alerts sa left join agents saa on saa.id = sa.assigned_to_id
  where ${where} and ${queueVisible(p, sql`sa.queue_id`)}), '[]'::json)`;

const ALERT_COLUMNS = sql`a.id, a.title, a.description, a.status, a.alert_type, a.object_source, a.created_at, a.start_date,
  a.deadline, a.deadline_config, a.alert_score, a.disposition, a.disposition_notes, a.amount_volume::float8 as amount_volume,
  a.currency, a.formatted_data, a.assigned_to_id, ag.full_name as assigned_to_name, a.queue_id, a.content,
  case when q.id is null then null else json_build_object('id', q.id, 'title', q.title, 'access_type', q.access_type) end as queue,
  coalesce((select json_agg(json_build_object('id', r.id, 'title', r.title, 'status', r.status) order by r.id)
    from alert_rules ar join rules r on r.id = ar.rule_id and r.org_id = ar.org_id
    where ar.org_id = a.org_id and ar.alert_id = a.id), '[]'::json) as rules,
  ${tagsJson('ALERT', sql`a.id`, sql`a.org_id`)} as tags,
  coalesce((select json_agg(json_build_object('id', e.id, 'external_id', e.external_id, 'name_readable', e.name_readable,
      'entity_type', e.entity_type) order by e.id)
    from alert_entities ae join entities e on e.id = ae.entity_id and e.org_id = ae.org_id
    where ae.org_id = a.org_id and ae.alert_id = a.id), '[]'::json) as entities,
  coalesce((select json_agg(json_build_object('id', i.id, 'external_id', i.external_id, 'instrument_type', i.instrument_type) order by i.id)
    from alert_instruments ai join instruments i on i.id = ai.instrument_id and i.org_id = ai.org_id
    where ai.org_id = a.org_id and ai.alert_id = a.id), '[]'::json) as instruments,
  coalesce((select json_agg(json_build_object('id', x.id, 'external_id', x.external_id, 'action_type', x.action_type,
      'event_time', x.event_time) order by x.event_time desc, x.id desc)
    from alert_action_events aae join action_events x on x.id = aae.action_event_id and x.org_id = aae.org_id
    where aae.org_id = a.org_id and aae.alert_id = a.id), '[]'::json) as action_events,
  coalesce((select json_agg(h.variable_snapshots order by h.created_at, h.id)
    from alert_hits h where h.org_id = a.org_id and h.alert_id = a.id), '[]'::json) as variable_snapshots,
  coalesce((select json_agg(json_build_object('rule_id', h.rule_id, 'rule_version', h.rule_version) order by h.created_at, h.id)
    from alert_hits h where h.org_id = a.org_id and h.alert_id = a.id), '[]'::json) as hit_rules`;

/**
 * Full alerts of the caller's organisation matching `where`, visible to the caller. The alert page
 * reads one on every visit and the query takes longer to plan than to run, so it is a prepared
 * statement on PostgreSQL: `where` and `tail` must have fixed texts (lists in one array parameter).
 */
export async function loadAlerts(db: SqlRunner, p: Principal, where: SQL, tail: SQL = sql`order by a.created_at desc, a.id desc`): Promise<S['Alert'][]> {
  const found = await preparedRows<AlertRow>(
    db,
    sql`select ${ALERT_COLUMNS} from alerts a
      left join agents ag on ag.id = a.assigned_to_id
      left join queues q on q.id = a.queue_id and q.org_id = a.org_id
      where a.org_id = ${p.orgId} and ${queueVisible(p, sql`a.queue_id`)} and ${where} ${tail}`,
  );
  const labels = await settingLabels(
    db,
    p,
    found.map((r) => r.formatted_data),
  );
  return found.map((r) => alert(r, labels));
}

export async function loadAlertSummaries(db: SqlRunner, p: Principal, requested: readonly number[]): Promise<S['AlertSummary'][]> {
  const ids = validIds(requested);
  if (!ids.length) return [];
  const found = await rows<AlertSummaryJson>(
    db,
    sql`select sa.id, sa.title, sa.status, sa.alert_type, sa.created_at, sa.deadline, sa.disposition, sa.assigned_to_id,
        saa.full_name as assigned_to_name, sa.queue_id
      from alerts sa left join agents saa on saa.id = sa.assigned_to_id
      where sa.org_id = ${p.orgId} and sa.id in ${idList(ids)} and ${queueVisible(p, sql`sa.queue_id`)}`,
  );
  return inOrder(ids, found).map(alertSummary);
}
