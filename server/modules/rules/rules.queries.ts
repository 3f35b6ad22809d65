import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import { iso, rows, type SqlRunner, type Ts } from '../../db/sql.js';

/** Reading rules with what the list and the page show: queue, owner, last validation, alerts in 30 days. */

type S = components['schemas'];

export interface RuleRow {
  id: number;
  title: string;
  description: string | null;
  status: S['RuleStatus'];
  version: number;
  spec: Record<string, unknown>;
  queue_id: number | null;
  queue_title: string | null;
  owner_id: number | null;
  owner_name: string | null;
  created_at: Ts;
  updated_at: Ts;
  lv_id: number | null;
  lv_status: string | null;
  lv_window_start: Ts | null;
  lv_window_end: Ts | null;
  lv_created_at: Ts | null;
  lv_finished_at: Ts | null;
  lv_result: Record<string, unknown> | null;
  lv_by_id: number | null;
  lv_by_name: string | null;
  lv_current: boolean | null;
  alerts_30d: number;
  count?: number;
}

export interface ValidationRow {
  id: number;
  rule_id: number;
  status: string;
  window_start: Ts | null;
  window_end: Ts | null;
  created_at: Ts;
  finished_at: Ts | null;
  result: Record<string, unknown> | null;
  by_id: number | null;
  by_name: string | null;
}

const STATUSES = ['in_progress', 'queued', 'success', 'failed'] as const;
const num = (v: unknown) => (typeof v === 'number' ? v : null);

export function validationSummary(v: ValidationRow): S['RuleValidationSummary'] {
  const r = v.result ?? {};
  return {
    id: v.id,
    rule_id: v.rule_id,
    status: STATUSES.find((s) => s === v.status.toLowerCase()) ?? 'queued',
    window_start: iso(v.window_start),
    window_end: iso(v.window_end),
    created_at: iso(v.created_at),
    finished_at: iso(v.finished_at),
    evaluated_events: num(r.evaluated_events) ?? 0,
    hits: num(r.hits),
    alerts: num(r.alerts),
    entities: num(r.entities),
    errors: num(r.errors),
    error: typeof r.error === 'string' ? r.error : null,
    created_by: v.by_id === null ? null : { id: v.by_id, full_name: v.by_name ?? '' },
  };
}

export function ruleOf(r: RuleRow): S['Rule'] {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status,
    version: r.version,
    spec: r.spec,
    queue: r.queue_id === null ? null : { id: r.queue_id, title: r.queue_title ?? '' },
    owner: r.owner_id === null ? null : { id: r.owner_id, full_name: r.owner_name ?? '' },
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    last_validation:
      r.lv_id === null
        ? null
        : validationSummary({
            id: r.lv_id,
            rule_id: r.id,
            status: r.lv_status ?? 'QUEUED',
            window_start: r.lv_window_start,
            window_end: r.lv_window_end,
            created_at: r.lv_created_at!,
            finished_at: r.lv_finished_at,
            result: r.lv_result,
            by_id: r.lv_by_id,
            by_name: r.lv_by_name,
          }),
    alerts_30d: r.alerts_30d,
    validated_current: r.lv_status === 'SUCCESS' && r.lv_current === true,
  };
}

/** Rules of the organisation matching `where` (on alias r), with the list's columns. */
export function ruleRows(db: SqlRunner, orgId: number, where: SQL, tail: SQL = sql`order by r.updated_at desc, r.id desc`): Promise<RuleRow[]> {
  return rows<RuleRow>(
    db,
    sql`select r.id, r.title, r.description, r.status, r.version, v.spec, r.queue_id, q.title as queue_title,
        r.created_by_id as owner_id, o.full_name as owner_name, r.created_at, r.updated_at,
        lv.id as lv_id, lv.status as lv_status, lv.window_start as lv_window_start, lv.window_end as lv_window_end,
        lv.created_at as lv_created_at, lv.finished_at as lv_finished_at, lv.result as lv_result,
        lv.created_by_id as lv_by_id, lb.full_name as lv_by_name, lv.spec = v.spec as lv_current,
        (select count(*)::int from alert_rules ar join alerts a on a.org_id = ar.org_id and a.id = ar.alert_id
          where ar.org_id = r.org_id and ar.rule_id = r.id and a.status <> 'RULE_VALIDATION' and a.created_at >= now() - interval '30 days') as alerts_30d,
        count(*) over ()::int as count
      from rules r
      join rule_versions v on v.org_id = r.org_id and v.rule_id = r.id and v.version = r.version
      left join queues q on q.org_id = r.org_id and q.id = r.queue_id
      left join agents o on o.id = r.created_by_id
      left join lateral (select * from rule_validations x where x.org_id = r.org_id and x.rule_id = r.id order by x.created_at desc, x.id desc limit 1) lv on true
      left join agents lb on lb.id = lv.created_by_id
      where r.org_id = ${orgId} and ${where}
      ${tail}`,
  );
}

export async function ruleRow(db: SqlRunner, orgId: number, id: number): Promise<RuleRow | undefined> {
  return (await ruleRows(db, orgId, sql`r.id = ${id}`))[0];
}

export function validationRows(db: SqlRunner, orgId: number, where: SQL): Promise<ValidationRow[]> {
  return rows<ValidationRow>(
    db,
    sql`select v.id, v.rule_id, v.status, v.window_start, v.window_end, v.created_at, v.finished_at, v.result,
        v.created_by_id as by_id, a.full_name as by_name
      from rule_validations v left join agents a on a.id = v.created_by_id
      where v.org_id = ${orgId} and ${where} order by v.created_at desc, v.id desc`,
  );
}
