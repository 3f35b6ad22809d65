import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow, intArray, rows, type SqlRunner } from '../../db/sql.js';
import type { SarEvent } from '../../../machines/sar.machine.js';
import { enqueueJob } from '../../jobs/queue.js';
import { wakeWorkers, type JobHandler, type PeriodicTask } from '../../jobs/worker.js';
import { sarBatchXml } from './fincen-sar.js';
import { defaultFolders, sendBatchFile, type FilingFolders } from './delivery.js';
import { filerProfile, moveSar, storedFilings } from './jobs.js';
import type { SarFiling } from './model.js';
import { validateSar } from './prefiling.js';

/**
 * Filing SARs, as FinCEN's Secure Direct Transfer Mode works: submitted SARs are put in a batch (one
 * FinCEN SAR batch XML file, kept with the batch), and the batch file is written to the
 * submissions folder (`FILINGS_OUTBOX_DIR`, `DATA_DIR/filings/outbox` by default; server/config.ts), from which the
 * transfer to FinCEN takes it. Both steps are durable jobs:
 *
 * - building takes the organisation's QUEUED_FOR_FILING SARs (up to 1,000), checks each again as
 *   FinCEN would (one that fails stays queued with its problems: the profile may have changed since
 *   it was validated), writes the batch of the others and moves them to SENDING_TO_FINCEN in one
 *   transaction, and queues the send;
 * - sending writes the file under the batch's own name (a temporary name, then renamed), so a send
 *   repeated after a crash writes the same file again rather than a second one, then moves the
 *   batch's SARs to SENT_TO_FINCEN with their filing time. A failed write moves them to
 *   FILING_FAILED and the job is retried; when the attempts run out they are
 *   FILING_MAX_RETRIES_EXCEEDED.
 */

export const BUILD_SAR_BATCH_JOB = 'filings.build_sar_batch';
export const SEND_BATCH_JOB = 'filings.send_batch';
/** SARs one batch holds at most. */
export const SAR_BATCH_LIMIT = 1_000;

export { defaultFolders, type FilingFolders } from './delivery.js';

/** Queues building a batch of the organisation's submitted SARs (a submit queues it; so does an agent's request). */
export async function enqueueSarBatch(db: SqlRunner, orgId: number, agentId: number | null): Promise<number> {
  const id = await enqueueJob(db, { orgId, kind: BUILD_SAR_BATCH_JOB, payload: { agent_id: agentId }, maxAttempts: 3 });
  wakeWorkers();
  return id;
}

/** The Activity SeqNums of a batch file, in the order of its filings. */
export function activitySeqNums(xml: string): number[] {
  return [...xml.matchAll(/<fc2:Activity SeqNum="(\d+)">/g)].map((m) => Number(m[1]));
}

/**
 * Builds one batch of the organisation's submitted SARs; answers its id, or null when none waits.
 * The SARs are locked (skip locked: two builders never take the same SAR).
 */
export async function buildSarBatch(db: Db, orgId: number, agentId: number | null): Promise<number | null> {
  return db.transaction(async (tx) => {
    const queued = await rows<{ id: number }>(
      tx,
      sql`select id from sars where org_id = ${orgId} and status = 'QUEUED_FOR_FILING'
        order by submitted_at nulls last, id limit ${SAR_BATCH_LIMIT} for update skip locked`,
    );
    if (!queued.length) return null;
    const profile = await filerProfile(tx, orgId);
    if (!profile) throw new Error(`organisation ${orgId} has SARs to file and no filer profile`);
    // a SAR FinCEN would refuse is never sent: it waits, queued, with what is wrong stored on it
    const filings: SarFiling[] = [];
    for (const filing of await storedFilings(
      tx,
      orgId,
      queued.map((q) => q.id),
    )) {
      const problems = validateSar(filing, profile, { today: filing.filingDate });
      if (problems.some((p) => p.level === 'FATAL'))
        await tx.execute(
          sql`update sars set prefiling_problems = ${JSON.stringify(problems)}::jsonb, validated_at = now() where org_id = ${orgId} and id = ${filing.id}`,
        );
      else filings.push(filing);
    }
    if (!filings.length) return null;
    const xml = sarBatchXml(filings, profile);
    const seqs = activitySeqNums(xml);
    if (seqs.length !== filings.length) throw new Error(`the batch file has ${seqs.length} activities for ${filings.length} SARs`);
    const days = filings
      .flatMap((f) => [f.activityStart, f.activityEnd])
      .filter(Boolean)
      .sort();
    const batch = await firstRow<{ id: number }>(
      tx,
      sql`insert into filing_batches (org_id, report_type, status, total_count, earliest, latest, created_by_id, content)
        values (${orgId}, 'SAR', 'READY', ${filings.length}, ${days[0] ?? null}::date, ${days.at(-1) ?? null}::date, ${agentId}, ${xml})
        returning id`,
    );
    const batchId = batch!.id;
    await tx.execute(sql`update filing_batches set file_name = ${`SARXST.${orgId}.${batchId}.xml`} where id = ${batchId}`);
    for (const [i, filing] of filings.entries()) {
      await moveSar(tx, orgId, filing.id, 'filing.send');
      await tx.execute(sql`update sars set batch_id = ${batchId}, batch_seq = ${seqs[i]} where org_id = ${orgId} and id = ${filing.id}`);
    }
    await enqueueJob(tx, { orgId, kind: SEND_BATCH_JOB, payload: { batch_id: batchId }, maxAttempts: 5 });
    wakeWorkers();
    return batchId;
  });
}

/**
 * Sends a batch: the file to the submissions folder, then its SARs to SENT_TO_FINCEN. `lastAttempt`:
 * a failure now is the last one (the SARs are FILING_MAX_RETRIES_EXCEEDED); otherwise it is thrown
 * again after the SARs are marked FILING_FAILED, for the job queue to retry.
 */
export async function sendBatch(db: Db, orgId: number, batchId: number, folders: FilingFolders, lastAttempt: boolean): Promise<'sent' | 'already sent'> {
  const sars = await rows<{ id: number }>(db, sql`select id from sars where org_id = ${orgId} and batch_id = ${batchId} order by id`);
  const moveAll = async (tx: SqlRunner, ...events: SarEvent['type'][]) => {
    for (const s of sars) for (const event of events) await moveSar(tx, orgId, s.id, event);
  };
  return sendBatchFile(db, { orgId, id: batchId, reportType: 'SAR' }, folders, lastAttempt, {
    // a retry: the SARs a failed attempt left FILING_FAILED are sending again
    sending: (tx) => moveAll(tx, 'filing.send'),
    failed: (tx, last) => (last ? moveAll(tx, 'filing.fail', 'filing.giveUp') : moveAll(tx, 'filing.fail')),
    sent: async (tx) => {
      await moveAll(tx, 'filing.sent');
      await tx.execute(sql`update sars set filed_at = now() where org_id = ${orgId} and id = any(${intArray(sars.map((s) => s.id))})`);
    },
  });
}

export const transportJobHandlers = (folders?: FilingFolders): Record<string, JobHandler> => ({
  [BUILD_SAR_BATCH_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const agentId = typeof job.payload.agent_id === 'number' ? job.payload.agent_id : null;
    return { batch_id: await buildSarBatch(ctx.db, job.org_id, agentId) };
  },
  [SEND_BATCH_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const where = folders ?? defaultFolders(ctx.dataDir);
    return { result: await sendBatch(ctx.db, job.org_id, Number(job.payload.batch_id), where, job.attempts >= job.max_attempts) };
  },
});

/**
 * Builds the batches of every organisation with submitted SARs, every `everyMs` (FinCEN takes
 * batches whenever they come; one a period keeps each batch whole and the number of files small).
 */
export function sarBatchesTask(everyMs: number): PeriodicTask {
  return {
    name: 'sar-batches',
    everyMs,
    firstAfterMs: Math.min(everyMs, 10_000),
    run: async ({ db }) => {
      const orgs = await rows<{ org_id: number }>(db, sql`select distinct org_id from sars where status = 'QUEUED_FOR_FILING' order by org_id`);
      for (const { org_id } of orgs) while ((await buildSarBatch(db, org_id, null)) !== null);
    },
  };
}
