import { sql } from 'drizzle-orm';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { RESCORE_BATCH } from './constants.js';
import { evaluateOne } from './evaluate.js';
import { addressSettingId, loadFacts } from './facts.js';
import type { ScoringContext } from './facts.types.js';
import { engineModel } from './model.js';
import { withTrace } from './trace.js';
import type { EngineModel, Evaluated, RiskModelInput, ScoreResult, ValidationDistribution } from './types.js';

/** The engine's entry points: score a set of entities, validate a model, write results. */

export interface ScoreOptions {
  /** the clock for ages and 12-month counts (default: now) */
  now?: Date;
}

async function contextFor(db: SqlRunner, orgId: number, options: ScoreOptions): Promise<ScoringContext> {
  return { now: (options.now ?? new Date()).getTime(), address_setting_id: await addressSettingId(db, orgId) };
}

async function evaluateBatch(db: SqlRunner, orgId: number, model: EngineModel, ids: readonly number[], ctx: ScoringContext): Promise<Evaluated[]> {
  const facts = await loadFacts(db, orgId, model, ids, ctx);
  return facts.map((f) => evaluateOne(model, f, ctx));
}

/** Scores entities of one organisation under a model (no writes), in the form writeScores stores. */
export async function evaluateEntities(
  db: SqlRunner,
  orgId: number,
  model: RiskModelInput,
  entityIds: readonly number[],
  options: ScoreOptions = {},
): Promise<Evaluated[]> {
  const m = engineModel(model);
  const ctx = await contextFor(db, orgId, options);
  const out: Evaluated[] = [];
  for (let i = 0; i < entityIds.length; i += RESCORE_BATCH) out.push(...(await evaluateBatch(db, orgId, m, entityIds.slice(i, i + RESCORE_BATCH), ctx)));
  return out;
}

/**
 * Scores entities of one organisation under a model (no writes), each with its full trace.
 * Entities that do not exist in the organisation are left out; those no segment takes come back
 * with score null.
 */
export async function scoreEntities(
  db: SqlRunner,
  orgId: number,
  model: RiskModelInput,
  entityIds: readonly number[],
  options: ScoreOptions = {},
): Promise<ScoreResult[]> {
  const m = engineModel(model);
  return (await evaluateEntities(db, orgId, model, entityIds, options)).map((e) => withTrace(m, e));
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

/** A promise whose rejection is reported where it is awaited, not as unhandled while other work runs. */
function quiet<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/**
 * Scores every entity of the organisation in id order, a batch at a time, and hands each batch to
 * onBatch. The database is kept busy while this process scores: the next batch's reads and the
 * previous batch's onBatch (its writes) are under way while the current batch is scored, and entity
 * ids are read ten batches at a time. One onBatch runs at a time, in id order, with the batch's
 * last entity id (a cursor to resume after).
 */
export async function scoreOrganisation(
  db: SqlRunner,
  orgId: number,
  model: RiskModelInput,
  onBatch: (results: Evaluated[], lastId: number) => Promise<void> | void,
  options: ScoreOptions & { batchSize?: number; afterId?: number } = {},
): Promise<number> {
  const m = engineModel(model);
  const ctx = await contextFor(db, orgId, options);
  const size = options.batchSize ?? RESCORE_BATCH;
  let queued: number[] = [];
  let after = options.afterId ?? 0;
  let exhausted = false;
  const nextBatch = async (): Promise<number[]> => {
    if (queued.length < size && !exhausted) {
      const more = await entityIdsAfter(db, orgId, after, size * 10);
      exhausted = more.length < size * 10;
      if (more.length) after = more[more.length - 1]!;
      queued = queued.concat(more);
    }
    return queued.splice(0, size);
  };
  const load = (ids: number[]) => (ids.length ? { lastId: ids[ids.length - 1], facts: quiet(loadFacts(db, orgId, m, ids, ctx)) } : null);
  let pending = load(await nextBatch());
  let writing: Promise<void> | null = null;
  let count = 0;
  while (pending) {
    const { lastId } = pending;
    const facts = await pending.facts;
    pending = load(await nextBatch());
    count += facts.length;
    const results = facts.map((f) => evaluateOne(m, f, ctx));
    await writing;
    writing = quiet(Promise.resolve(onBatch(results, lastId)));
  }
  await writing;
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
 * Stores results: one risk_score_results row per scored entity with the lean snapshot, and, when
 * the model is the active one, entity_risk_scores mirrors the new score (null for entities the
 * model's filters exclude, which are unscored). One insert (from arrays bound as parameters) and
 * one upsert of the narrow score rows per batch.
 */
export async function writeScores(db: SqlRunner, orgId: number, modelId: number, results: readonly Evaluated[], mirror: boolean): Promise<number> {
  const ids: number[] = [];
  const scores: number[] = [];
  const snapshots: string[] = [];
  for (const r of results) {
    if (r.score === null || !r.stored) continue;
    ids.push(r.entityId);
    scores.push(r.score);
    snapshots.push(JSON.stringify(r.stored));
  }
  if (ids.length) {
    await db.execute(
      sql`insert into risk_score_results (org_id, entity_id, risk_model_id, score, snapshot)
        select ${orgId}, x.entity_id, ${modelId}, x.score, x.snapshot::jsonb
        from unnest(${sql.param(ids)}::int[], ${sql.param(scores)}::float8[], ${sql.param(snapshots)}::text[]) as x(entity_id, score, snapshot)`,
    );
  }
  if (mirror && results.length) {
    // one JSON parameter rather than arrays: postgres-js cannot bind a numeric array holding nulls
    await db.execute(
      sql`insert into entity_risk_scores as s (org_id, entity_id, score)
        select ${orgId}, x.id, x.score from jsonb_to_recordset(${JSON.stringify(results.map((r) => ({ id: r.entityId, score: r.score })))}::jsonb) as x(id int, score numeric)
        on conflict (org_id, entity_id) do update set score = excluded.score where s.score is distinct from excluded.score`,
    );
  }
  return ids.length;
}
