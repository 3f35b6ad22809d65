import { sql } from 'drizzle-orm';
import { iso } from '../../db/sql.js';
import type { components } from '../../../openapi/schema.js';

type FileExport = components['schemas']['FileExport'];

export interface FileExportRow {
  id: number;
  created_at: Date | string;
  export_type: string;
  request_source: string;
  file_size: number | null;
  status: string;
}

/** file_exports columns for toFileExport, from the table aliased `fe`. */
export const FILE_EXPORT_COLUMNS = sql`fe.id, fe.created_at, fe.export_type, fe.request_source, fe.file_size::float8 as file_size, fe.status`;

/** The stored names that differ from the contract's FileExportType. */
const EXPORT_TYPES: Record<string, string> = { RISK_RATING_CSV: 'RISK_RATINGS_CSV' };

/** Stored request sources: CONSOLE, API, AI_CHAT (asked for in the console's chat), SCHEDULED (by the system). */
const REQUEST_SOURCES: Record<string, FileExport['request_source']> = { CONSOLE: 'CONSOLE', API: 'API', AI_CHAT: 'CONSOLE', SCHEDULED: 'SYSTEM' };

export function toFileExport(row: FileExportRow): FileExport {
  return {
    id: row.id,
    created_at: iso(row.created_at),
    export_type: (EXPORT_TYPES[row.export_type] ?? row.export_type) as FileExport['export_type'],
    request_source: REQUEST_SOURCES[row.request_source] ?? 'SYSTEM',
    file_size: row.file_size === null ? null : Number(row.file_size),
    status: row.status as FileExport['status'],
  };
}

export interface SessionRow {
  id: number;
  created_at: Date | string;
  updated_at: Date | string;
  is_waiting: boolean;
  fe_id: number | null;
  fe_created_at: Date | string | null;
  fe_export_type: string | null;
  fe_request_source: string | null;
  fe_file_size: number | null;
  fe_status: string | null;
}

/** chat_sessions (aliased `s`) with their file export (left-joined as `fe`). */
export const SESSION_COLUMNS = sql`s.id, s.created_at, s.updated_at, s.is_waiting,
  fe.id as fe_id, fe.created_at as fe_created_at, fe.export_type as fe_export_type, fe.request_source as fe_request_source,
  fe.file_size::float8 as fe_file_size, fe.status as fe_status`;

export function toSessionSummary(row: SessionRow) {
  return {
    id: row.id,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    is_waiting: row.is_waiting,
    file_export_details:
      row.fe_id === null
        ? null
        : toFileExport({
            id: row.fe_id,
            created_at: row.fe_created_at!,
            export_type: row.fe_export_type!,
            request_source: row.fe_request_source!,
            file_size: row.fe_file_size,
            status: row.fe_status!,
          }),
  };
}

export interface MessageRow {
  id: number;
  role: 'user' | 'assistant';
  message: string;
  image_link: string | null;
  created_at: Date | string;
}

export const toMessage = (m: MessageRow) => ({ ...m, created_at: iso(m.created_at) });
