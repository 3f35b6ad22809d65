import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client.js';
import { firstRow } from '../../../server/db/sql.js';

/**
 * Small builders for the risk engine tests: entities with exactly the data a test states, and the
 * alerts, cases, SARs and rule links that the count metrics read. Every row is created in the
 * test's own copy of the seeded database, in organisation 1.
 */

export const ORG = 1;
/** The engine tests' clock: ages and 12-month windows are computed from here. */
export const NOW = new Date('2026-11-01T00:00:00Z');

let n = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${++n}`;

async function id(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return (await firstRow<{ id: number }>(db, query))!.id;
}

export async function settingId(db: Db, keyPath: string): Promise<number> {
  return id(db, sql`select id from data_settings where org_id = ${ORG} and key_path = ${keyPath}`);
}

export interface EntitySpec {
  type?: 'user' | 'business';
  status?: string;
  registered?: string | null;
  created?: string;
  /** data setting id to formatted_value */
  data?: Record<number, string | number | boolean>;
}

export async function entity(db: Db, spec: EntitySpec = {}): Promise<number> {
  const data = Object.fromEntries(Object.entries(spec.data ?? {}).map(([k, v]) => [k, { formatted_value: v }]));
  return id(
    db,
    sql`insert into entities (org_id, external_id, entity_type, name_readable, status, formatted_data, registered_at, created_at)
      values (${ORG}, ${unique('risk-entity')}, ${spec.type ?? 'user'}, 'Risk test', ${spec.status ?? 'ACTIVE'}, ${JSON.stringify(data)}::jsonb,
        ${spec.registered === undefined ? '2020-01-01T00:00:00Z' : spec.registered}, ${spec.created ?? '2020-01-01T00:00:00Z'})
      returning id`,
  );
}

export interface AlertSpec {
  status?: string;
  disposition?: string | null;
  type?: string;
  created?: string;
  ruleIds?: number[];
}

export async function alertFor(db: Db, entityId: number, spec: AlertSpec = {}): Promise<number> {
  const alertId = await id(
    db,
    sql`insert into alerts (org_id, title, status, alert_type, disposition, created_at)
      values (${ORG}, 'Risk test alert', ${spec.status ?? 'CLOSED'}, ${spec.type ?? 'TRANSACTION_MONITORING'},
        ${spec.disposition === undefined ? 'TRUE_POSITIVE' : spec.disposition}, ${spec.created ?? '2026-06-01T00:00:00Z'})
      returning id`,
  );
  await db.execute(sql`insert into alert_entities (org_id, alert_id, entity_id) values (${ORG}, ${alertId}, ${entityId})`);
  for (const ruleId of spec.ruleIds ?? []) await db.execute(sql`insert into alert_rules (org_id, alert_id, rule_id) values (${ORG}, ${alertId}, ${ruleId})`);
  return alertId;
}

export async function caseFor(db: Db, entityId: number, spec: { status?: string; disposition?: string | null; created?: string } = {}): Promise<number> {
  const caseId = await id(
    db,
    sql`insert into cases (org_id, title, status, disposition, created_at)
      values (${ORG}, 'Risk test case', ${spec.status ?? 'CLOSED'}, ${spec.disposition === undefined ? 'TRUE_POSITIVE' : spec.disposition},
        ${spec.created ?? '2026-06-01T00:00:00Z'})
      returning id`,
  );
  await db.execute(sql`insert into case_entities (org_id, case_id, entity_id) values (${ORG}, ${caseId}, ${entityId})`);
  return caseId;
}

export async function sarFor(db: Db, entityId: number, status: string, created = '2026-06-01T00:00:00Z'): Promise<number> {
  const caseId = await caseFor(db, entityId, { status: 'OPEN', disposition: null });
  return id(
    db,
    sql`insert into sars (org_id, name, status, case_id, created_at) values (${ORG}, 'Risk test SAR', ${status}, ${caseId}, ${created}) returning id`,
  );
}

export async function rule(db: Db): Promise<number> {
  return id(db, sql`insert into rules (org_id, title, status) values (${ORG}, ${unique('Risk test rule')}, 'ACTIVE') returning id`);
}

type Mapping = { risk: number; content: Record<string, unknown> };
export const gt = (value: number, risk: number): Mapping => ({ risk, content: { operator: 'greater_than', value } });
export const lt = (value: number, risk: number): Mapping => ({ risk, content: { operator: 'less_than', value } });
export const eq = (value: string | number, risk: number): Mapping => ({ risk, content: { operator: 'equal_to', value } });
export const ne = (value: string | number, risk: number): Mapping => ({ risk, content: { operator: 'not_equal_to', value } });
export const between = (start: number, end: number, risk: number): Mapping => ({ risk, content: { operator: 'in_between', start, end } });

export interface MetricSpec {
  metric: string;
  metric_type?: 'text' | 'number';
  unknown_risk?: number;
  unscored_risk?: number | null;
  custom_data_setting_id?: number | null;
  risk_mappings: Mapping[];
}

export const param = (id: number, parameter_type: string, weight: number, metrics: MetricSpec[], parameter_args: Record<string, unknown> = {}) => ({
  id,
  parameter_type,
  weight,
  parameter_args,
  metrics: metrics.map((m) => ({ metric_type: 'number', unscored_risk: null, custom_data_setting_id: null, ...m })),
});

/** A one-segment model (no filters) around the given parameters; not stored. */
export const model = (parameters: unknown[], extra: Record<string, unknown> = {}) => ({
  id: 0,
  high_risk_floor: 80,
  low_risk_ceiling: 40,
  segments: [{ id: 1, title: 'Everyone', filters: [], parameters }],
  ...extra,
});

export async function storedModel(db: Db, segments: unknown[], status = 'draft'): Promise<number> {
  return id(
    db,
    sql`insert into risk_models (org_id, title, status, segments, high_risk_floor, low_risk_ceiling)
      values (${ORG}, ${unique('Risk test model')}, ${status}, ${JSON.stringify(segments)}::jsonb, 80, 40) returning id`,
  );
}
