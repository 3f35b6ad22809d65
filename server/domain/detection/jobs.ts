import { sql } from 'drizzle-orm';
import { enqueueJob, heartbeat } from '../../jobs/queue.js';
import { wakeWorkers, type JobHandler, type PeriodicTask } from '../../jobs/worker.js';
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

/** How often a running validation renews its claim, well inside the worker's lease. */
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
    const ids = Array.isArray(job.payload.ids) ? job.payload.ids.filter((n): n is number => Number.isInteger(n)) : [];
    const orgId = job.org_id;
    return ctx.db.transaction((tx) => detectEvents(tx, orgId, kind, ids));
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
