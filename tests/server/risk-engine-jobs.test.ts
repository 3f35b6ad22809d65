import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client.js';
import {
  enqueueRescoreAll,
  enqueueScoreEntities,
  RESCORE_JOB,
  rescoreStep,
  riskJobHandlers,
  runValidation,
  SCORE_ENTITIES_JOB,
} from '../../server/domain/risk/index.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { firstRow, rows } from '../../server/db/sql.js';
import { cloneTemplate } from './helpers/template.js';
import { entity, lt, NOW, ORG, param, settingId, storedModel } from './helpers/risk-fixtures.js';

/**
 * Validation and the durable scoring jobs over a real organisation: the distribution of a run over
 * every entity, a rescore that resumes from its cursor after a crash without writing a batch twice,
 * and new entities scored under the active model.
 */

let database: Database;
beforeAll(async () => {
  database = await cloneTemplate();
});
afterAll(() => database.close());

const one = async <T>(q: ReturnType<typeof sql>) => (await firstRow<T>(database.db, q))!;
const runClaimed = async (kind: string) => {
  const job = await claimJob(database.db, 'risk-test-worker', [kind], 15);
  if (!job) throw new Error(`no ${kind} job to claim`);
  const result = await riskJobHandlers[kind](job, { db: database.db, dataDir: '.tmp/unused', workerId: 'risk-test-worker' });
  await completeJob(database.db, job.id, 'risk-test-worker', result);
  return { job, result };
};
const ageModel = [param(1, 'new_member_risk', 0.5, [{ metric: 'account_age_months', unknown_risk: 100, risk_mappings: [lt(3, 100), lt(9, 60)] }])];

describe('validation', () => {
  it('scores every entity of the organisation and reports the Low / Medium / High distribution; the filters leave the rest out', async () => {
    const occupation = await settingId(database.db, 'entity.occupation');
    const tag = { [occupation]: 'risk validation pilot' };
    await entity(database.db, { registered: '2026-10-01T00:00:00Z', data: tag }); // 100: high
    await entity(database.db, { registered: '2026-05-01T00:00:00Z', data: tag }); // 6 months: 60, medium
    await entity(database.db, { registered: '2020-01-01T00:00:00Z', data: tag }); // unscored risk 0: low
    const modelId = await storedModel(database.db, [
      { id: 's', title: 'Pilots', filters: [{ data_setting_id: occupation, operator: 'equal_to', value: 'risk validation pilot' }], parameters: ageModel },
    ]);
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from entities where org_id = ${ORG}`);
    expect(await runValidation(database.db, ORG, modelId, { now: NOW })).toEqual({ low: 1, medium: 1, high: 1, total: n, excluded: n - 3 });
    // validation writes no scores
    expect(await one<{ n: number }>(sql`select count(*)::int as n from risk_score_results where risk_model_id = ${modelId}`)).toEqual({ n: 0 });
  });
});

describe('rescoring', () => {
  it('rescores everyone under the activated model in resumable batches: a crash after one batch loses and repeats nothing', async () => {
    const seededActive = await one<{ id: number }>(sql`select id from risk_models where org_id = ${ORG} and status = 'active'`);
    const modelId = await storedModel(database.db, [{ id: 'all', title: 'Everyone', filters: [], parameters: ageModel }]);
    await database.db.execute(sql`update risk_models set status = 'archived' where id = ${seededActive.id}`);
    await database.db.execute(sql`update risk_models set status = 'active' where id = ${modelId}`);
    const jobId = await enqueueRescoreAll(database.db, ORG, modelId, { batchSize: 50 });

    // a worker commits the first batch and dies: the cursor moved with the batch
    const first = await rescoreStep(database.db, ORG, jobId, modelId, 0, 50);
    const payload = await one<{ after_id: number; scored: number }>(
      sql`select (payload->>'after_id')::int as after_id, (payload->>'scored')::int as scored from jobs where id = ${jobId}`,
    );
    expect(payload).toEqual({ after_id: first.next, scored: 50 });

    const { job, result } = await runClaimed(RESCORE_JOB);
    expect(job.id).toBe(jobId);
    const { n } = await one<{ n: number }>(sql`select count(*)::int as n from entities where org_id = ${ORG}`);
    expect(result).toMatchObject({ scored: n });
    const written = await one<{ rows: number; entities: number }>(
      sql`select count(*)::int as rows, count(distinct entity_id)::int as entities from risk_score_results where risk_model_id = ${modelId}`,
    );
    expect(written).toEqual({ rows: n, entities: n });
    // entity_risk_scores mirrors the active model's new score for every entity
    const mismatched = await rows(
      database.db,
      sql`select e.id from entities e join risk_score_results r on r.entity_id = e.id and r.risk_model_id = ${modelId}
        left join entity_risk_scores s on s.org_id = e.org_id and s.entity_id = e.id
        where e.org_id = ${ORG} and s.score is distinct from r.score`,
    );
    expect(mismatched).toEqual([]);
  });

  it('stops a rescore whose model is no longer active, writing nothing more', async () => {
    const modelId = await storedModel(database.db, [{ id: 'all', title: 'Everyone', filters: [], parameters: ageModel }], 'archived');
    await enqueueRescoreAll(database.db, ORG, modelId, { batchSize: 50 });
    const { result } = await runClaimed(RESCORE_JOB);
    expect(result).toEqual({ stopped: 'model is no longer active', after_id: 0, scored: 0 });
    expect(await one<{ n: number }>(sql`select count(*)::int as n from risk_score_results where risk_model_id = ${modelId}`)).toEqual({ n: 0 });
  });

  it('scores new and changed entities under the active model, and does nothing when none is active', async () => {
    const active = await one<{ id: number }>(sql`select id from risk_models where org_id = ${ORG} and status = 'active'`);
    const fresh = await entity(database.db, { registered: new Date(Date.now() - 10 * 86400_000).toISOString() });
    await enqueueScoreEntities(database.db, ORG, [fresh, fresh]);
    expect(await one(sql`select payload from jobs where kind = ${SCORE_ENTITIES_JOB} order by id desc limit 1`)).toEqual({ payload: { entity_ids: [fresh] } });
    expect((await runClaimed(SCORE_ENTITIES_JOB)).result).toEqual({ scored: 1 });
    const stored = await one<{ score: number; risk_score: number; segment: string }>(
      sql`select r.score::float8 as score, s.score::float8 as risk_score, r.snapshot->>'entity_segment_title' as segment
        from risk_score_results r join entity_risk_scores s on s.org_id = r.org_id and s.entity_id = r.entity_id where r.entity_id = ${fresh} and r.risk_model_id = ${active.id}`,
    );
    expect(stored).toEqual({ score: 100, risk_score: 100, segment: 'Everyone' });

    await database.db.execute(sql`update risk_models set status = 'archived' where id = ${active.id}`);
    await enqueueScoreEntities(database.db, ORG, [fresh]);
    expect((await runClaimed(SCORE_ENTITIES_JOB)).result).toEqual({ scored: 0 });
  });
});
