import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../../db/client.js';
import { enqueueJob } from '../../jobs/queue.js';
import { wakeWorkers } from '../../jobs/worker.js';
import { rows, idList } from '../../db/sql.js';
import type { ColdObjectType } from './kinds.js';

export type DataLoader = components['schemas']['DataLoader'] | null;

export const REHYDRATE_JOB = 'cold_storage.rehydrate';
/** Past this, a record still on its way back answers loading_timeout (the console's message). */
export const LOADING_TIMEOUT_MS = 5 * 60 * 1000;
/** Tries of one rehydration job (backoff 0.5 s doubling: about a minute in all). */
export const REHYDRATE_ATTEMPTS = 8;

interface ColdRow {
  object_id: number;
  state: string;
  requested_at: Date | string | null;
  job_status: string | null;
}

/**
 * The cold-storage side of a cached read. For the records among `ids` that are not hot, it makes
 * sure one rehydration job is on its way (the first read starts it; later reads find it; a job
 * that failed for good is replaced) and answers their data_loader: loading, or loading_timeout
 * once the wait passes 5 minutes. Hot records are absent from the answer. Call it before reading
 * the records, so a record answered as hot was hot when read.
 */
export async function coldReadState(db: Db, orgId: number, type: ColdObjectType, ids: readonly number[]): Promise<Map<number, DataLoader>> {
  const states = new Map<number, DataLoader>();
  if (!ids.length) return states;
  const found = await rows<ColdRow>(
    db,
    sql`select c.object_id, c.state, c.requested_at, j.status as job_status
      from cold_records c left join jobs j on j.id = c.job_id
      where c.org_id = ${orgId} and c.object_type = ${type} and c.object_id in ${idList(ids)}`,
  );
  if (!found.length) return states;
  const needJob = found.filter((c) => c.state === 'cold' || c.job_status === null || c.job_status === 'failed' || c.job_status === 'cancelled');
  if (needJob.length)
    await startRehydration(
      db,
      orgId,
      type,
      needJob.map((c) => c.object_id),
    );
  const now = Date.now();
  for (const c of found) {
    const requested = c.requested_at ? new Date(c.requested_at).getTime() : now;
    states.set(c.object_id, { status: c.state === 'rehydrating' && now - requested > LOADING_TIMEOUT_MS ? 'loading_timeout' : 'loading' });
  }
  return states;
}

/**
 * Claims the records for one new job. The conditional update is the idempotency guard: of many
 * reads at once only the first moves a record from cold (or from a dead job) to rehydrating;
 * the others match nothing and enqueue nothing.
 */
async function startRehydration(db: Db, orgId: number, type: ColdObjectType, ids: number[]): Promise<void> {
  const enqueued = await db.transaction(async (tx) => {
    const claimed = await rows<{ object_id: number }>(
      tx,
      sql`update cold_records c set state = 'rehydrating', requested_at = coalesce(c.requested_at, now())
        where c.org_id = ${orgId} and c.object_type = ${type} and c.object_id in ${idList(ids)}
          and (c.state = 'cold' or c.job_id is null
            or exists (select 1 from jobs j where j.id = c.job_id and j.status in ('failed', 'cancelled')))
        returning c.object_id`,
    );
    if (!claimed.length) return false;
    const objectIds = claimed.map((c) => c.object_id).sort((a, b) => a - b);
    const jobId = await enqueueJob(tx, { orgId, kind: REHYDRATE_JOB, payload: { object_type: type, object_ids: objectIds }, maxAttempts: REHYDRATE_ATTEMPTS });
    await tx.execute(sql`update cold_records set job_id = ${jobId} where org_id = ${orgId} and object_type = ${type} and object_id in ${idList(objectIds)}`);
    return true;
  });
  if (enqueued) wakeWorkers();
}

/** Starts bringing back every cold record of the organisation (cold storage turned off). */
export async function rehydrateAll(db: Db, orgId: number): Promise<number> {
  let started = 0;
  for (;;) {
    const batch = await rows<{ object_type: ColdObjectType; object_id: number }>(
      db,
      sql`select c.object_type, c.object_id from cold_records c
        where c.org_id = ${orgId} and (c.state = 'cold' or c.job_id is null
          or exists (select 1 from jobs j where j.id = c.job_id and j.status in ('failed', 'cancelled')))
        order by c.object_type, c.object_id limit 500`,
    );
    if (!batch.length) return started;
    const type = batch[0].object_type;
    const ids = batch.filter((b) => b.object_type === type).map((b) => b.object_id);
    await startRehydration(db, orgId, type, ids);
    started += ids.length;
  }
}
