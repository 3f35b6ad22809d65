import { sql } from 'drizzle-orm';
import { enqueueJob, heartbeat } from '../../jobs/queue.js';
import { wakeWorkers, type JobHandler, type PeriodicTask } from '../../jobs/worker.js';
import { isEmbedded } from '../../db/client.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { detectEvents } from './detect.js';
import { RULE_VALIDATION_JOB, runRuleValidation } from './backtest.js';
import type { EventKind } from './store.js';

/**
 * Detection on the job queue. Whatever stores events (flat-file ingestion now, any later ingest
 * path) calls `enqueueDetection` in the transaction that stores them, so the events and the work
 * of evaluating them commit together; the job evaluates them in one transaction of its own. A job
 * that dies is claimed again and evaluates the same events again, which the ledger makes harmless.
 */

export const DETECT_JOB = 'detection.evaluate';

/** Queues the evaluation of stored events, when the organisation has a live rule for their kind. */
export async function enqueueDetection(tx: SqlRunner, orgId: number, kind: EventKind, ids: readonly number[]): Promise<number | null> {
  if (!ids.length) return null;
  const live = await firstRow<{ n: number }>(
    tx,
    sql`select count(*)::int as n from rules r join rule_versions v on v.org_id = r.org_id and v.rule_id = r.id and v.version = r.version
      where r.org_id = ${orgId} and r.status in ('ACTIVE', 'ACTIVE_SHADOW') and v.spec->>'event_type' = ${kind}`,
  );
  if (!live?.n) return null;
  const id = await enqueueJob(tx, { orgId, kind: DETECT_JOB, payload: { event_type: kind, ids: [...ids] } });
  wakeWorkers();
  return id;
}

/** Queues a rule validation run (its row already written, QUEUED). */
export async function enqueueRuleValidation(tx: SqlRunner, orgId: number, validationId: number): Promise<number> {
  const id = await enqueueJob(tx, { orgId, kind: RULE_VALIDATION_JOB, payload: { validation_id: validationId }, maxAttempts: 3 });
  wakeWorkers();
  return id;
}

/**
 * Detection jobs a run takes over from the queue: their events are judged with its own, the
 * histories read once for all. A run's histories reach back the rules' longest window whatever its
 * size, so larger runs read the same rows fewer times. On PGlite a run is one transaction on the one
 * connection, during which the console waits: ten jobs keep it to seconds. On PostgreSQL the
 * console has other connections and a run takes up to forty (200,000 events).
 */
export const DETECT_JOBS_PER_RUN = { embedded: 10, server: 40 } as const;

const idsOf = (payload: Record<string, unknown>): number[] => (Array.isArray(payload.ids) ? payload.ids.filter((n): n is number => Number.isInteger(n)) : []);

/**
 * Takes over the organisation's next queued detection jobs of the same kind (a file's later
 * batches, when the run starts after them), marking them done in the run's transaction: if the run
 * fails or its process dies, they are queued again with it.
 */
async function takeQueued(tx: SqlRunner, orgId: number, kind: EventKind, self: number, perRun: number): Promise<{ ids: number[]; jobs: number }> {
  const taken = await rows<{ payload: Record<string, unknown> }>(
    tx,
    sql`with picked as (select id from jobs where kind = ${DETECT_JOB} and org_id = ${orgId} and status = 'queued' and run_at <= now()
          and id <> ${self} and payload->>'event_type' = ${kind}
        order by id limit ${perRun - 1} for update skip locked)
      update jobs j set status = 'succeeded', finished_at = now(), result = jsonb_build_object('taken_by', ${self}::int)
      from picked where j.id = picked.id returning j.payload`,
  );
  return { ids: taken.flatMap((t) => idsOf(t.payload)), jobs: taken.length };
}

/** How often a running validation or detection renews its claim, well inside the worker's lease. */
const HEARTBEAT_MS = 5_000;

export const detectionJobHandlers: Record<string, JobHandler> = {
  [RULE_VALIDATION_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const timer = setInterval(() => void heartbeat(ctx.db, job.id, ctx.workerId).catch(() => {}), HEARTBEAT_MS);
    try {
      return { status: await runRuleValidation(ctx.db, job.org_id, Number(job.payload.validation_id), job.attempts >= job.max_attempts) };
    } finally {
      clearInterval(timer);
    }
  },
  [DETECT_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const kind = job.payload.event_type === 'ACTION_EVENT' ? 'ACTION_EVENT' : 'TRANSACTION';
    const orgId = job.org_id;
    const timer = setInterval(() => void heartbeat(ctx.db, job.id, ctx.workerId).catch(() => {}), HEARTBEAT_MS);
    try {
      return await ctx.db.transaction(async (tx) => {
        const taken = await takeQueued(tx, orgId, kind, job.id, isEmbedded(ctx.db) ? DETECT_JOBS_PER_RUN.embedded : DETECT_JOBS_PER_RUN.server);
        return { ...(await detectEvents(tx, orgId, kind, [...idsOf(job.payload), ...taken.ids])), jobs_taken: taken.jobs };
      });
    } finally {
      clearInterval(timer);
    }
  },
};

/**
 * Validation runs left queued or in progress with no job that will move them on (restored data, the
 * demo data): each gets a job, which starts the run over, so a rule is never stuck unable to be
 * validated again. A run whose job is still queued or running is left alone.
 */
export async function requeueOrphanedValidations(db: SqlRunner): Promise<number> {
  const orphans = await rows<{ id: number; org_id: number }>(
    db,
    sql`select v.id, v.org_id from rule_validations v
      where v.status in ('QUEUED', 'IN_PROGRESS')
        and not exists (select 1 from jobs j where j.kind = ${RULE_VALIDATION_JOB} and j.status in ('queued', 'running')
          and j.payload->>'validation_id' = v.id::text)
      order by v.id limit 100`,
  );
  for (const v of orphans) await enqueueJob(db, { orgId: v.org_id, kind: RULE_VALIDATION_JOB, payload: { validation_id: v.id }, maxAttempts: 3 });
  if (orphans.length) wakeWorkers();
  return orphans.length;
}

/** Looks for orphaned validation runs shortly after start and then every `everyMs`. */
export function orphanedValidationsTask(everyMs: number): PeriodicTask {
  return {
    name: 'rule-validation-orphans',
    everyMs,
    firstAfterMs: Math.min(everyMs, 5_000),
    run: async ({ db }) => void (await requeueOrphanedValidations(db)),
  };
}
