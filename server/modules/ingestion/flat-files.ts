import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { INGEST_JOB } from '../../domain/ingestion/job.js';
import { isObjectType, type ObjectType } from '../../domain/ingestion/fields.js';
import { NOT_TEXT, UploadNotText, UploadTooLarge, relativePath, removeStored, saveUpload } from '../../domain/ingestion/storage.js';
import { enqueueJob } from '../../jobs/queue.js';
import { wakeWorkers } from '../../jobs/worker.js';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { firstRow, rows, type SqlRunner } from '../../db/sql.js';
import { TIME_ZONES, cellReaderFor, fileRow, groupErrors, headerOf, listFiles, streamTimeZone, toFlatFiles, type ErrorRow } from './flat-files.queries.js';
import { defineHandlers } from '../types.js';

/** The media types a flat file's content is uploaded as (read as a stream, see lib/upload-bodies.ts). */
export const FLAT_FILE_MEDIA_TYPES = ['text/csv', 'application/octet-stream'] as const;

const BUSY = ['PENDING_UPLOAD', 'QUEUED', 'PROCESSING'];

export function checkZone(zone: string | undefined, path: string) {
  if (zone !== undefined && !TIME_ZONES.has(zone)) throw badRequest(`Unknown time zone ${zone}.`, [{ path, message: 'is not a known time zone' }]);
}

export function objectType(value: string): ObjectType {
  if (!isObjectType(value)) throw badRequest(`Unknown object type ${value}.`);
  return value;
}

/** A new execution of the file and the durable job that processes it, in the caller's transaction. */
async function queueExecution(tx: SqlRunner, orgId: number, fileId: number, dryRun: boolean): Promise<number> {
  const execution = await firstRow<{ id: number }>(
    tx,
    sql`insert into flat_file_executions (org_id, file_id, status, is_dry_run) values (${orgId}, ${fileId}, 'QUEUED', ${dryRun}) returning id`,
  );
  const jobId = await enqueueJob(tx, {
    orgId,
    kind: INGEST_JOB,
    payload: { execution_id: execution!.id, file_id: fileId },
  });
  await tx.execute(sql`update flat_file_executions set job_id = ${jobId} where id = ${execution!.id}`);
  return execution!.id;
}

/** Flat files: creating one, uploading its content, running it (for real or dry), its errors and columns, deleting it. */
export const flatFilesHandlers = defineHandlers({
  async listDatafiles({ db, principal, query }) {
    const total = await firstRow<{ count: number }>(db, sql`select count(*)::int as count from flat_files where org_id = ${principal.orgId}`);
    const files = await listFiles(db, principal.orgId, query.limit ?? 20, query.offset ?? 0);
    return {
      count: total?.count ?? 0,
      files: await toFlatFiles(db, principal.orgId, files),
    };
  },

  async createDatafile({ db, req, reply, principal, body }) {
    checkZone(body.time_zone, 'body/time_zone');
    const zone = body.time_zone ?? (await streamTimeZone(db, principal.orgId, body.stream));
    const created = await db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into data_streams (org_id, name, time_zone) values (${principal.orgId}, ${body.stream}, ${zone}) on conflict (org_id, name) do nothing`,
      );
      return firstRow<{ id: number }>(
        tx,
        sql`insert into flat_files (org_id, stream, file_name, status, is_dry_run, object_type, time_zone, uploaded_by_id)
          values (${principal.orgId}, ${body.stream}, ${body.file_name}, 'PENDING_UPLOAD', ${body.dry_run ?? false}, ${body.object_type}, ${zone}, ${principal.agentId})
          returning id`,
      );
    });
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'datafile.created',
      objectType: 'FLAT_FILE',
      objectId: created!.id,
      details: {
        stream: body.stream,
        file_name: body.file_name,
        object_type: body.object_type,
        dry_run: body.dry_run ?? false,
      },
    });
    reply.code(201);
    return (await toFlatFiles(db, principal.orgId, [await fileRow(db, principal.orgId, created!.id)]))[0];
  },

  async getDatafile({ db, principal, params }) {
    return (await toFlatFiles(db, principal.orgId, [await fileRow(db, principal.orgId, params.fileId)]))[0];
  },

  async uploadDatafileContent({ db, req, principal, params, services }) {
    const file = await fileRow(db, principal.orgId, params.fileId);
    if (file.status !== 'PENDING_UPLOAD') throw conflict('The file is already uploaded.');
    const body = req.body;
    if (!(body instanceof Readable)) throw badRequest(`Send the file as ${FLAT_FILE_MEDIA_TYPES.join(' or ')}.`);
    const maxBytes = services.config.flatFileMaxBytes;
    const tooLarge = () => Object.assign(new Error(`The file is larger than ${maxBytes} bytes.`), { statusCode: 413 });
    // a body announced as too large is refused unread (the connection is then closed, see lib/upload-bodies.ts)
    if (Number(req.headers['content-length']) > maxBytes) throw tooLarge();
    const relative = relativePath(principal.orgId, file.id);
    let bytes: number;
    try {
      bytes = await saveUpload(body, services.config.dataDir, relative, maxBytes);
    } catch (err) {
      if (err instanceof UploadTooLarge) throw tooLarge();
      // binary or compressed: refused before anything is kept or queued; the file stays pending_upload
      if (err instanceof UploadNotText) throw badRequest(NOT_TEXT);
      throw err;
    }
    if (bytes === 0) {
      await removeStored(services.config.dataDir, relative);
      throw badRequest('The file is empty.');
    }
    const queued = await db.transaction(async (tx) => {
      const moved = await firstRow<{ is_dry_run: boolean }>(
        tx,
        sql`update flat_files set status = 'QUEUED', storage_path = ${relative}, byte_size = ${bytes}, updated_at = now()
          where org_id = ${principal.orgId} and id = ${file.id} and status = 'PENDING_UPLOAD' returning is_dry_run`,
      );
      if (!moved) return false;
      await queueExecution(tx, principal.orgId, file.id, moved.is_dry_run);
      return true;
    });
    if (!queued) {
      await removeStored(services.config.dataDir, relative);
      throw conflict('The file was uploaded by another request.');
    }
    wakeWorkers();
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'datafile.uploaded',
      objectType: 'FLAT_FILE',
      objectId: file.id,
      details: { byte_size: bytes },
    });
    return (await toFlatFiles(db, principal.orgId, [await fileRow(db, principal.orgId, file.id)]))[0];
  },

  async runDatafile({ db, req, principal, params, body }) {
    const file = await fileRow(db, principal.orgId, params.fileId);
    const queued = await db.transaction(async (tx) => {
      const moved = await firstRow<{ id: number }>(
        tx,
        sql`update flat_files set status = 'QUEUED', is_dry_run = ${body.dry_run}, updated_at = now()
          where org_id = ${principal.orgId} and id = ${file.id} and status not in (${sql.join(
            BUSY.map((s) => sql`${s}`),
            sql`, `,
          )}) returning id`,
      );
      if (!moved) return false;
      await queueExecution(tx, principal.orgId, file.id, body.dry_run);
      return true;
    });
    if (!queued) throw conflict(file.status === 'PENDING_UPLOAD' ? 'The file is not uploaded yet.' : 'The file is already queued or processing.');
    wakeWorkers();
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'datafile.run',
      objectType: 'FLAT_FILE',
      objectId: file.id,
      details: { dry_run: body.dry_run },
    });
    return (await toFlatFiles(db, principal.orgId, [await fileRow(db, principal.orgId, file.id)]))[0];
  },

  async listDatafileErrors({ db, principal, params, query }) {
    await fileRow(db, principal.orgId, params.fileId);
    const execution = await firstRow<{ id: number; is_dry_run: boolean }>(
      db,
      sql`select id, is_dry_run from flat_file_executions where org_id = ${principal.orgId} and file_id = ${params.fileId} order by queued_at desc, id desc limit 1`,
    );
    if (!execution)
      return {
        file_id: params.fileId,
        execution_id: null,
        is_dry_run: false,
        total: 0,
        errors: groupErrors([]),
      };
    const total = await firstRow<{ n: number }>(
      db,
      sql`select count(*)::int as n from flat_file_errors where org_id = ${principal.orgId} and execution_id = ${execution.id}`,
    );
    const list = await rows<ErrorRow>(
      db,
      sql`select execution_id, error_group, row_number, value, raw_data, type, count, columns, annotation, annotation_type, transformation
        from flat_file_errors where org_id = ${principal.orgId} and execution_id = ${execution.id}
        order by row_number nulls last, id limit ${query.limit ?? 10_000} offset ${query.offset ?? 0}`,
    );
    return {
      file_id: params.fileId,
      execution_id: execution.id,
      is_dry_run: execution.is_dry_run,
      total: total?.n ?? 0,
      errors: groupErrors(list, await cellReaderFor(db, principal)),
    };
  },

  async getDatafileColumns({ db, principal, params, services }) {
    const file = await fileRow(db, principal.orgId, params.fileId);
    if (!file.storage_path && !file.has_content) throw conflict('The file is not uploaded yet.');
    const content = file.storage_path
      ? null
      : (await firstRow<{ content: string }>(db, sql`select content from flat_files where org_id = ${principal.orgId} and id = ${file.id}`))?.content;
    return {
      columns: await headerOf(services.config.dataDir, {
        storage_path: file.storage_path,
        content,
      }),
    };
  },

  async deleteDatafile({ db, req, principal, params, services }) {
    const gone = await firstRow<{ id: number; storage_path: string | null }>(
      db,
      sql`delete from flat_files where org_id = ${principal.orgId} and id = ${params.fileId} returning id, storage_path`,
    );
    if (!gone) throw notFound('File');
    await removeStored(services.config.dataDir, gone.storage_path).catch(() => {});
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'datafile.deleted',
      objectType: 'FLAT_FILE',
      objectId: gone.id,
    });
    return { id: gone.id };
  },

  async debugDatafile({ db, req, principal, params }) {
    const file = await firstRow<{ id: number }>(db, sql`select id from flat_files where id = ${params.fileId} and org_id = ${principal.orgId}`);
    if (!file) throw notFound('File');
    const key = `ddo-${file.id}-${randomUUID()}`;
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'datafile.debugged',
      objectType: 'FLAT_FILE',
      objectId: file.id,
      details: { ddo_debugger_key: key },
    });
    return { ddo_debugger_key: key };
  },
});
