import { sql, type SQL } from 'drizzle-orm';
import { rows, type SqlRunner } from '../../db/sql.js';
import { COUNTED_ALERT, COUNTED_CASE, FAMILY_DEFAULT_METRIC, SAR_STATUS_EQUIVALENTS } from './constants.js';
import { LOOKBACK_MONTHS, METRICS, SAR_STATUSES_COUNTED } from '../../../core/risk/constants.js';
import { ruleIdsOf, ruleSetKey, type EntityFacts, type ScoringContext } from './facts.types.js';
import type { EngineModel, EngineParameter } from './types.js';

/**
 * The batched reads behind scoring: one query for the entities (with only the data settings the
 * model reads pulled out of formatted_data), and one grouped count per family the model uses.
 * A batch of thousands of entities costs a handful of queries, whatever the batch size.
 */

const ints = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const texts = (values: readonly string[]) => sql`${sql.param([...values])}::text[]`;

interface Needs {
  settingIds: Set<number>;
  sar: Set<string> | null;
  alert: boolean;
  case: boolean;
  ruleSets: Map<string, number[]>;
}

const metricName = (p: EngineParameter, metric: string) => metric || FAMILY_DEFAULT_METRIC[p.type];

/** SAR statuses a parameter counts: parameter_args.sar_statuses or the spec's list, with equivalents. */
export function sarStatuses(args: Record<string, unknown>): string[] {
  const listed = Array.isArray(args.sar_statuses) && args.sar_statuses.length ? args.sar_statuses.map(String) : [...SAR_STATUSES_COUNTED];
  return [...new Set(listed.flatMap((s) => [s, ...(SAR_STATUS_EQUIVALENTS[s] ?? [])]))];
}

export function needsOf(model: EngineModel, ctx: ScoringContext): Needs {
  const needs: Needs = { settingIds: new Set(), sar: null, alert: false, case: false, ruleSets: new Map() };
  for (const segment of model.segments) {
    for (const f of segment.filters) if (f.field.startsWith('data_setting:')) needs.settingIds.add(Number(f.field.slice(13)));
    for (const p of segment.parameters) {
      for (const m of p.metrics) {
        const name = metricName(p, m.metric);
        if (m.custom_data_setting_id !== null) needs.settingIds.add(m.custom_data_setting_id);
        else if ((name === METRICS.address || name === METRICS.address_region) && ctx.address_setting_id !== null) needs.settingIds.add(ctx.address_setting_id);
        if (name === METRICS.sar_count_12m) needs.sar = new Set([...(needs.sar ?? []), ...sarStatuses(p.args)]);
        if (name === METRICS.alert_count_12m) needs.alert = true;
        if (name === METRICS.case_count_12m) needs.case = true;
        if (name === METRICS.rule_alert_count_12m) needs.ruleSets.set(ruleSetKey(ruleIdsOf(p.args)), ruleIdsOf(p.args));
      }
    }
  }
  return needs;
}

/** The date counts start from: LOOKBACK_MONTHS before now. */
export function lookbackStart(now: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - LOOKBACK_MONTHS);
  return d;
}

interface EntityRow {
  id: number;
  external_id: string;
  entity_type: string | null;
  status: string | null;
  internal_status: string | null;
  org_type: string | null;
  name_readable: string | null;
  registered_ms: number | null;
  created_ms: number | null;
  settings: Record<string, string | number | boolean | null> | null;
}

async function counts(db: SqlRunner, query: SQL): Promise<Map<number, number>> {
  return new Map((await rows<{ entity_id: number; n: number }>(db, query)).map((r) => [r.entity_id, r.n]));
}

export async function loadFacts(db: SqlRunner, orgId: number, model: EngineModel, entityIds: readonly number[], ctx: ScoringContext): Promise<EntityFacts[]> {
  if (!entityIds.length) return [];
  const needs = needsOf(model, ctx);
  const since = lookbackStart(ctx.now).toISOString();
  const settingKeys = [...needs.settingIds].map(String);
  const settingsSql = settingKeys.length
    ? sql`jsonb_build_object(${sql.join(
        settingKeys.map((k) => sql`${k}::text, e.formatted_data -> ${k}::text -> 'formatted_value'`),
        sql`, `,
      )})`
    : sql`null::jsonb`;
  const ids = ints(entityIds);
  // the batch's id range as well as its list: the (org_id, entity_id) indexes are read as one range
  // scan instead of a probe per id (rescoring batches are contiguous id ranges)
  let lo = entityIds[0];
  let hi = lo;
  for (const v of entityIds) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const within = (column: SQL) => sql`${column} between ${lo} and ${hi} and ${column} = any(${ids})`;
  const [entities, sar, alert, kase, ...rule] = await Promise.all([
    rows<EntityRow>(
      db,
      sql`select e.id, e.external_id, e.entity_type, e.status, e.internal_status, e.org_type, e.name_readable,
        (extract(epoch from e.registered_at) * 1000)::float8 as registered_ms, (extract(epoch from e.created_at) * 1000)::float8 as created_ms,
        ${settingsSql} as settings
        from entities e where e.org_id = ${orgId} and ${within(sql`e.id`)}`,
    ),
    needs.sar
      ? counts(
          db,
          sql`select ce.entity_id, count(distinct s.id)::int as n from case_entities ce
            join sars s on s.org_id = ce.org_id and s.case_id = ce.case_id
            where ce.org_id = ${orgId} and ${within(sql`ce.entity_id`)} and s.status = any(${texts([...needs.sar])}) and s.created_at >= ${since}
            group by ce.entity_id`,
        )
      : new Map<number, number>(),
    needs.alert
      ? counts(
          db,
          sql`select ae.entity_id, count(*)::int as n from alert_entities ae
            join alerts a on a.org_id = ae.org_id and a.id = ae.alert_id
            where ae.org_id = ${orgId} and ${within(sql`ae.entity_id`)} and a.status = ${COUNTED_ALERT.status}
              and a.disposition = ${COUNTED_ALERT.disposition} and a.alert_type = ${COUNTED_ALERT.alert_type} and a.created_at >= ${since}
            group by ae.entity_id`,
        )
      : new Map<number, number>(),
    needs.case
      ? counts(
          db,
          sql`select ce.entity_id, count(*)::int as n from case_entities ce
            join cases c on c.org_id = ce.org_id and c.id = ce.case_id
            where ce.org_id = ${orgId} and ${within(sql`ce.entity_id`)} and c.status = ${COUNTED_CASE.status}
              and c.disposition = ${COUNTED_CASE.disposition} and c.created_at >= ${since}
            group by ce.entity_id`,
        )
      : new Map<number, number>(),
    ...[...needs.ruleSets.values()].map((ruleIds) =>
      counts(
        db,
        sql`select ae.entity_id, count(distinct a.id)::int as n from alert_entities ae
          join alerts a on a.org_id = ae.org_id and a.id = ae.alert_id
          where ae.org_id = ${orgId} and ${within(sql`ae.entity_id`)} and a.status <> 'RULE_VALIDATION' and a.created_at >= ${since}
            and exists (select 1 from alert_rules ar where ar.org_id = a.org_id and ar.alert_id = a.id
              ${ruleIds.length ? sql`and ar.rule_id = any(${ints(ruleIds)})` : sql``})
          group by ae.entity_id`,
      ),
    ),
  ]);
  const ruleKeys = [...needs.ruleSets.keys()];
  return entities.map((e) => {
    const settings: EntityFacts['settings'] = {};
    for (const [k, v] of Object.entries(e.settings ?? {})) settings[Number(k)] = v ?? null;
    const ruleCounts: Record<string, number> = {};
    ruleKeys.forEach((key, i) => (ruleCounts[key] = rule[i].get(e.id) ?? 0));
    return {
      id: e.id,
      external_id: e.external_id,
      columns: {
        entity_type: e.entity_type,
        status: e.status,
        internal_status: e.internal_status,
        org_type: e.org_type,
        name_readable: e.name_readable,
        external_id: e.external_id,
      },
      registered_at: e.registered_ms,
      created_at: e.created_ms,
      settings,
      sar_count: sar.get(e.id) ?? 0,
      alert_count: alert.get(e.id) ?? 0,
      case_count: kase.get(e.id) ?? 0,
      rule_alert_counts: ruleCounts,
    };
  });
}

/** The organisation's address setting: the entity ADDRESS setting, entity.address first. */
export async function addressSettingId(db: SqlRunner, orgId: number): Promise<number | null> {
  const found = await rows<{ id: number }>(
    db,
    sql`select id from data_settings where org_id = ${orgId} and data_classifier = 'ADDRESS' and key_path like 'entity.%'
      order by (key_path = 'entity.address') desc, id limit 1`,
  );
  return found[0]?.id ?? null;
}
