import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { components } from '../../../openapi/schema.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { firstRow, iso, rows, type SqlRunner } from '../../db/sql.js';
import { wakeWorkers } from '../../jobs/worker.js';
import { audit } from '../../lib/audit.js';
import { conflict, notFound } from '../../lib/errors.js';
import { requireVisibleAlerts } from '../alerts/index.js';
import { listRuleValidations } from '../rules/index.js';
import { defineHandlers, type HandlerContext } from '../types.js';
import { enqueueExport, exportExtension, exportFolder } from './job.js';
import { kindOf, READ_PERMISSION, type ExportKind, type ExportParameters } from './sources/index.js';

/**
 * The file exports list, an export of the alert, case, transaction, action event, rule or SAR filings list or of an alert's
 * entities or instruments, of a rule's validation runs or of the risk ratings list, cancel and download. Every
 * agent works with the exports they asked for; system_exports (or root_all) reaches every export
 * of the organisation.
 */

type S = components['schemas'];

interface ExportRow {
  id: number;
  created_at: Date | string;
  export_type: string;
  request_source: string;
  file_size: number | null;
  status: S['FileExportStatus'];
  file_name: string | null;
  parameters: { progress?: S['FileExportProgress'] } | null;
  created_by_id: number | null;
  created_by_name: string | null;
  finished_at: Date | string | null;
  error_message: string | null;
  content: string | null;
}

const COLUMNS = sql`fe.id, fe.created_at, fe.export_type, fe.request_source, fe.file_size::float8 as file_size, fe.status, fe.file_name,
  fe.parameters, fe.created_by_id, ag.full_name as created_by_name, fe.finished_at, fe.error_message, fe.content`;

/** Stored names that differ from the contract's (seeded rows use them). */
const EXPORT_TYPES: Record<string, string> = { RISK_RATING_CSV: 'RISK_RATINGS_CSV' };
const REQUEST_SOURCES: Record<string, S['FileExportRequestSource']> = { CONSOLE: 'CONSOLE', API: 'API', AI_CHAT: 'CONSOLE', SCHEDULED: 'SYSTEM' };

function toItem(r: ExportRow): S['FileExportItem'] {
  const p = r.parameters?.progress;
  return {
    id: r.id,
    created_at: iso(r.created_at),
    export_type: (EXPORT_TYPES[r.export_type] ?? r.export_type) as S['FileExportType'],
    request_source: REQUEST_SOURCES[r.request_source] ?? 'SYSTEM',
    file_size: r.file_size === null ? null : Number(r.file_size),
    status: r.status,
    file_name: r.file_name,
    progress: p && Number.isInteger(p.rows_written) && Number.isInteger(p.rows_total) ? { rows_written: p.rows_written, rows_total: p.rows_total } : null,
    created_by_id: r.created_by_id,
    created_by_name: r.created_by_name,
    finished_at: iso(r.finished_at),
    error_message: r.error_message,
  };
}

const seesAll = (p: Principal) => hasPermission(p, 'system_exports');

/** The exports the caller may see: their own, or all of the organisation's with system_exports. */
const visible = (p: Principal) => (seesAll(p) ? sql`fe.org_id = ${p.orgId}` : sql`fe.org_id = ${p.orgId} and fe.created_by_id = ${p.agentId}`);

async function oneExport(db: SqlRunner, p: Principal, id: number): Promise<ExportRow> {
  const row = await firstRow<ExportRow>(
    db,
    sql`select ${COLUMNS} from file_exports fe left join agents ag on ag.id = fe.created_by_id where ${visible(p)} and fe.id = ${id}`,
  );
  if (!row) throw notFound('File export');
  return row;
}

async function requestExport(
  ctx:
    | HandlerContext<'requestAlertExport'>
    | HandlerContext<'requestCaseExport'>
    | HandlerContext<'requestTransactionExport'>
    | HandlerContext<'requestActionEventExport'>
    | HandlerContext<'requestRuleExport'>
    | HandlerContext<'requestSarFilingExport'>
    | HandlerContext<'requestEntityExport'>
    | HandlerContext<'requestInstrumentExport'>
    | HandlerContext<'requestRuleValidationExport'>
    | HandlerContext<'requestRiskRatingExport'>,
  kind: ExportKind,
  params: ExportParameters,
) {
  const { db, principal, req, reply } = ctx;
  const exportType = params.format === 'CSV' ? `${kind}_CSV` : kind;
  const parameters = { format: params.format, columns: params.columns ?? [], filters: { ...params.filters, limit: undefined, offset: undefined } };
  const id = await db.transaction(async (tx) => {
    const created = await firstRow<{ id: number }>(
      tx,
      sql`insert into file_exports (org_id, export_type, request_source, status, parameters, created_by_id)
        values (${principal.orgId}, ${exportType}, 'CONSOLE', 'REQUESTED', ${JSON.stringify(parameters)}::jsonb, ${principal.agentId}) returning id`,
    );
    await enqueueExport(tx, principal.orgId, created!.id);
    await audit(tx, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'file_export.requested',
      objectType: 'FILE_EXPORT',
      objectId: created!.id,
      details: { export_type: exportType, ...parameters },
    });
    return created!.id;
  });
  wakeWorkers();
  reply.code(201);
  return toItem(await oneExport(db, principal, id));
}

function sendFile(reply: FastifyReply, row: ExportRow, path: string | null) {
  const csv = exportExtension(row.export_type) === 'csv';
  const name = row.file_name ?? `export-${row.id}.${csv ? 'csv' : 'xlsx'}`;
  reply
    .type(csv ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');
  return (path ? createReadStream(path) : row.content) as unknown as string;
}

export const exportHandlers = defineHandlers({
  async listFileExports({ db, principal, query }) {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const [count, found] = await Promise.all([
      firstRow<{ count: number }>(db, sql`select count(*)::int as count from file_exports fe where ${visible(principal)}`),
      rows<ExportRow>(
        db,
        sql`select ${COLUMNS} from file_exports fe left join agents ag on ag.id = fe.created_by_id
          where ${visible(principal)} order by fe.created_at desc, fe.id desc limit ${limit} offset ${offset}`,
      ),
    ]);
    return { count: count?.count ?? 0, file_exports: found.map(toItem) };
  },

  async requestAlertExport(ctx) {
    return requestExport(ctx, 'ALERTS', ctx.body);
  },

  async requestCaseExport(ctx) {
    return requestExport(ctx, 'CASES', ctx.body);
  },

  async requestTransactionExport(ctx) {
    return requestExport(ctx, 'TRANSACTIONS', ctx.body);
  },

  async requestActionEventExport(ctx) {
    return requestExport(ctx, 'EVENTS', ctx.body);
  },

  async requestRuleExport(ctx) {
    return requestExport(ctx, 'RULES', ctx.body);
  },

  async requestSarFilingExport(ctx) {
    return requestExport(ctx, 'SAR_FILINGS', ctx.body);
  },

  async requestEntityExport(ctx) {
    await requireVisibleAlerts(ctx.db, ctx.principal, ctx.body.filters.alert_ids);
    return requestExport(ctx, 'ENTITIES', ctx.body);
  },

  async requestInstrumentExport(ctx) {
    await requireVisibleAlerts(ctx.db, ctx.principal, ctx.body.filters.alert_ids);
    return requestExport(ctx, 'INSTRUMENTS', ctx.body);
  },

  async requestRuleValidationExport(ctx) {
    await listRuleValidations(ctx.db, ctx.principal, ctx.body.filters.rule_id);
    return requestExport(ctx, 'RULE_VALIDATIONS', ctx.body);
  },

  async requestRiskRatingExport(ctx) {
    return requestExport(ctx, 'RISK_RATINGS', ctx.body);
  },

  async cancelFileExport({ db, principal, params, req }) {
    await oneExport(db, principal, params.id);
    const canceled = await firstRow<{ id: number }>(
      db,
      sql`update file_exports set status = 'CANCELED', finished_at = now()
        where org_id = ${principal.orgId} and id = ${params.id} and status in ('REQUESTED', 'GENERATING') returning id`,
    );
    if (!canceled) throw conflict('Only an export that is requested or being generated can be canceled.');
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'file_export.canceled',
      objectType: 'FILE_EXPORT',
      objectId: params.id,
    });
    return toItem(await oneExport(db, principal, params.id));
  },

  async downloadFileExport({ db, principal, params, req, reply, services }) {
    const row = await oneExport(db, principal, params.id);
    const kind = kindOf(row.export_type);
    if (kind && !hasPermission(principal, READ_PERMISSION[kind])) throw notFound('File export');
    if (row.status !== 'READY_FOR_DOWNLOAD') throw conflict('The export is not ready for download.');
    const path = join(exportFolder(services.config.dataDir, principal.orgId), `${row.id}.${exportExtension(row.export_type)}`);
    const onDisk = existsSync(path);
    if (!onDisk && row.content === null) throw notFound('File export');
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'file_export.downloaded',
      objectType: 'FILE_EXPORT',
      objectId: row.id,
      details: { export_type: row.export_type, file_name: row.file_name },
    });
    return sendFile(reply, row, onDisk ? path : null);
  },
});
