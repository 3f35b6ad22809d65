import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Db } from '../../db/client.js';
import type { Principal } from '../../auth/principal.js';
import { fieldKeyOrNull } from '../../domain/censorship/key.js';
import { openErrorCells } from '../../domain/censorship/sealed-cells.js';
import { readHeader } from '../../domain/ingestion/csv.js';
import { NATIVE_FIELDS, type ObjectType } from '../../domain/ingestion/fields.js';
import { INTERNAL_FAILURE, loadSettings, savedMapping } from '../../domain/ingestion/job.js';
import { effectiveMapping } from '../../domain/ingestion/mapping.js';
import { openStored } from '../../domain/ingestion/storage.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, iso, rows, type SqlRunner } from '../../db/sql.js';
import { mayReadSetting, principalTeamIds, type CensorshipSetting } from '../../domain/censorship/access.js';

type Schemas = components['schemas'];

export const TIME_ZONES = new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);

export interface FileRow {
  id: number;
  stream: string;
  file_name: string;
  status: string;
  is_dry_run: boolean;
  created_at: Date | string;
  object_type: string;
  time_zone: string;
  byte_size: number | string | null;
  storage_path: string | null;
  has_content: boolean;
}

interface ExecutionRow {
  id: number;
  file_id: number;
  queued_at: Date | string;
  finished_at: Date | string | null;
  success_count: number;
  failure_count: number;
  skip_count: number;
  total_count: number;
  is_dry_run: boolean;
}

export interface ErrorRow {
  execution_id: number;
  error_group: string;
  row_number: number | null;
  value: string | null;
  raw_data: Record<string, unknown> | null;
  type: string;
  count: number;
  columns: string[] | null;
  annotation: string | null;
  annotation_type: string | null;
  transformation: string | null;
}

const FILE_COLUMNS = sql`id, stream, file_name, status, is_dry_run, created_at, object_type, time_zone, byte_size, storage_path, content is not null as has_content`;

export async function fileRow(db: SqlRunner, orgId: number, fileId: number): Promise<FileRow> {
  const file = await firstRow<FileRow>(db, sql`select ${FILE_COLUMNS} from flat_files where org_id = ${orgId} and id = ${fileId}`);
  if (!file) throw notFound('File');
  return file;
}

/** How a reader sees sealed cells: the field key and which censored settings they may read. */
export interface CellReader {
  key: Buffer | null;
  mayRead: (settingId: number) => boolean;
}

/** Sealed cells stay masked (the file list's error summaries). */
const MASKED: CellReader = { key: null, mayRead: () => false };

/**
 * The error log's reader: sealed cells of a censored column open for an agent the column's data
 * setting lets read it (a grant to them or their team, root_all, or decrypt_encrypted_data for an
 * encrypted one), exactly as the setting's values do on the objects themselves.
 */
export async function cellReaderFor(db: SqlRunner, principal: Principal): Promise<CellReader> {
  const [settings, teamIds] = await Promise.all([
    rows<{ id: number } & CensorshipSetting>(
      db,
      sql`select id, censorship_setting, team_ids_with_censorship_read_permission as team_ids, agent_ids_with_censorship_read_permission as agent_ids
        from data_settings where org_id = ${principal.orgId} and censorship_setting <> 'ALWAYS_VISIBLE'`,
    ),
    principalTeamIds(db, principal),
  ]);
  const readable = new Set(settings.filter((s) => mayReadSetting(principal, teamIds, s)).map((s) => s.id));
  return { key: readable.size ? fieldKeyOrNull() : null, mayRead: (id) => readable.has(id) };
}

export function toError(stored: ErrorRow, reader: CellReader = MASKED): Schemas['FlatFileError'] {
  // cells of censored columns are stored sealed (censorship/sealed-cells.ts): opened for a reader allowed to see them
  const e = openErrorCells(stored, reader.key, reader.mayRead);
  return {
    row_number: e.row_number,
    value: e.value,
    raw_data: e.raw_data,
    type: e.type.toLowerCase() as Schemas['FlatFileErrorType'],
    count: e.count,
    columns: e.columns ?? [],
    annotation: storedBeforeGenericFailures(e) ? INTERNAL_FAILURE : e.annotation,
    annotation_type: e.annotation_type,
    transformation: e.transformation,
  };
}

/** A failure recorded before they were made generic: its text quotes the failed SQL and a batch's rows. */
function storedBeforeGenericFailures(e: ErrorRow): boolean {
  return e.error_group === 'unhandled_exceptions' && e.row_number === null && Boolean(e.annotation?.startsWith('Processing stopped: '));
}

export function groupErrors(list: readonly ErrorRow[], reader: CellReader = MASKED) {
  return {
    annotation_transformation_exceptions: list.filter((e) => e.error_group !== 'unhandled_exceptions').map((e) => toError(e, reader)),
    unhandled_exceptions: list.filter((e) => e.error_group === 'unhandled_exceptions').map((e) => toError(e, reader)),
  };
}

/** Files with their latest execution; errors grouped by type (first row and how many). */
export async function toFlatFiles(db: SqlRunner, orgId: number, files: readonly FileRow[]): Promise<Schemas['FlatFile'][]> {
  if (!files.length) return [];
  const ids = sql.join(
    files.map((f) => sql`${f.id}`),
    sql`, `,
  );
  const executions = await rows<ExecutionRow>(
    db,
    sql`select distinct on (file_id) id, file_id, queued_at, finished_at, success_count, failure_count, skip_count, total_count, is_dry_run
      from flat_file_executions where org_id = ${orgId} and file_id in (${ids}) order by file_id, queued_at desc, id desc`,
  );
  const errors = executions.length
    ? await rows<ErrorRow>(
        db,
        sql`select distinct on (execution_id, error_group, type) execution_id, error_group, row_number, value, raw_data, type,
            (sum(count) over (partition by execution_id, error_group, type))::int as count, columns, annotation, annotation_type, transformation
          from flat_file_errors where org_id = ${orgId} and execution_id in (${sql.join(
            executions.map((e) => sql`${e.id}`),
            sql`, `,
          )})
          order by execution_id, error_group, type, row_number nulls last, id`,
      )
    : [];
  return files.map((f) => {
    const e = executions.find((x) => x.file_id === f.id);
    return {
      id: f.id,
      stream: f.stream,
      file_name: f.file_name,
      status: f.status.toLowerCase() as Schemas['FlatFileStatus'],
      is_dry_run: f.is_dry_run,
      created_at: iso(f.created_at),
      object_type: f.object_type as Schemas['FlatFileObjectType'],
      time_zone: f.time_zone,
      byte_size: f.byte_size === null ? null : Number(f.byte_size),
      latest_execution: e
        ? {
            queued_at: iso(e.queued_at),
            finished_at: iso(e.finished_at),
            success_count: e.success_count,
            failure_count: e.failure_count,
            skip_count: e.skip_count,
            total_count: e.total_count,
            is_dry_run: e.is_dry_run,
            errors: groupErrors(errors.filter((x) => x.execution_id === e.id)),
          }
        : null,
    };
  });
}

export async function listFiles(db: SqlRunner, orgId: number, limit: number, offset: number): Promise<FileRow[]> {
  return rows<FileRow>(
    db,
    sql`select ${FILE_COLUMNS} from flat_files where org_id = ${orgId} order by created_at desc, id desc limit ${limit} offset ${offset}`,
  );
}

/** The header row of a file's bytes (on disk, or the demo's stored text). */
export async function headerOf(dataDir: string, file: Pick<FileRow, 'storage_path'> & { content?: string | null }): Promise<string[]> {
  const source = file.storage_path ? openStored(dataDir, file.storage_path) : Readable.from([file.content ?? '']);
  try {
    return await readHeader(source);
  } finally {
    if ('destroy' in source) source.destroy();
  }
}

export async function streamTimeZone(db: SqlRunner, orgId: number, stream: string): Promise<string> {
  const row = await firstRow<{ time_zone: string }>(db, sql`select time_zone from data_streams where org_id = ${orgId} and name = ${stream}`);
  return row?.time_zone ?? 'UTC';
}

export async function listStreamRows(db: SqlRunner, orgId: number): Promise<Schemas['Stream'][]> {
  const list = await rows<{
    stream: string;
    time_zone: string;
    object_types: string[] | null;
    file_count: number;
    last_upload_at: Date | string | null;
  }>(
    db,
    sql`with names as (select name from data_streams where org_id = ${orgId} union select stream from flat_files where org_id = ${orgId})
      select n.name as stream, coalesce(s.time_zone, 'UTC') as time_zone,
        array(select t from (select m.object_type as t from stream_mappings m where m.org_id = ${orgId} and m.stream_id = s.id
                             union select f.object_type from flat_files f where f.org_id = ${orgId} and f.stream = n.name) x order by t) as object_types,
        (select count(*)::int from flat_files f where f.org_id = ${orgId} and f.stream = n.name) as file_count,
        (select max(f.created_at) from flat_files f where f.org_id = ${orgId} and f.stream = n.name) as last_upload_at
      from names n left join data_streams s on s.org_id = ${orgId} and s.name = n.name
      order by n.name`,
  );
  return list.map((s) => ({
    ...s,
    object_types: (s.object_types ?? []) as Schemas['FlatFileObjectType'][],
    last_upload_at: iso(s.last_upload_at),
  }));
}

export async function streamMapping(db: Db, dataDir: string, orgId: number, stream: string, type: ObjectType): Promise<Schemas['StreamMapping']> {
  const [settings, saved, zone] = await Promise.all([loadSettings(db, orgId), savedMapping(db, orgId, stream, type), streamTimeZone(db, orgId, stream)]);
  const newest = await firstRow<{
    storage_path: string | null;
    content: string | null;
  }>(
    db,
    sql`select storage_path, content from flat_files where org_id = ${orgId} and stream = ${stream} and object_type = ${type}
        and (storage_path is not null or content is not null) order by created_at desc, id desc limit 1`,
  );
  const header = newest ? await headerOf(dataDir, newest).catch(() => []) : [];
  return {
    stream,
    object_type: type,
    time_zone: zone,
    saved: Boolean(saved),
    updated_at: saved ? iso(saved.updated_at) : null,
    columns: effectiveMapping(saved?.columns ?? [], header, type, settings),
    native_fields: NATIVE_FIELDS[type].map(({ aliases: _a, ...f }) => f),
  };
}
