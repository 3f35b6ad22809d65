import { sql } from 'drizzle-orm';
import { fintracNext, type FintracEvent } from '../../../../machines/fintrac.machine.js';
import type { Db } from '../../../db/client.js';
import { firstRow, intArray, rows, type SqlRunner } from '../../../db/sql.js';
import { enqueueJob } from '../../../jobs/queue.js';
import { wakeWorkers, type JobHandler, type PeriodicTask } from '../../../jobs/worker.js';
import { defaultFolders, sendBatchFile, type FilingFolders } from '../delivery.js';
import type { FieldProblem } from '../model.js';
import { NO_FINTRAC_SETTINGS, type FintracContent, type FintracFiling, type FintracReportType, type FintracSettings } from './model.js';
import { fintracBatchJson } from './report-json.js';
import { fintracBatchErrors } from './report-schema.js';
import { validateFintracReport } from './validate.js';

/**
 * FINTRAC reports' durable work, as the SARs' (../jobs.ts, ../transport.ts):
 *
 * - every save queues a prefiling validation (pending, in process, then success or failed);
 * - submitted reports are put in a batch every minute (one JSON file, report-json.ts, checked
 *   against its schema; a report that would fail stays queued with its problems), which a send job
 *   delivers to the submissions folder (and by SFTP when one is set: delivery.ts), retried until
 *   FILING_MAX_RETRIES_EXCEEDED; a send repeated after a crash writes the same file again.
 */

export const FINTRAC_PREFILING_JOB = 'fintrac.prefiling';
export const BUILD_FINTRAC_BATCH_JOB = 'fintrac.build_batch';
export const SEND_FINTRAC_BATCH_JOB = 'fintrac.send_batch';
/** Reports one batch holds at most. */
export const FINTRAC_BATCH_LIMIT = 500;

export async function enqueueFintracPrefiling(db: SqlRunner, orgId: number, reportId: number): Promise<number> {
  const id = await enqueueJob(db, { orgId, kind: FINTRAC_PREFILING_JOB, payload: { report_id: reportId }, maxAttempts: 3 });
  wakeWorkers();
  return id;
}

export async function enqueueFintracBatch(db: SqlRunner, orgId: number, agentId: number | null): Promise<number> {
  const id = await enqueueJob(db, { orgId, kind: BUILD_FINTRAC_BATCH_JOB, payload: { agent_id: agentId }, maxAttempts: 3 });
  wakeWorkers();
  return id;
}

/** The organisation's saved FINTRAC settings, or null when it never saved any. */
export async function fintracSettingsOf(db: SqlRunner, orgId: number): Promise<FintracSettings | null> {
  const row = await firstRow<{ settings: FintracSettings }>(db, sql`select settings from fintrac_settings where org_id = ${orgId}`);
  return row ? { ...NO_FINTRAC_SETTINGS, ...row.settings } : null;
}

interface StoredReport {
  id: number;
  report_type: FintracReportType;
  reference: string;
  content: FintracContent;
  twenty_four_hour_rule: boolean;
  today: string;
}

/** Stored reports as the filings they would make today, in the order of `ids`. */
export async function storedFintracFilings(db: SqlRunner, orgId: number, ids: readonly number[]): Promise<FintracFiling[]> {
  if (!ids.length) return [];
  const found = await rows<StoredReport>(
    db,
    sql`select r.id, r.report_type, r.reference, r.content, r.twenty_four_hour_rule,
        to_char(now() at time zone coalesce(os.timezone, 'America/Toronto'), 'YYYY-MM-DD') as today
      from fintrac_reports r left join organisation_settings os on os.org_id = r.org_id
      where r.org_id = ${orgId} and r.id = any(${intArray(ids)})`,
  );
  const byId = new Map(found.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r
      ? [{ id: r.id, reportType: r.report_type, reference: r.reference, content: r.content, twentyFourHourRule: r.twenty_four_hour_rule, today: r.today }]
      : [];
  });
}

/** Moves a report by a lifecycle event when its status takes it; false (nothing written) when it does not. */
export async function moveFintrac(tx: SqlRunner, orgId: number, reportId: number, event: FintracEvent['type']): Promise<boolean> {
  const row = await firstRow<{ status: string }>(tx, sql`select status from fintrac_reports where org_id = ${orgId} and id = ${reportId} for update`);
  const to = row ? fintracNext(row.status, event) : null;
  if (!to) return false;
  await tx.execute(sql`update fintrac_reports set status = ${to}, updated_at = now() where org_id = ${orgId} and id = ${reportId}`);
  return true;
}

const NO_SETTINGS: FieldProblem = { path: 'settings', message: 'The organisation’s FINTRAC settings are not set (Filing settings).', level: 'FATAL' };

/** What FINTRAC would reject of a report, with the organisation's settings (or their absence). */
export function fintracProblems(filing: FintracFiling, settings: FintracSettings | null): FieldProblem[] {
  return [...(settings ? [] : [NO_SETTINGS]), ...validateFintracReport(filing, settings ?? NO_FINTRAC_SETTINGS)];
}

/** Runs one report's prefiling validation; null when the report was not waiting for one. */
export async function runFintracPrefiling(db: Db, orgId: number, reportId: number): Promise<{ status: string; problems: FieldProblem[] } | null> {
  await db.transaction(async (tx) => void (await moveFintrac(tx, orgId, reportId, 'validation.start')));
  return db.transaction(async (tx) => {
    const row = await firstRow<{ status: string }>(tx, sql`select status from fintrac_reports where org_id = ${orgId} and id = ${reportId} for update`);
    if (row?.status !== 'PREFILING_VALIDATION_IN_PROCESS') return null;
    const [filing] = await storedFintracFilings(tx, orgId, [reportId]);
    if (!filing) return null;
    const problems = fintracProblems(filing, await fintracSettingsOf(tx, orgId));
    const passed = !problems.some((p) => p.level === 'FATAL');
    await moveFintrac(tx, orgId, reportId, passed ? 'validation.succeed' : 'validation.fail');
    await tx.execute(
      sql`update fintrac_reports set problems = ${JSON.stringify(problems)}::jsonb, validated_at = now() where org_id = ${orgId} and id = ${reportId}`,
    );
    return { status: passed ? 'PREFILING_VALIDATION_SUCCESS' : 'PREFILING_VALIDATION_FAILED', problems };
  });
}

/** The name of a FINTRAC batch's file in the submissions folder. */
export const fintracFileName = (orgId: number, batchId: number) => `FINTRAC.${orgId}.${batchId}.json`;

/**
 * Builds one batch of the organisation's submitted reports; answers its id, or null when none waits
 * (or none passes). The reports are locked (skip locked: two builders never take the same report).
 */
export async function buildFintracBatch(db: Db, orgId: number, agentId: number | null): Promise<number | null> {
  return db.transaction(async (tx) => {
    const queued = await rows<{ id: number }>(
      tx,
      sql`select id from fintrac_reports where org_id = ${orgId} and status = 'QUEUED_FOR_FILING'
        order by submitted_at nulls last, id limit ${FINTRAC_BATCH_LIMIT} for update skip locked`,
    );
    if (!queued.length) return null;
    const settings = await fintracSettingsOf(tx, orgId);
    const filings: FintracFiling[] = [];
    for (const filing of await storedFintracFilings(
      tx,
      orgId,
      queued.map((q) => q.id),
    )) {
      // a report FINTRAC would refuse is never sent: it waits, queued, with what is wrong stored on it
      const problems = fintracProblems(filing, settings);
      if (problems.some((p) => p.level === 'FATAL'))
        await tx.execute(
          sql`update fintrac_reports set problems = ${JSON.stringify(problems)}::jsonb, validated_at = now() where org_id = ${orgId} and id = ${filing.id}`,
        );
      else filings.push(filing);
    }
    if (!filings.length || !settings) return null;
    const times = filings
      .flatMap((f) => f.content.transactions.map((t) => t.date_time))
      .filter((t): t is string => !!t)
      .sort();
    const batch = await firstRow<{ id: number; created_at: string }>(
      tx,
      sql`insert into filing_batches (org_id, report_type, status, total_count, earliest, latest, created_by_id)
        values (${orgId}, 'FINTRAC', 'READY', ${filings.length}, ${times[0] ?? null}::timestamptz, ${times.at(-1) ?? null}::timestamptz, ${agentId})
        returning id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`,
    );
    const batchId = batch!.id;
    const fileName = fintracFileName(orgId, batchId);
    const content = fintracBatchJson(filings, settings, fileName, batch!.created_at);
    const errors = fintracBatchErrors(content);
    if (errors.length) throw new Error(`the FINTRAC batch file does not meet its schema: ${errors.slice(0, 5).join('; ')}`);
    await tx.execute(sql`update filing_batches set file_name = ${fileName}, content = ${content} where id = ${batchId}`);
    for (const [i, filing] of filings.entries()) {
      await moveFintrac(tx, orgId, filing.id, 'filing.send');
      await tx.execute(sql`update fintrac_reports set batch_id = ${batchId}, batch_seq = ${i + 1} where org_id = ${orgId} and id = ${filing.id}`);
    }
    await enqueueJob(tx, { orgId, kind: SEND_FINTRAC_BATCH_JOB, payload: { batch_id: batchId }, maxAttempts: settings.max_send_attempts });
    wakeWorkers();
    return batchId;
  });
}

/**
 * Sends a batch: the file to the submissions folder, then its reports to SENT_TO_FINTRAC. A failure
 * marks them FILING_FAILED and is thrown for the queue to retry; on the last attempt they are
 * FILING_MAX_RETRIES_EXCEEDED.
 */
export async function sendFintracBatch(db: Db, orgId: number, batchId: number, folders: FilingFolders, lastAttempt: boolean): Promise<'sent' | 'already sent'> {
  const reports = await rows<{ id: number }>(db, sql`select id from fintrac_reports where org_id = ${orgId} and batch_id = ${batchId} order by id`);
  const moveAll = async (tx: SqlRunner, ...events: FintracEvent['type'][]) => {
    for (const r of reports) for (const event of events) await moveFintrac(tx, orgId, r.id, event);
  };
  return sendBatchFile(db, { orgId, id: batchId, reportType: 'FINTRAC' }, folders, lastAttempt, {
    sending: (tx) => moveAll(tx, 'filing.send'),
    failed: (tx, last) => (last ? moveAll(tx, 'filing.fail', 'filing.giveUp') : moveAll(tx, 'filing.fail')),
    sent: async (tx) => {
      await moveAll(tx, 'filing.sent');
      await tx.execute(sql`update fintrac_reports set filed_at = now() where org_id = ${orgId} and id = any(${intArray(reports.map((r) => r.id))})`);
    },
  });
}

export const fintracJobHandlers = (folders?: FilingFolders): Record<string, JobHandler> => ({
  [FINTRAC_PREFILING_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const found = await runFintracPrefiling(ctx.db, job.org_id, Number(job.payload.report_id));
    return found ? { status: found.status, problems: found.problems.length } : { skipped: true };
  },
  [BUILD_FINTRAC_BATCH_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const agentId = typeof job.payload.agent_id === 'number' ? job.payload.agent_id : null;
    return { batch_id: await buildFintracBatch(ctx.db, job.org_id, agentId) };
  },
  [SEND_FINTRAC_BATCH_JOB]: async (job, ctx) => {
    if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
    const where = folders ?? defaultFolders(ctx.dataDir);
    return { result: await sendFintracBatch(ctx.db, job.org_id, Number(job.payload.batch_id), where, job.attempts >= job.max_attempts) };
  },
});

/** Builds the batches of every organisation with submitted reports, every `everyMs`. */
export function fintracBatchesTask(everyMs: number): PeriodicTask {
  return {
    name: 'fintrac-batches',
    everyMs,
    firstAfterMs: Math.min(everyMs, 10_000),
    run: async ({ db }) => {
      const orgs = await rows<{ org_id: number }>(db, sql`select distinct org_id from fintrac_reports where status = 'QUEUED_FOR_FILING' order by org_id`);
      for (const { org_id } of orgs) while ((await buildFintracBatch(db, org_id, null)) !== null);
    },
  };
}
