import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { enqueueJob } from '../../jobs/queue.js';
import { wakeWorkers, type JobHandler, type PeriodicTask } from '../../jobs/worker.js';
import { parseAcknowledgement, registerAcknowledgementReader, type Acknowledgement, type AnsweredBatch } from './acks.js';
import { computeCtrs } from './ctr.js';
import { defaultFolders, sendBatchFile, type FilingFolders } from './delivery.js';
import { ctrBatchXml, wholeDollars } from './fincen-ctr.js';
import { filerProfile } from './jobs.js';

/**
 * Filing CTRs with FinCEN, as SARs are filed (transport.ts): one batch per business day.
 *
 * - Every 15 minutes (`ctr-batches`) a durable build job is queued for each organisation with a
 *   FinCEN filer profile. The job takes each business day of the organisation's zone that has ended,
 *   is no older than CTR_FILING_DAYS (FinCEN's deadline: 15 calendar days after the transaction) nor
 *   older than the organisation's filing settings, and is in no CTR batch yet; when the day's CTRs
 *   (ctr.ts) are not empty it writes, in one transaction, the batch (FinCEN CTRX batch XML, kept with
 *   it, named `CTRXST.{organisation}.{batch}.xml`), its CTRs (`ctr_filings`, numbered by their
 *   Activity SeqNum) and the send job. The unique (organisation, report type, business day) index
 *   makes a second builder of the same day build nothing.
 * - The send job writes the file through `deliverBatchFile` (the submissions folder, under the
 *   batch's own name: a send repeated after a crash writes the same file, never a second
 *   submission), then records it sent; a failed write is retried by the queue up to the
 *   organisation's max_send_attempts, the batch's CTRs FILING_FAILED meanwhile and
 *   FILING_MAX_RETRIES_EXCEEDED at the end.
 * - FinCEN's acknowledgement (the same file as for SARs, acks.ts) is read by the 'CTR' reader
 *   registered here: each CTR's status, BSA ID and tracking id, the batch's counts and messages.
 */

export const BUILD_CTR_BATCHES_JOB = 'filings.build_ctr_batches';
export const SEND_CTR_BATCH_JOB = 'filings.send_ctr_batch';
/** FinCEN wants a CTR within 15 calendar days after the transaction: older days are not batched. */
export const CTR_FILING_DAYS = 15;

/** Queues building the organisation's CTR batches, unless a build is already waiting or running. */
export async function enqueueCtrBatches(db: SqlRunner, orgId: number): Promise<number | null> {
  const waiting = await firstRow<{ id: number }>(
    db,
    sql`select id from jobs where org_id = ${orgId} and kind = ${BUILD_CTR_BATCHES_JOB} and status in ('queued', 'running') limit 1`,
  );
  if (waiting) return null;
  const id = await enqueueJob(db, { orgId, kind: BUILD_CTR_BATCHES_JOB, payload: {}, maxAttempts: 3 });
  wakeWorkers();
  return id;
}

async function zoneOf(db: SqlRunner, orgId: number): Promise<string> {
  const row = await firstRow<{ timezone: string }>(db, sql`select timezone from organisation_settings where org_id = ${orgId}`);
  return row?.timezone ?? 'America/New_York';
}

/**
 * The business days (YYYY-MM-DD, oldest first) the organisation's CTR batches are yet to be built
 * for: ended in its zone, from CTR_FILING_DAYS days ago and from the day its filing settings were
 * first saved, and in no CTR batch (one of Vigil's, by its business day, or one from before, by its
 * date range). None without a filer profile.
 */
export async function ctrDaysToBuild(db: SqlRunner, orgId: number, zone: string): Promise<string[]> {
  const found = await rows<{ day: string }>(
    db,
    sql`with bounds as (
        select (now() at time zone ${zone}::text)::date as today,
          greatest((now() at time zone ${zone}::text)::date - ${CTR_FILING_DAYS}::int, (fs.created_at at time zone ${zone}::text)::date) as first
        from filing_settings fs where fs.org_id = ${orgId} and fs.profile is not null
      ),
      days as (select d::date as day from bounds, generate_series(bounds.first, bounds.today - 1, interval '1 day') d)
      select to_char(days.day, 'YYYY-MM-DD') as day from days
      where not exists (
        select 1 from filing_batches b where b.org_id = ${orgId} and b.report_type = 'CTR'
          and (b.business_day = days.day
            or (b.business_day is null and days.day between (b.earliest at time zone ${zone}::text)::date and (b.latest at time zone ${zone}::text)::date)))
      order by days.day`,
  );
  return found.map((r) => r.day);
}

/** The Activity SeqNums of a CTR batch file, in the order of its CTRs. */
export function ctrActivitySeqNums(xml: string): number[] {
  return [...xml.matchAll(/<Activity SeqNum="(\d+)">/g)].map((m) => Number(m[1]));
}

/**
 * Builds the CTR batch of one business day: answers its id, or null when the day has no CTR or
 * another builder built it first. The batch, its CTRs and its send job are written together.
 */
export async function buildCtrBatch(db: Db, orgId: number, day: string, zone: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const profile = await filerProfile(tx, orgId);
    if (!profile) return null;
    const filings = await computeCtrs(tx, orgId, { from: day, to: day }, zone);
    if (!filings.length) return null;
    const settings = await firstRow<{ today: string; attempts: number }>(
      tx,
      sql`select to_char((now() at time zone ${zone}::text)::date, 'YYYY-MM-DD') as today,
          coalesce((select max_send_attempts from filing_settings where org_id = ${orgId}), 5) as attempts`,
    );
    const xml = ctrBatchXml(filings, profile, { filingDate: settings!.today });
    const seqs = ctrActivitySeqNums(xml);
    if (seqs.length !== filings.length) throw new Error(`the CTR batch file has ${seqs.length} activities for ${filings.length} CTRs`);
    const batch = await firstRow<{ id: number }>(
      tx,
      sql`insert into filing_batches (org_id, report_type, status, total_count, earliest, latest, business_day, content)
        values (${orgId}, 'CTR', 'READY', ${filings.length}, (${day}::date)::timestamp at time zone ${zone}::text,
          ((${day}::date + 1)::timestamp at time zone ${zone}::text) - interval '1 second', ${day}::date, ${xml})
        on conflict (org_id, report_type, business_day) do nothing
        returning id`,
    );
    if (!batch) return null;
    await tx.execute(sql`update filing_batches set file_name = ${`CTRXST.${orgId}.${batch.id}.xml`} where id = ${batch.id}`);
    for (const [i, f] of filings.entries())
      await tx.execute(
        sql`insert into ctr_filings (org_id, batch_id, seq, entity_id, business_day, cash_in, cash_out)
          values (${orgId}, ${batch.id}, ${seqs[i]}, ${f.person.entityId}, ${day}::date, ${wholeDollars(f.cashIn)}, ${wholeDollars(f.cashOut)})`,
      );
    await enqueueJob(tx, { orgId, kind: SEND_CTR_BATCH_JOB, payload: { batch_id: batch.id }, maxAttempts: Math.max(1, settings!.attempts) });
    wakeWorkers();
    return batch.id;
  });
}

/** Builds every CTR batch the organisation is due (ctrDaysToBuild); answers the ids built. */
export async function buildCtrBatches(db: Db, orgId: number): Promise<number[]> {
  const zone = await zoneOf(db, orgId);
  const built: number[] = [];
  for (const day of await ctrDaysToBuild(db, orgId, zone)) {
    const id = await buildCtrBatch(db, orgId, day, zone);
    if (id !== null) built.push(id);
  }
  return built;
}

/**
 * Sends a CTR batch: its file to the submissions folder, then its CTRs SENT_TO_FINCEN. `lastAttempt`:
 * a failure now is the last one (FILING_MAX_RETRIES_EXCEEDED); otherwise the CTRs are FILING_FAILED
 * and the failure is thrown again for the job queue to retry.
 */
export async function sendCtrBatch(db: Db, orgId: number, batchId: number, folders: FilingFolders, lastAttempt: boolean): Promise<'sent' | 'already sent'> {
  return sendBatchFile(db, { orgId, id: batchId, reportType: 'CTR' }, folders, lastAttempt, {
    sending: async (tx) =>
      void (await tx.execute(
        sql`update ctr_filings set status = 'SENDING_TO_FINCEN' where org_id = ${orgId} and batch_id = ${batchId} and status = 'FILING_FAILED'`,
      )),
    failed: async (tx, last) =>
      void (await tx.execute(
        sql`update ctr_filings set status = ${last ? 'FILING_MAX_RETRIES_EXCEEDED' : 'FILING_FAILED'}
          where org_id = ${orgId} and batch_id = ${batchId} and status in ('SENDING_TO_FINCEN', 'FILING_FAILED')`,
      )),
    sent: async (tx) =>
      void (await tx.execute(
        sql`update ctr_filings set status = 'SENT_TO_FINCEN'
          where org_id = ${orgId} and batch_id = ${batchId} and status in ('SENDING_TO_FINCEN', 'FILING_FAILED', 'FILING_MAX_RETRIES_EXCEEDED')`,
      )),
  });
}

/** CTR statuses FinCEN's answer has settled: a later answer leaves them. */
const SETTLED = ['FILING_SUCCESS', 'FINCEN_VALIDATION_FAILED', 'FINCEN_REJECTED'];

/**
 * Applies FinCEN's acknowledgement to a CTR batch: a rejected batch rejects each CTR with the
 * batch's messages; a CTR with a FATAL error is FINCEN_VALIDATION_FAILED, one with its BSA ID
 * FILING_SUCCESS (warnings kept), one not yet answered in an accepted batch FINCEN_ACCEPTED. The
 * batch keeps the answer, its messages and its accepted and rejected counts.
 */
export async function applyCtrAcknowledgement(db: Db, batch: AnsweredBatch, ack: Acknowledgement): Promise<void> {
  const orgId = batch.org_id;
  await db.transaction(async (tx) => {
    const filings = await rows<{ seq: number; status: string }>(
      tx,
      sql`select seq, status from ctr_filings where org_id = ${orgId} and batch_id = ${batch.id} order by seq for update`,
    );
    const bySeq = new Map(ack.filings.map((f) => [f.seq, f]));
    const set = (seq: number, status: string, messages: unknown[], bsaId: string | null = null) =>
      tx.execute(
        sql`update ctr_filings set status = ${status}, messages = ${JSON.stringify(messages)}::jsonb,
            bsa_id = coalesce(${bsaId}::text, bsa_id), bsa_tracking_id = coalesce(${ack.trackingId}::text, bsa_tracking_id)
          where org_id = ${orgId} and batch_id = ${batch.id} and seq = ${seq}`,
      );
    for (const f of filings) {
      if (SETTLED.includes(f.status)) continue;
      const answer = bySeq.get(f.seq);
      if (ack.status === 'REJECTED') await set(f.seq, 'FINCEN_REJECTED', ack.batchMessages);
      else if (answer?.messages.some((m) => m.level === 'FATAL')) await set(f.seq, 'FINCEN_VALIDATION_FAILED', answer.messages);
      else if (answer?.bsaId) await set(f.seq, 'FILING_SUCCESS', answer.messages, answer.bsaId);
      else await set(f.seq, 'FINCEN_ACCEPTED', answer?.messages ?? []);
    }
    await tx.execute(
      sql`update filing_batches b set ack_status = ${ack.status}, ack_messages = ${JSON.stringify(ack.batchMessages)}::jsonb, acknowledged_at = now(),
          accepted_count = (select count(*)::int from ctr_filings c where c.org_id = b.org_id and c.batch_id = b.id and c.status = 'FILING_SUCCESS'),
          rejected_count = (select count(*)::int from ctr_filings c where c.org_id = b.org_id and c.batch_id = b.id
            and c.status in ('FINCEN_REJECTED', 'FINCEN_VALIDATION_FAILED'))
        where b.org_id = ${orgId} and b.id = ${batch.id}`,
    );
  });
}

registerAcknowledgementReader<Acknowledgement>('CTR', {
  parse: (text) => parseAcknowledgement(text),
  apply: (db, batch, ack) => applyCtrAcknowledgement(db, batch, ack),
});

export const ctrTransportJobHandlers = (folders?: FilingFolders): Record<string, JobHandler> => ({
  [BUILD_CTR_BATCHES_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    return { batch_ids: await buildCtrBatches(ctx.db, job.org_id) };
  },
  [SEND_CTR_BATCH_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const where = folders ?? defaultFolders(ctx.dataDir);
    return { result: await sendCtrBatch(ctx.db, job.org_id, Number(job.payload.batch_id), where, job.attempts >= job.max_attempts) };
  },
});

/** Queues the CTR batch build of every organisation with a FinCEN filer profile, every `everyMs`. */
export function ctrBatchesTask(everyMs: number): PeriodicTask {
  return {
    name: 'ctr-batches',
    everyMs,
    firstAfterMs: Math.min(everyMs, 60_000),
    run: async ({ db }) => {
      const orgs = await rows<{ org_id: number }>(db, sql`select org_id from filing_settings where profile is not null order by org_id`);
      for (const { org_id } of orgs) await enqueueCtrBatches(db, org_id);
    },
  };
}
