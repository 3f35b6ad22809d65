import { sql, type SQL } from 'drizzle-orm';
import { firstRow, rows, type SqlRunner } from '../lib/sql.js';
import type { RiskModelRow } from './risk.mappers.js';

/** Reads of risk models in the shape riskModel() maps, always scoped to the caller's organisation. */

const SELECT = sql`select m.id, m.title, m.description, m.status, m.high_risk_floor::float8 as high_risk_floor,
  m.low_risk_ceiling::float8 as low_risk_ceiling, m.segments, m.last_validation_status, m.last_validated_at,
  m.last_validation_result, m.created_at, m.updated_at, m.activated_at, m.created_by_id, a.full_name as created_by_name
  from risk_models m left join agents a on a.id = m.created_by_id`;

export function riskModelRow(db: SqlRunner, orgId: number, id: number): Promise<RiskModelRow | undefined> {
  return firstRow<RiskModelRow>(db, sql`${SELECT} where m.org_id = ${orgId} and m.id = ${id}`);
}

export function activeRiskModelRow(db: SqlRunner, orgId: number): Promise<RiskModelRow | undefined> {
  return firstRow<RiskModelRow>(db, sql`${SELECT} where m.org_id = ${orgId} and m.status = 'active' limit 1`);
}

export function riskModelRows(db: SqlRunner, orgId: number): Promise<RiskModelRow[]> {
  return rows<RiskModelRow>(
    db,
    sql`${SELECT} where m.org_id = ${orgId}
      order by case m.status when 'active' then 0 when 'draft' then 1 else 2 end, m.updated_at desc, m.id desc`,
  );
}

export interface NewRiskModel {
  title: string;
  description: string | null;
  high_risk_floor: number;
  low_risk_ceiling: number;
  segments: unknown;
}

export async function insertRiskModel(db: SqlRunner, orgId: number, agentId: number, m: NewRiskModel): Promise<number> {
  const row = await firstRow<{ id: number }>(
    db,
    sql`insert into risk_models (org_id, title, description, status, high_risk_floor, low_risk_ceiling, segments, created_by_id)
      values (${orgId}, ${m.title}, ${m.description}, 'draft', ${m.high_risk_floor}, ${m.low_risk_ceiling},
        ${JSON.stringify(m.segments)}::jsonb, ${agentId})
      returning id`,
  );
  return row!.id;
}

/**
 * Updates a model only while it is in one of the given lifecycle conditions, so a request racing a
 * validation or an activation changes nothing. Answers whether a row changed.
 */
export async function updateRiskModelWhere(db: SqlRunner, orgId: number, id: number, set: SQL, condition: SQL): Promise<boolean> {
  const row = await firstRow<{ id: number }>(
    db,
    sql`update risk_models set ${set}, updated_at = now() where org_id = ${orgId} and id = ${id} and (${condition}) returning id`,
  );
  return row !== undefined;
}

/** A draft that may be edited, validated or archived: its last validation is not queued or running. */
export const EDITABLE_DRAFT = sql`status = 'draft' and coalesce(last_validation_status, '') not in ('queued', 'in_progress')`;

/** Data setting ids among `ids` that do not exist in the organisation. */
export async function unknownDataSettings(db: SqlRunner, orgId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await rows<{ id: number }>(
    db,
    sql`select id from data_settings where org_id = ${orgId} and id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
  const known = new Set(found.map((r) => r.id));
  return ids.filter((i) => !known.has(i));
}

/** A unique-index violation on the given index, however the driver wraps it. */
export function violates(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const err = e as { code?: string; constraint?: string; constraint_name?: string; message?: string };
    if (err.code === '23505' && (err.constraint === constraint || err.constraint_name === constraint || err.message?.includes(constraint))) return true;
  }
  return false;
}
