import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ClaimedJob } from '../../jobs/queue.js';
import { enqueueJob } from '../../jobs/queue.js';
import { wakeWorkers, type JobHandler, type PeriodicTask } from '../../jobs/worker.js';
import { firstRow, rows } from '../../db/sql.js';
import { rehydrateRecords, sweepOrganisation } from './archive.js';
import { isColdObjectType } from './kinds.js';
import { REHYDRATE_JOB } from './read.js';

export const SWEEP_JOB = 'cold_storage.sweep';

function orgOf(job: ClaimedJob): number {
  if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
  return job.org_id;
}

/** Brings the job's records back hot; safe to run again after a crash (done records are skipped). */
const rehydrate: JobHandler = async (job, ctx) => {
  const type = String(job.payload.object_type);
  const ids = Array.isArray(job.payload.object_ids) ? job.payload.object_ids.filter((v): v is number => Number.isInteger(v)) : [];
  if (!isColdObjectType(type)) throw new Error(`unknown cold-storage object type ${type}`);
  const restored = await rehydrateRecords(ctx.db, ctx.dataDir, orgOf(job), type, ids);
  return { restored: restored.length };
};

/** One sweep step; queues the next at once while there is more to archive. */
const sweep: JobHandler = async (job, ctx) => {
  const orgId = orgOf(job);
  // turned off since the sweep was queued: archive nothing
  const flag = await firstRow<{ enabled: boolean }>(ctx.db, sql`select enabled from feature_flags where org_id = ${orgId} and name = 'cold_storage'`);
  if (!flag?.enabled) return { skipped: 'cold storage is off' };
  const result = await sweepOrganisation(ctx.db, ctx.dataDir, orgId);
  if (result.more) await enqueueJob(ctx.db, { orgId, kind: SWEEP_JOB, payload: {} });
  return result;
};

export const coldStorageJobHandlers: Record<string, JobHandler> = { [REHYDRATE_JOB]: rehydrate, [SWEEP_JOB]: sweep };

/**
 * Queues a sweep for every organisation with cold storage on that has none queued or running.
 * Several server processes may race here; two sweeps of one organisation are harmless (the
 * second finds the records already cold).
 */
export async function scheduleSweeps(db: Db): Promise<number> {
  const due = await rows<{ org_id: number }>(
    db,
    sql`select f.org_id from feature_flags f
      where f.name = 'cold_storage' and f.enabled
        and not exists (select 1 from jobs j where j.org_id = f.org_id and j.kind = ${SWEEP_JOB} and j.status in ('queued', 'running'))
      order by f.org_id`,
  );
  for (const { org_id } of due) await enqueueJob(db, { orgId: org_id, kind: SWEEP_JOB, payload: {} });
  return due.length;
}

/** Queues a sweep of one organisation now (cold storage turned on, or its age changed), unless one is on its way. */
export async function requestSweep(db: Db, orgId: number): Promise<boolean> {
  const pending = await firstRow<{ id: number }>(
    db,
    sql`select id from jobs where org_id = ${orgId} and kind = ${SWEEP_JOB} and status in ('queued', 'running') limit 1`,
  );
  if (pending) return false;
  await enqueueJob(db, { orgId, kind: SWEEP_JOB, payload: {} });
  wakeWorkers();
  return true;
}

export function sweepTask(everyMs: number): PeriodicTask {
  return { name: 'cold-storage-sweep', everyMs, firstAfterMs: Math.min(everyMs, 60_000), run: async ({ db }) => void (await scheduleSweeps(db)) };
}
