import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { enqueueJob, heartbeat, type ClaimedJob } from '../../jobs/queue.js';
import { wakeWorkers, type JobHandler, type PeriodicTask } from '../../jobs/worker.js';
import { rows, type SqlRunner } from '../../db/sql.js';
import { RESCORE_BATCH, RESCORE_JOB, SCORE_ENTITIES_JOB } from './constants.js';
import { activeModel, entityIdsAfter, evaluateEntities, loadModel, scoreOrganisation, writeScores } from './engine.js';

/**
 * Durable scoring work on the job queue (server/jobs). A rescore walks the organisation's entities
 * in id order, each batch's writes in a transaction that also moves the job's cursor, so a restarted
 * job resumes after the last committed batch and never writes a batch twice.
 */

function orgOf(job: ClaimedJob): number {
  if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
  return job.org_id;
}

/** Queues a rescore of every entity under the model (activation). Returns the job id. */
export async function enqueueRescoreAll(db: SqlRunner, orgId: number, modelId: number, options: { batchSize?: number } = {}): Promise<number> {
  const payload = { model_id: modelId, after_id: 0, scored: 0, batch: options.batchSize ?? RESCORE_BATCH };
  const id = await enqueueJob(db, { orgId, kind: RESCORE_JOB, payload });
  wakeWorkers();
  return id;
}

/**
 * Queues scoring of new or changed entities under the active model. Callers (entity writes,
 * ingestion) call this after their change; with no active model the job does nothing.
 */
export async function enqueueScoreEntities(db: SqlRunner, orgId: number, entityIds: readonly number[]): Promise<void> {
  const ids = [...new Set(entityIds)].filter((n) => Number.isInteger(n));
  if (!ids.length) return;
  await enqueueJob(db, { orgId, kind: SCORE_ENTITIES_JOB, payload: { entity_ids: ids } });
  wakeWorkers();
}

/** The job's cursor: entities up to afterId are done, scored more results written. */
async function moveCursor(tx: SqlRunner, jobId: number, afterId: number, scored: number): Promise<void> {
  await tx.execute(
    sql`update jobs set payload = payload || jsonb_build_object('after_id', ${afterId}::int, 'scored', coalesce((payload->>'scored')::int, 0) + ${scored}::int)
      where id = ${jobId}`,
  );
}

/** One rescore step: the next batch under the model, and the cursor, in one transaction. */
export async function rescoreStep(
  db: Db,
  orgId: number,
  jobId: number,
  modelId: number,
  afterId: number,
  batch = RESCORE_BATCH,
  now?: Date,
): Promise<{ next: number | null; scored: number }> {
  return db.transaction(async (tx) => {
    const ids = await entityIdsAfter(tx, orgId, afterId, batch);
    if (!ids.length) return { next: null, scored: 0 };
    const model = await loadModel(tx, orgId, modelId);
    const results = await evaluateEntities(tx, orgId, model!, ids, { now });
    const scored = await writeScores(tx, orgId, modelId, results, model!.status === 'active');
    const next = ids[ids.length - 1];
    await moveCursor(tx, jobId, next, scored);
    return { next, scored };
  });
}

class ModelNoLongerActive extends Error {}

/**
 * Rescores everyone after the job's cursor. Reads and scoring run ahead on the pool while each
 * batch's results and the cursor are written in one transaction of their own, so a restarted job
 * resumes after the last committed batch and never writes one twice.
 */
const rescoreAll: JobHandler = async (job, ctx) => {
  const orgId = orgOf(job);
  const modelId = Number(job.payload.model_id);
  let after = Number(job.payload.after_id ?? 0);
  let scored = Number(job.payload.scored ?? 0);
  const batch = Number(job.payload.batch ?? RESCORE_BATCH) || RESCORE_BATCH;
  const model = await loadModel(ctx.db, orgId, modelId);
  // a model archived or replaced since the job was queued is not worth finishing
  if (!model || model.status !== 'active') return { stopped: 'model is no longer active', after_id: after, scored };
  try {
    await scoreOrganisation(
      ctx.db,
      orgId,
      model,
      async (results, lastId) => {
        const written = await ctx.db.transaction(async (tx) => {
          const current = await loadModel(tx, orgId, modelId);
          if (current?.status !== 'active') throw new ModelNoLongerActive();
          const n = await writeScores(tx, orgId, modelId, results, true);
          await moveCursor(tx, job.id, lastId, n);
          return n;
        });
        after = lastId;
        scored += written;
        await heartbeat(ctx.db, job.id, ctx.workerId);
      },
      { afterId: after, batchSize: batch },
    );
  } catch (e) {
    if (e instanceof ModelNoLongerActive) return { stopped: 'model is no longer active', after_id: after, scored };
    throw e;
  }
  return { after_id: after, scored };
};

const scoreSome: JobHandler = async (job, ctx) => {
  const orgId = orgOf(job);
  const ids = Array.isArray(job.payload.entity_ids) ? job.payload.entity_ids.map(Number).filter((n) => Number.isInteger(n)) : [];
  const model = await activeModel(ctx.db, orgId);
  if (!model || !ids.length) return { scored: 0 };
  const scored = await ctx.db.transaction(async (tx) => writeScores(tx, orgId, model.id, await evaluateEntities(tx, orgId, model, ids), true));
  return { scored };
};

/**
 * Ages and 12-month windows move every day, and the unscored tooltip promises a score within 24
 * hours: each organisation's active model rescores everyone once a day (unless a rescore is on its way).
 */
export async function scheduleDailyRescores(db: Db): Promise<number> {
  const due = await rows<{ org_id: number; id: number }>(
    db,
    sql`select m.org_id, m.id from risk_models m where m.status = 'active'
      and not exists (select 1 from jobs j where j.org_id = m.org_id and j.kind = ${RESCORE_JOB} and j.status in ('queued', 'running'))
      order by m.org_id`,
  );
  for (const m of due) await enqueueRescoreAll(db, m.org_id, m.id);
  return due.length;
}

export function dailyRescoreTask(everyMs: number): PeriodicTask {
  return { name: 'risk-daily-rescore', everyMs, run: async ({ db }) => void (await scheduleDailyRescores(db)) };
}

export const riskJobHandlers: Record<string, JobHandler> = { [RESCORE_JOB]: rescoreAll, [SCORE_ENTITIES_JOB]: scoreSome };
