import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { isEmbedded, type Db } from '../../db/client.js';
import type { JobHandler, JobLog } from '../../jobs/worker.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { fieldKeyOrNull } from '../censorship/key.js';
import { CsvReader, printable, type CsvRecord } from './csv.js';
import { NATIVE_FIELDS, isObjectType, type ObjectType } from './fields.js';
import { planColumns, type ColumnMapping, type SettingInfo } from './mapping.js';
import { badBytesProblem, parseRow, rowError, unmappedRequired, type ParsedRow, type RowContext, type RowError } from './rows.js';
import { openStored } from './storage.js';
import { RefIds, upsertBatch } from './upsert.js';
import { OrderedBatches } from './ordered.js';
import { enqueueScoreEntities } from '../risk/jobs.js';
import { enqueueDetection } from '../detection/index.js';
import { recordErrors, rememberRecentValues } from './job.writes.js';

/**
 * The durable processing of one execution of a file. The file is streamed from disk and read
 * record by record; rows are written in batches, and each batch's rows, its errors, the execution's
 * counts and last_row_number commit in one transaction. A run that dies (the process is killed)
 * is claimed again by a worker once its lease runs out and resumes after last_row_number, so the
 * counts always equal what the database holds and no row is written twice (upserts by external id
 * would make even that harmless).
 */

export const INGEST_JOB = 'ingestion.process';
/** Rows per batch unless the server's configuration says otherwise (ServerConfig.ingestBatchRows). */
export const DEFAULT_BATCH_ROWS = 5000;

interface ExecutionState {
  id: number;
  org_id: number;
  file_id: number;
  status: string;
  is_dry_run: boolean;
  last_row_number: number;
  error_count: number;
  stream: string;
  object_type: string;
  time_zone: string;
  storage_path: string | null;
  content: string | null;
}

/**
 * What the file's error log says when processing stops on an error it does not expect (a database
 * error, a bug). The error's own text may quote SQL and the rows of a batch, so it goes to the
 * server log only.
 */
export const INTERNAL_FAILURE =
  'Processing stopped because of an internal error. The rows counted as loaded are saved; run the file again, and report the file if it fails again.';

/** The execution was deleted or taken over: stop without touching it. */
class Superseded extends Error {}
/** The file cannot be processed however often it is tried. */
class Unprocessable extends Error {}

export async function loadSettings(db: SqlRunner, orgId: number): Promise<SettingInfo[]> {
  return rows<SettingInfo>(
    db,
    sql`select id, key_path, data_type, key_type, configured_flow, censorship_setting, enum_set from data_settings where org_id = ${orgId} order by id`,
  );
}

export async function savedMapping(
  db: SqlRunner,
  orgId: number,
  stream: string,
  type: string,
): Promise<{ columns: ColumnMapping[]; updated_at: Date | string } | undefined> {
  return firstRow(
    db,
    sql`select m.columns, m.updated_at from stream_mappings m join data_streams s on s.org_id = m.org_id and s.id = m.stream_id
      where m.org_id = ${orgId} and s.name = ${stream} and m.object_type = ${type}`,
  );
}

async function markFailed(db: Db, ex: ExecutionState, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    await recordErrors(tx, ex.org_id, ex.id, 0, [
      rowError(
        null,
        {
          type: 'UNKNOWN_ERROR',
          annotation: message,
          annotation_type: null,
          transformation: null,
        },
        [],
        null,
        null,
      ),
    ]);
    await tx.execute(
      sql`update flat_file_executions set status = 'FAILED', finished_at = now(), error_count = error_count + 1 where id = ${ex.id} and org_id = ${ex.org_id}`,
    );
    await tx.execute(sql`update flat_files set status = 'FAILED', updated_at = now() where id = ${ex.file_id} and org_id = ${ex.org_id}`);
  });
}

export async function processExecution(
  db: Db,
  dataDir: string,
  orgId: number,
  executionId: number,
  final = true,
  batchRows = DEFAULT_BATCH_ROWS,
  log: JobLog = () => {},
  fieldKey: Buffer | null = null,
): Promise<Record<string, unknown>> {
  const ex = await firstRow<ExecutionState>(
    db,
    sql`select e.id, e.org_id, e.file_id, e.status, e.is_dry_run, e.last_row_number, e.error_count,
        f.stream, f.object_type, f.time_zone, f.storage_path, f.content
      from flat_file_executions e join flat_files f on f.org_id = e.org_id and f.id = e.file_id
      where e.id = ${executionId} and e.org_id = ${orgId}`,
  );
  if (!ex) return { skipped: 'the file was deleted' };
  if (ex.status === 'FINISHED' || ex.status === 'FAILED') return { skipped: `already ${ex.status.toLowerCase()}` };
  if (!isObjectType(ex.object_type)) {
    await markFailed(db, ex, `Unknown object type ${ex.object_type}.`);
    return { failed: true };
  }
  await db.execute(sql`update flat_file_executions set status = 'PROCESSING' where id = ${ex.id} and org_id = ${orgId}`);
  await db.execute(sql`update flat_files set status = 'PROCESSING', updated_at = now() where id = ${ex.file_id} and org_id = ${orgId}`);
  try {
    const result = await run(db, dataDir, ex, ex.object_type, batchRows, fieldKey);
    await db.transaction(async (tx) => {
      await tx.execute(sql`update flat_file_executions set status = 'FINISHED', finished_at = now() where id = ${ex.id} and org_id = ${orgId}`);
      await tx.execute(sql`update flat_files set status = 'FINISHED', updated_at = now() where id = ${ex.file_id} and org_id = ${orgId}`);
    });
    return result;
  } catch (err) {
    if (err instanceof Superseded) return { stopped: err.message };
    // a missing file cannot get better with retries; anything else is retried until the last attempt
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
    if (!final && !missing && !(err instanceof Unprocessable)) throw err;
    const message = err instanceof Unprocessable ? err.message : missing ? 'The uploaded file is no longer on disk.' : INTERNAL_FAILURE;
    if (message === INTERNAL_FAILURE)
      log('error', `ingestion of file ${ex.file_id} (execution ${ex.id}) failed`, { err: String(err), stack: (err as Error)?.stack });
    await markFailed(db, ex, message);
    return { failed: true };
  }
}

async function run(
  db: Db,
  dataDir: string,
  ex: ExecutionState,
  type: ObjectType,
  batchRows: number,
  configuredKey: Buffer | null,
): Promise<Record<string, unknown>> {
  const settings = await loadSettings(db, ex.org_id);
  const saved = await savedMapping(db, ex.org_id, ex.stream, type);
  const fieldKey = settings.some((s) => s.censorship_setting === 'ENCRYPTED') ? (fieldKeyOrNull() ?? configuredKey) : null;
  const required = NATIVE_FIELDS[type].filter((f) => f.required).map((f) => f.field);
  const source: AsyncIterable<Buffer | string> = ex.storage_path ? openStored(dataDir, ex.storage_path) : Readable.from([ex.content ?? '']);

  let ctx: RowContext | null = null;
  let mapped = new Set<string>();
  let last = ex.last_row_number;
  let recorded = ex.error_count;
  let batch: ParsedRow[] = [];
  let errors: RowError[] = [];
  let success = 0;
  let failure = 0;
  let batchLast = last;
  let processed = 0;
  const refIds = new RefIds();
  // PostgreSQL writes a batch while the one before it commits; see OrderedBatches
  const overlap = !ex.is_dry_run && !isEmbedded(db);
  const writer = new OrderedBatches(db, String(ex.id), overlap);
  let previousIds: ReadonlySet<string> = new Set();

  const flush = async () => {
    if (batchLast === last) return;
    const rowsToWrite = batch;
    const errorsToWrite = errors;
    const from = last;
    const upTo = batchLast;
    const ok = success;
    const bad = failure;
    const refs = refIds.forBatch();
    // with two batches in flight, a row the batch before this one also writes waits for it: the
    // later row must win (one batch at a time, the order is the file's anyway)
    let repeats = false;
    if (overlap) {
      const ids = new Set(rowsToWrite.map((r) => String(r.fields.external_id)));
      repeats = [...ids].some((id) => previousIds.has(id));
      previousIds = ids;
    }
    last = batchLast;
    batch = [];
    errors = [];
    success = 0;
    failure = 0;
    await writer.write(
      async (tx, previousCommitted) => {
        if (!ex.is_dry_run) {
          if (repeats) await previousCommitted();
          const written = await upsertBatch(tx, ex.org_id, type, rowsToWrite, mapped, refs, previousCommitted);
          await previousCommitted();
          // new and changed customers are scored under the active risk model, and new and changed
          // events evaluated by the live rules, both queued with the batch
          if (type === 'entities') await enqueueScoreEntities(tx, ex.org_id, written);
          if (type === 'transactions') await enqueueDetection(tx, ex.org_id, 'TRANSACTION', written);
          if (type === 'action_events') await enqueueDetection(tx, ex.org_id, 'ACTION_EVENT', written);
        }
        const written = await recordErrors(tx, ex.org_id, ex.id, recorded, errorsToWrite);
        const moved = await firstRow<{ id: number }>(
          tx,
          sql`update flat_file_executions set success_count = success_count + ${ok}, failure_count = failure_count + ${bad},
              total_count = total_count + ${ok + bad}, last_row_number = ${upTo}, error_count = error_count + ${written}
            where id = ${ex.id} and org_id = ${ex.org_id} and last_row_number = ${from} and status = 'PROCESSING' returning id`,
        );
        if (!moved) throw new Superseded('the execution was deleted or another worker moved it on');
        if (!ex.is_dry_run) await rememberRecentValues(tx, ex.org_id, rowsToWrite);
        recorded += written;
      },
      () => {
        refs.commit();
        processed += ok + bad;
      },
    );
    // On PGlite the job shares the server's one thread and one connection: between batches the
    // event loop gets a turn, so requests (the file's progress among them) are answered mid-file.
    await new Promise<void>((resolve) => setImmediate(resolve));
  };

  const handle = async (rec: CsvRecord) => {
    if (rec.rowNumber === 1) {
      // column names take part in every row error: a header PostgreSQL cannot store fails the file
      const unstorable = badBytesProblem('The header row', rec.cells);
      if (unstorable) throw new Unprocessable(unstorable);
      const header = rec.cells.map((c) => c.trim());
      const plan = planColumns(header, saved?.columns ?? [], type, settings);
      ctx = {
        type,
        header,
        plan,
        zone: ex.time_zone,
        fieldKey,
        missing: unmappedRequired(plan, required),
      };
      mapped = new Set(plan.flatMap((p) => (p.kind === 'native' ? [p.field.field] : [])));
      return;
    }
    if (rec.rowNumber <= last || !ctx) return; // committed before a restart
    const parsed = parseRow(ctx, rec.rowNumber, rec.cells);
    if (Array.isArray(parsed)) {
      failure++;
      errors.push(...parsed);
    } else {
      success++;
      batch.push(parsed);
    }
    batchLast = rec.rowNumber;
    if (success + failure >= batchRows) await flush();
  };

  try {
    const reader = new CsvReader();
    for await (const chunk of source) for (const rec of reader.push(chunk)) await handle(rec);
    const { records, unterminated } = reader.end();
    for (const rec of records) await handle(rec);
    if (unterminated && unterminated.rowNumber > last) {
      failure++;
      errors.push(
        rowError(
          unterminated.rowNumber,
          {
            type: 'UNKNOWN_ERROR',
            annotation: 'A quoted value is not closed before the end of the file.',
            annotation_type: null,
            transformation: null,
          },
          [],
          printable(unterminated.cells[0].slice(0, 200)),
          null,
        ),
      );
      batchLast = unterminated.rowNumber;
    }
    await flush();
    await writer.finish();
  } catch (err) {
    // nothing is reported while a batch is still being written
    await writer.settle();
    throw err;
  }
  if (!ctx && last === 0) throw new Unprocessable('The file has no header row.');
  return { rows: processed, last_row_number: last };
}

/** The ingestion job, with the batch size and field key of the server's configuration. */
export function ingestionJobHandlers({ batchRows = DEFAULT_BATCH_ROWS, fieldKey = null }: { batchRows?: number; fieldKey?: Buffer | null } = {}): Record<
  string,
  JobHandler
> {
  return {
    [INGEST_JOB]: async (job, ctx) => {
      const executionId = Number(job.payload.execution_id);
      if (job.org_id === null || !Number.isInteger(executionId)) throw new Error(`job ${job.id} names no execution`);
      return processExecution(ctx.db, ctx.dataDir, job.org_id, executionId, job.attempts >= job.max_attempts, batchRows, ctx.log, fieldKey);
    },
  };
}
