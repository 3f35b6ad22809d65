import { sql } from 'drizzle-orm';
import { runValidation } from '../domain/risk/index.js';
import { firstRow, type SqlRunner } from '../db/sql.js';
import { enqueueJob, heartbeat, type ClaimedJob } from './queue.js';
import type { JobContext, JobHandler } from './worker.js';

/**
 * A risk model's validation run as a durable job: queued by the validate call, then in progress
 * while the engine scores every entity of the organisation under the draft (writing no scores),
 * then success with the Low / Medium / High distribution, or failed with the error. The draft cannot
 * change while the run is queued or in progress (the lifecycle refuses edits), so the result
 * describes the saved model. A run whose worker died is claimed again and starts over.
 */

export const RISK_VALIDATION_JOB = 'risk.validate';

export function enqueueRiskValidation(db: SqlRunner, orgId: number, modelId: number): Promise<number> {
  return enqueueJob(db, { orgId, kind: RISK_VALIDATION_JOB, payload: { model_id: modelId }, maxAttempts: 3 });
}

/** Runs one validation; exported so tests can run it without a worker loop. */
export async function runRiskValidation(db: SqlRunner, orgId: number, modelId: number): Promise<'success' | 'failed' | 'skipped'> {
  const started = await firstRow<{ id: number }>(
    db,
    sql`update risk_models set last_validation_status = 'in_progress'
      where org_id = ${orgId} and id = ${modelId} and status = 'draft' and last_validation_status in ('queued', 'in_progress')
      returning id`,
  );
  // archived, or no longer waiting for this run: nothing to do
  if (!started) return 'skipped';
  let result: Record<string, unknown>;
  let status: 'success' | 'failed';
  try {
    result = { ...(await runValidation(db, orgId, modelId)) };
    status = 'success';
  } catch (error) {
    // a model the engine cannot run is a result, not a reason to retry
    result = { error: error instanceof Error ? error.message : String(error) };
    status = 'failed';
  }
  await db.execute(
    sql`update risk_models set last_validation_status = ${status}, last_validation_result = ${JSON.stringify(result)}::jsonb,
      last_validated_at = now()
      where org_id = ${orgId} and id = ${modelId} and status = 'draft' and last_validation_status = 'in_progress'`,
  );
  return status;
}

/** How often a running validation renews its claim, well inside the worker's lease (15 s by default). */
const HEARTBEAT_MS = 5_000;

const validate: JobHandler = async (job: ClaimedJob, ctx: JobContext) => {
  if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
  // a run over a large organisation outlasts the lease; without renewing it another worker would start it again
  const timer = setInterval(() => void heartbeat(ctx.db, job.id, ctx.workerId).catch(() => {}), HEARTBEAT_MS);
  try {
    return { status: await runRiskValidation(ctx.db, job.org_id, Number(job.payload.model_id)) };
  } finally {
    clearInterval(timer);
  }
};

export const riskValidationJobHandlers: Record<string, JobHandler> = { [RISK_VALIDATION_JOB]: validate };
