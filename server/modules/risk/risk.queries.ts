import { sql, type SQL } from 'drizzle-orm';
import { firstRow, rows, type SqlRunner, preparedRows, textArray, type Ts } from '../../db/sql.js';
import { engineModel } from '../../domain/risk/model.js';
import type { EngineModel } from '../../domain/risk/types.js';
import { riskSegments, type ModelIds, type RiskModelRow } from './risk.mappers.js';

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

export interface LatestScoreRow {
  external_id: string;
  model_id: number | null;
  model_title: string | null;
  score: number | null;
  created_at: Ts | null;
  snapshot: unknown;
}

/**
 * The latest result of each requested entity under the organisation's active model, with the
 * model's id and title, in one round trip. Each entity is one descent of
 * risk_score_results_latest_idx (org, entity, model, newest first), however many results it has.
 */
export function latestScoreRows(db: SqlRunner, orgId: number, externalIds: readonly string[]): Promise<LatestScoreRow[]> {
  // the ids are one array parameter, so the text never changes: prepared on PostgreSQL
  return preparedRows<LatestScoreRow>(
    db,
    sql`select e.external_id, m.id as model_id, m.title as model_title, r.score, r.created_at, r.snapshot
      from entities e
      left join risk_models m on m.org_id = e.org_id and m.status = 'active'
      left join lateral (select rs.score::float8 as score, rs.created_at, rs.snapshot from risk_score_results rs
        where rs.org_id = e.org_id and rs.entity_id = e.id and rs.risk_model_id = m.id
        order by rs.created_at desc, rs.id desc limit 1) r on true
      where e.org_id = ${orgId} and e.external_id = any(${textArray(externalIds)})`,
  );
}

export interface ScoringModel {
  /** contract ids of the model's segments and parameters (risk.mappers.ts) */
  ids: ModelIds;
  /** the engine's view, to rebuild lean traces */
  engine: EngineModel;
}

// A model that is not a draft never changes (only drafts are saved), so what a score's trace
// needs from it is read once per model id and kept; a few models per organisation at most.
const scoringModels = new Map<number, ScoringModel>();
const SCORING_MODELS_KEPT = 64;

/** The segments of a model that is not a draft, read once and kept (see above). */
export async function scoringModel(db: SqlRunner, orgId: number, modelId: number): Promise<ScoringModel | undefined> {
  const kept = scoringModels.get(modelId);
  if (kept) return kept;
  const row = await firstRow<{ segments: unknown; status: string; high_risk_floor: number; low_risk_ceiling: number }>(
    db,
    sql`select segments, status, high_risk_floor::float8 as high_risk_floor, low_risk_ceiling::float8 as low_risk_ceiling
      from risk_models where org_id = ${orgId} and id = ${modelId}`,
  );
  if (!row) return undefined;
  const model: ScoringModel = { ids: riskSegments(row.segments).ids, engine: engineModel({ id: modelId, ...row }) };
  if (row.status !== 'draft') {
    if (scoringModels.size >= SCORING_MODELS_KEPT) scoringModels.delete(scoringModels.keys().next().value!);
    scoringModels.set(modelId, model);
  }
  return model;
}
