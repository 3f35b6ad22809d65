import { sql } from 'drizzle-orm';
import { firstRow, rows, type SqlRunner } from '../db/sql.js';

/**
 * The durable job queue: rows of the `jobs` table. A worker claims the oldest due job with
 * FOR UPDATE SKIP LOCKED, so any number of workers (in one process or several) never run a job
 * twice at once. A job whose worker stopped heartbeating for longer than the lease (the process
 * died) is claimed again, so work survives restarts. Failures retry with exponential backoff.
 */

export interface ClaimedJob {
  id: number;
  org_id: number | null;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

export interface EnqueueOptions {
  orgId: number | null;
  kind: string;
  payload: Record<string, unknown>;
  maxAttempts?: number;
  /** seconds from now; 0 (default) is due at once */
  delaySeconds?: number;
}

export async function enqueueJob(db: SqlRunner, job: EnqueueOptions): Promise<number> {
  const row = await firstRow<{ id: number }>(
    db,
    sql`insert into jobs (org_id, kind, payload, max_attempts, run_at)
      values (${job.orgId}, ${job.kind}, ${JSON.stringify(job.payload)}::jsonb, ${job.maxAttempts ?? 5},
        now() + make_interval(secs => ${job.delaySeconds ?? 0}))
      returning id`,
  );
  return row!.id;
}

/** Claims one due job of the given kinds, or a running one whose lease ran out. */
export async function claimJob(db: SqlRunner, workerId: string, kinds: readonly string[], leaseSeconds: number): Promise<ClaimedJob | undefined> {
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  return firstRow<ClaimedJob>(
    db,
    sql`update jobs set status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1
      where id = (
        select id from jobs
        where kind in (${kindList})
          and ((status = 'queued' and run_at <= now())
            or (status = 'running' and locked_at < now() - make_interval(secs => ${leaseSeconds})))
        order by run_at, id
        limit 1
        for update skip locked)
      returning id, org_id, kind, payload, attempts, max_attempts`,
  );
}

/** Keeps the claim alive while a long job runs. */
export async function heartbeat(db: SqlRunner, id: number, workerId: string): Promise<void> {
  await db.execute(sql`update jobs set locked_at = now() where id = ${id} and locked_by = ${workerId} and status = 'running'`);
}

export async function completeJob(db: SqlRunner, id: number, workerId: string, result: unknown): Promise<void> {
  await db.execute(
    sql`update jobs set status = 'succeeded', result = ${JSON.stringify(result ?? null)}::jsonb, finished_at = now(), locked_at = null, last_error = null
      where id = ${id} and locked_by = ${workerId}`,
  );
}

/** Backoff before the next try: 0.5 s doubling, at most 30 s. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(0.5 * 2 ** Math.max(0, attempts - 1), 30);
}

/** Records a failure: queued again after the backoff, or failed for good after max_attempts. */
export async function failJob(db: SqlRunner, job: ClaimedJob, workerId: string, error: unknown): Promise<'retry' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const final = job.attempts >= job.max_attempts;
  await db.execute(
    final
      ? sql`update jobs set status = 'failed', last_error = ${message}, finished_at = now(), locked_at = null where id = ${job.id} and locked_by = ${workerId}`
      : sql`update jobs set status = 'queued', last_error = ${message}, locked_at = null, locked_by = null,
          run_at = now() + make_interval(secs => ${retryDelaySeconds(job.attempts)}) where id = ${job.id} and locked_by = ${workerId}`,
  );
  return final ? 'failed' : 'retry';
}

export interface JobState {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
}

export async function jobStates(db: SqlRunner, ids: readonly number[]): Promise<JobState[]> {
  if (!ids.length) return [];
  return rows<JobState>(
    db,
    sql`select id, status, attempts, last_error from jobs where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}
