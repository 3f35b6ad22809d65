import { sql } from 'drizzle-orm';
import { enqueueJob } from '../../jobs/queue.js';
import type { PeriodicTask } from '../../jobs/worker.js';
import { wakeWorkers } from '../../jobs/worker.js';
import { rows, type SqlRunner } from '../../db/sql.js';
import { INGEST_JOB } from './job.js';

/**
 * Executions left queued or processing with no job that will move them on: written before the job
 * queue knew them (imported or restored data, the demo data), or whose job record was removed. Each
 * gets a new job, so a file never sits in "queued" or "processing" for ever; the job resumes after
 * the execution's last committed row as any restarted run does. A job that is still queued or
 * running is left alone, and one that failed for good already marked its execution failed.
 */
export async function requeueOrphanedExecutions(db: SqlRunner): Promise<number> {
  const orphans = await rows<{ id: number; org_id: number; file_id: number }>(
    db,
    sql`select e.id, e.org_id, e.file_id from flat_file_executions e
      join flat_files f on f.org_id = e.org_id and f.id = e.file_id
      where e.status in ('QUEUED', 'PROCESSING')
        and not exists (select 1 from jobs j where j.id = e.job_id and j.status in ('queued', 'running'))
      order by e.id
      limit 100`,
  );
  for (const e of orphans) {
    const jobId = await enqueueJob(db, { orgId: e.org_id, kind: INGEST_JOB, payload: { execution_id: e.id, file_id: e.file_id } });
    await db.execute(sql`update flat_file_executions set job_id = ${jobId} where id = ${e.id} and org_id = ${e.org_id}`);
  }
  if (orphans.length) wakeWorkers();
  return orphans.length;
}

/** Looks for orphaned executions shortly after start and then every `everyMs`. */
export function orphanedExecutionsTask(everyMs: number): PeriodicTask {
  return {
    name: 'ingestion-orphans',
    everyMs,
    firstAfterMs: Math.min(everyMs, 5_000),
    run: async ({ db }) => void (await requeueOrphanedExecutions(db)),
  };
}
