import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { effectivePermissions, hasPermission, type Principal } from '../../auth/principal.js';
import { isEmbedded, type Db } from '../../db/client.js';
import { firstRow, type SqlRunner } from '../../db/sql.js';
import { enqueueJob, type ClaimedJob } from '../../jobs/queue.js';
import type { JobContext, JobHandler } from '../../jobs/worker.js';
import { kindOf, READ_PERMISSION, rowSource, type ExportParameters, type RowSource } from './sources/index.js';
import { copyCsv } from '../../db/copy.js';
import { countCsvRecords, csvBytesWriter, csvWriter, xlsxWriter, XLSX_SHEET_ROWS, type CsvBytesWriter, type RowWriter } from './writer.js';
import { xlsxCsvThreadWriter, xlsxThreadWriter } from './xlsx-thread.js';

/**
 * An export's file, written by a durable job: REQUESTED -> GENERATING (rows written of the total,
 * after every page) -> READY_FOR_DOWNLOAD, or FAILED after its last try, or CANCELED at the page
 * after a cancel. The rows go to `<id>.<ext>.part` and the file takes its name by a rename before
 * the export is marked ready, so a ready export's file is always whole; a worker that dies leaves
 * the export GENERATING, and the retry starts over from the first row.
 */

export const EXPORT_JOB = 'exports.generate';

export function enqueueExport(db: SqlRunner, orgId: number, exportId: number): Promise<number> {
  return enqueueJob(db, { orgId, kind: EXPORT_JOB, payload: { export_id: exportId }, maxAttempts: 3 });
}

export const exportFolder = (dataDir: string, orgId: number) => join(dataDir, 'exports', String(orgId));
export const exportExtension = (exportType: string) => (exportType.endsWith('_CSV') ? 'csv' : 'xlsx');

interface ExportRow {
  id: number;
  org_id: number;
  export_type: string;
  status: string;
  parameters: ExportParameters;
  created_by_id: number | null;
}

interface AgentRow {
  id: number;
  email: string;
  full_name: string;
  status: string;
  is_internal: boolean;
  is_ai_admin: boolean;
  flags: string[];
}

/** The requester as the list would see them, working in the export's organisation; null when they can no longer sign in. */
export async function requesterPrincipal(db: SqlRunner, agentId: number, orgId: number): Promise<Principal | null> {
  const agent = await firstRow<AgentRow>(
    db,
    sql`select a.id, a.email, a.full_name, a.status, a.is_internal, a.is_ai_admin,
      (select coalesce(array_agg(f.name), '{}') from feature_flags f where f.org_id = ${orgId} and f.enabled) as flags
      from agents a where a.id = ${agentId}`,
  );
  if (!agent || agent.status !== 'active') return null;
  const permissions = await effectivePermissions(db, agentId);
  return {
    agentId,
    orgId,
    homeOrgId: orgId,
    email: agent.email,
    fullName: agent.full_name,
    isInternal: agent.is_internal,
    isAiAdmin: agent.is_ai_admin,
    permissions,
    rootAll: permissions.has('root_all'),
    featureFlags: new Set(agent.flags ?? []),
    sessionFamily: '00000000-0000-0000-0000-000000000000',
    connection: 'email',
    impersonationLogId: null,
    actorId: null,
  };
}

export interface GenerateOptions {
  /** data rows per XLSX sheet (Excel's 1,048,575 by default; tests shorten it) */
  sheetRows?: number;
  /** rows read from the list per page (its largest page by default; tests use small pages) */
  pageRows?: number;
  /** called after each page is written (tests stop a run here, as a kill would) */
  afterPage?: (rowsWritten: number) => Promise<void> | void;
}

const progress = (written: number, total: number) => JSON.stringify({ rows_written: written, rows_total: total });

async function fail(db: Db, e: ExportRow, message: string) {
  await db.execute(
    sql`update file_exports set status = 'FAILED', error_message = ${message}, finished_at = now()
      where org_id = ${e.org_id} and id = ${e.id} and status in ('REQUESTED', 'GENERATING')`,
  );
}

/** What writing the rows came to: how many of how many, or the status that stopped it (a cancel). */
interface Written {
  written: number;
  total: number;
  stopped: string | null;
}

/** Saves the progress; answers the export's status (GENERATING unless it was canceled meanwhile). */
async function saveProgress(db: Db, e: ExportRow, written: number, total: number): Promise<string> {
  const still = await firstRow<{ status: string }>(
    db,
    sql`update file_exports set parameters = jsonb_set(parameters, '{progress}', ${progress(written, total)}::jsonb)
      where org_id = ${e.org_id} and id = ${e.id} returning status`,
  );
  return still?.status ?? 'missing';
}

/** The source's pages through a row writer, the progress saved after each. */
async function writePages(db: Db, e: ExportRow, source: RowSource, writer: RowWriter, options: GenerateOptions): Promise<Written> {
  let written = 0;
  let total = 0;
  try {
    for (;;) {
      const page = await source.page(written);
      total = Math.max(page.count, written + page.rows.length);
      await writer.write(page.rows);
      written += page.rows.length;
      const status = await saveProgress(db, e, written, total);
      if (status !== 'GENERATING') {
        await writer.abort();
        return { written, total, stopped: status };
      }
      await options.afterPage?.(written);
      if (page.done ?? (page.rows.length === 0 || written >= page.count)) break;
      // PGlite's queries answer without waiting on I/O: requests get their turn between two pages
      if (isEmbedded(db)) await new Promise((resolve) => setImmediate(resolve));
    }
    await writer.close();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return { written, total, stopped: null };
}

/** Rows PostgreSQL writes between two saves of the progress (and looks for a cancel). */
const COPY_PROGRESS_ROWS = 20_000;

/**
 * PostgreSQL's own CSV of the source's query into the file (as it is, or read back into an XLSX's
 * cells in a thread of its own), its records counted for the progress.
 */
async function copyRows(db: Db, e: ExportRow, copy: NonNullable<RowSource['copy']>, writer: CsvBytesWriter, options: GenerateOptions): Promise<Written> {
  const quoting = { quoted: false };
  const every = Math.max(1, Math.min(options.pageRows ?? COPY_PROGRESS_ROWS, COPY_PROGRESS_ROWS));
  let written = 0;
  let saved = 0;
  let stopped: string | null = null;
  const total = () => Math.max(copy.count, written);
  try {
    await copyCsv(db, copy.query, copy.columns, async (chunk) => {
      await writer.write(chunk);
      written += countCsvRecords(chunk, quoting);
      if (written - saved < every) return true;
      saved = written;
      const status = await saveProgress(db, e, written, total());
      if (status !== 'GENERATING') {
        stopped = status;
        return false;
      }
      await options.afterPage?.(written);
      return true;
    });
    if (stopped === null) {
      const status = await saveProgress(db, e, written, total());
      if (status !== 'GENERATING') stopped = status;
    }
    if (stopped !== null) {
      await writer.abort();
      return { written, total: total(), stopped };
    }
    await writer.close();
  } catch (error) {
    await writer.abort();
    throw error;
  }
  return { written, total: total(), stopped: null };
}

/** Writes one export's file; answers what became of it. */
export async function generateExport(db: Db, dataDir: string, orgId: number, exportId: number, options: GenerateOptions = {}): Promise<string> {
  const e = await firstRow<ExportRow>(
    db,
    sql`select id, org_id, export_type, status, parameters, created_by_id from file_exports where org_id = ${orgId} and id = ${exportId}`,
  );
  if (!e || (e.status !== 'REQUESTED' && e.status !== 'GENERATING')) return e?.status ?? 'missing';
  const kind = kindOf(e.export_type);
  const principal = e.created_by_id === null ? null : await requesterPrincipal(db, e.created_by_id, orgId);
  if (!kind || !principal || !hasPermission(principal, READ_PERMISSION[kind])) {
    await fail(db, e, 'The requester may no longer read this list.');
    return 'FAILED';
  }
  const folder = exportFolder(dataDir, orgId);
  await mkdir(folder, { recursive: true });
  const extension = exportExtension(e.export_type);
  const final = join(folder, `${e.id}.${extension}`);
  const part = `${final}.part`;
  await rm(part, { force: true });
  const started = await firstRow<{ id: number }>(
    db,
    sql`update file_exports set status = 'GENERATING', parameters = parameters - 'progress'
      where org_id = ${orgId} and id = ${e.id} and status in ('REQUESTED', 'GENERATING') returning id`,
  );
  if (!started) return 'CANCELED';

  const source = await rowSource(db, principal, kind, e.parameters, options.pageRows);
  let outcome: Written;
  const sheetRows = options.sheetRows ?? XLSX_SHEET_ROWS;
  try {
    if (source.copy) {
      // PostgreSQL: the database writes the rows as CSV; an XLSX reads them back in a thread of its own
      const writer = extension === 'csv' ? csvBytesWriter(part, source.header) : xlsxCsvThreadWriter(part, source.header, sheetRows, source.copy.kinds);
      outcome = await copyRows(db, e, source.copy, writer, options);
    } else {
      const writer =
        extension === 'csv'
          ? csvWriter(part, source.header)
          : // PostgreSQL: the XLSX is written in a thread of its own while this one reads; PGlite's
            // database is in this process already, and the thread's memory would come on top
            (isEmbedded(db) ? xlsxWriter : xlsxThreadWriter)(part, source.header, sheetRows);
      outcome = await writePages(db, e, source, writer, options);
    }
  } finally {
    await source.close?.();
  }
  if (outcome.stopped !== null) {
    await rm(part, { force: true });
    return outcome.stopped;
  }
  const { written, total } = outcome;
  const { size } = await stat(part);
  await rename(part, final);
  const fileName = `${kind.toLowerCase()}-${e.id}.${extension}`;
  const ready = await firstRow<{ id: number }>(
    db,
    sql`update file_exports set status = 'READY_FOR_DOWNLOAD', file_size = ${size}, file_name = ${fileName}, finished_at = now(),
        error_message = null, parameters = jsonb_set(parameters, '{progress}', ${progress(written, total)}::jsonb)
      where org_id = ${orgId} and id = ${e.id} and status = 'GENERATING' returning id`,
  );
  if (!ready) {
    await rm(final, { force: true });
    return 'CANCELED';
  }
  await db.execute(
    sql`insert into notifications (org_id, agent_id, content, entity_type, entity_id)
      values (${orgId}, ${principal.agentId}, ${`Your export #${e.id} (${written} rows) is ready to download.`}, 'FILE_EXPORT', ${e.id})`,
  );
  return 'READY_FOR_DOWNLOAD';
}

async function runExportJob(job: ClaimedJob, ctx: JobContext, options: GenerateOptions) {
  if (job.org_id === null) throw new Error(`job ${job.id} names no organisation`);
  const exportId = Number(job.payload.export_id);
  try {
    return { status: await generateExport(ctx.db, ctx.dataDir, job.org_id, exportId, options) };
  } catch (error) {
    const folder = exportFolder(ctx.dataDir, job.org_id);
    if (job.attempts >= job.max_attempts) {
      await ctx.db.execute(
        sql`update file_exports set status = 'FAILED', error_message = 'The export could not be written. Try again, or narrow the filters.', finished_at = now()
          where org_id = ${job.org_id} and id = ${exportId} and status in ('REQUESTED', 'GENERATING')`,
      );
      await rm(join(folder, `${exportId}.csv.part`), { force: true });
      await rm(join(folder, `${exportId}.xlsx.part`), { force: true });
    }
    throw error;
  }
}

export const exportJobHandlers = (options: GenerateOptions = {}): Record<string, JobHandler> => ({
  [EXPORT_JOB]: (job, ctx) => runExportJob(job, ctx, options),
});
