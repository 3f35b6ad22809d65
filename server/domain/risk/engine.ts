import { sql } from 'drizzle-orm';
import { firstRow, rows, type SqlRunner } from '../../lib/sql.js';
import { RESCORE_BATCH } from './constants.js';
import { scoreOne } from './evaluate.js';
import { addressSettingId, loadFacts } from './facts.js';
import type { ScoringContext } from './facts.types.js';
import { engineModel } from './model.js';
import type { EngineModel, RiskModelInput, ScoreResult, ValidationDistribution } from './types.js';

/** The engine's entry points: score a set of entities, validate a model, write results. */

export interface ScoreOptions {
  /** the clock for ages and 12-month counts (default: now) */
  now?: Date;
}

async function contextFor(db: SqlRunner, orgId: number, options: ScoreOptions): Promise<ScoringContext> {
  return { now: (options.now ?? new Date()).getTime(), address_setting_id: await addressSettingId(db, orgId) };
}

async function scoreBatch(db: SqlRunner, orgId: number, model: EngineModel, ids: readonly number[], ctx: ScoringContext): Promise<ScoreResult[]> {
  const facts = await loadFacts(db, orgId, model, ids, ctx);
  return facts.map((f) => scoreOne(model, f, ctx));
}

/**
 * Scores entities of one organisation under a model (no writes). Entities that do not exist in the
 * organisation are left out; those no segment takes come back with score null.
 */
export async function scoreEntities(db: SqlRunner, orgId: number, model: RiskModelInput, entityIds: readonly number[], options: ScoreOptions = {}): Promise<ScoreResult[]> {
  const m = engineModel(model);
  const ctx = await contextFor(db, orgId, options);
  const out: ScoreResult[] = [];
  for (let i = 0; i < entityIds.length; i += RESCORE_BATCH) out.push(...(await scoreBatch(db, orgId, m, entityIds.slice(i, i + RESCORE_BATCH), ctx)));
  return out;
}

export interface StoredModel extends RiskModelInput {
  status: string;
}

export async function loadModel(db: SqlRunner, orgId: number, modelId: number): Promise<StoredModel | undefined> {
  return firstRow<StoredModel>(
    db,
    sql`select id, status, segments, high_risk_floor::float8 as high_risk_floor, low_risk_ceiling::float8 as low_risk_ceiling
      from risk_models where org_id = ${orgId} and id = ${modelId}`,
  );
}

export async function activeModel(db: SqlRunner, orgId: number): Promise<StoredModel | undefined> {
  return firstRow<StoredModel>(
    db,
    sql`select id, status, segments, high_risk_floor::float8 as high_risk_floor, low_risk_ceiling::float8 as low_risk_ceiling
      from risk_models where org_id = ${orgId} and status = 'active' limit 1`,
  );
}

/** The next batch of entity ids after a cursor, in id order (keyset paging over the unique (org_id, id) index). */
export async function entityIdsAfter(db: SqlRunner, orgId: number, afterId: number, limit = RESCORE_BATCH): Promise<number[]> {
  const found = await rows<{ id: number }>(db, sql`select id from entities where org_id = ${orgId} and id > ${afterId} order by id limit ${limit}`);
  return found.map((r) => r.id);
}

/**
 * Scores every entity of the organisation in id order, a batch at a time. The next batch's reads
 * are started before the current batch is scored, so the database and the scoring overlap.
 */
export async function scoreOrganisation(
  db: SqlRunner,
  orgId: number,
  model: RiskModelInput,
  onBatch: (results: ScoreResult[]) => Promise<void> | void,
  options: ScoreOptions & { batchSize?: number } = {},
): Promise<number> {
  const m = engineModel(model);
  const ctx = await contextFor(db, orgId, options);
  const size = options.batchSize ?? RESCORE_BATCH;
  let ids = await entityIdsAfter(db, orgId, 0, size);
  let pending = ids.length ? loadFacts(db, orgId, m, ids, ctx) : null;
  let count = 0;
  while (pending) {
    const facts = await pending;
    ids = await entityIdsAfter(db, orgId, ids[ids.length - 1]!, size);
    pending = ids.length ? loadFacts(db, orgId, m, ids, ctx) : null;
    count += facts.length;
    await onBatch(facts.map((f) => scoreOne(m, f, ctx)));
  }
  return count;
}

/**
 * A real run over every entity of the organisation under the model (spec: validation), without
 * writing scores: the distribution across Low / Medium / High by the model's own thresholds.
 */
export async function runValidation(db: SqlRunner, orgId: number, modelId: number, options: ScoreOptions = {}): Promise<ValidationDistribution> {
  const stored = await loadModel(db, orgId, modelId);
  if (!stored) throw new Error(`risk model ${modelId} not found in organisation ${orgId}`);
  const tally: ValidationDistribution = { low: 0, medium: 0, high: 0, total: 0, excluded: 0 };
  await scoreOrganisation(
    db,
    orgId,
    stored,
    (results) => {
      for (const r of results) {
        tally.total++;
        if (r.category) tally[r.category]++;
        else tally.excluded++;
      }
    },
    options,
  );
  return tally;
}

/**
 * Stores results: one risk_score_results row per scored entity, and, when the model is the active
 * one, entities.risk_score mirrors the new score (null for entities the model's filters exclude,
 * which are unscored). One insert and one update per batch.
 */
export async function writeScores(db: SqlRunner, orgId: number, modelId: number, results: readonly ScoreResult[], mirror: boolean): Promise<number> {
  const scored = results.filter((r) => r.score !== null);
  if (scored.length) {
    const payload = JSON.stringify(scored.map((r) => ({ entity_id: r.entityId, score: r.score, snapshot: r.snapshot })));
    await db.execute(
      sql`insert into risk_score_results (org_id, entity_id, risk_model_id, score, snapshot)
        select ${orgId}, x.entity_id, ${modelId}, x.score, x.snapshot
        from jsonb_to_recordset(${payload}::jsonb) as x(entity_id int, score numeric, snapshot jsonb)`,
    );
  }
  if (mirror && results.length) {
    await db.execute(
      // one JSON parameter rather than arrays: postgres-js cannot bind a numeric[] holding nulls
      sql`update entities e set risk_score = x.score
        from jsonb_to_recordset(${JSON.stringify(results.map((r) => ({ id: r.entityId, score: r.score })))}::jsonb) as x(id int, score numeric)
        where e.org_id = ${orgId} and e.id = x.id and e.risk_score is distinct from x.score`,
    );
  }
  return scored.length;
}
