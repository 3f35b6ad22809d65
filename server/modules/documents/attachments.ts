import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { audit } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { visibleAlert, visibleCase } from '../../auth/visibility.js';
import { requireEditPermissionFor, visibleDocument } from './documents.queries.js';
import { mapDocument } from './documents.mappers.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import type { operations } from '../../../openapi/schema.js';
import { defineHandlers } from '../types.js';

/** The bytes of documents: what a document's embed_url and the viewer's Download load; and new ones. */

/** An attached document is at most this large (10 MiB): it is kept in the database with the organisation's data. */
export const MAX_ATTACHMENT_BYTES = 10 * 2 ** 20;

/** The media types a document may have, and the kind of document each makes. */
export const ATTACHMENT_TYPES: Record<string, 'IMAGE' | 'PDF' | 'SPREADSHEET' | 'OTHER'> = {
  'image/png': 'IMAGE',
  'image/jpeg': 'IMAGE',
  'image/webp': 'IMAGE',
  'image/gif': 'IMAGE',
  'application/pdf': 'PDF',
  'text/csv': 'SPREADSHEET',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'SPREADSHEET',
  'text/plain': 'OTHER',
};

const OWNER_TABLES = { ENTITY: 'entities', INSTRUMENT: 'instruments', TRANSACTION: 'transactions' } as const;
const OWNER_NAMES = { ENTITY: 'Entity', INSTRUMENT: 'Instrument', TRANSACTION: 'Transaction' } as const;
export const CLOSED_CASE_DOCUMENT = 'A closed case takes no new documents.';
export const CLOSED_ALERT_DOCUMENT = 'A closed alert takes no new documents.';

class TooLarge extends Error {
  readonly statusCode = 413;
  constructor() {
    super('The file is larger than 10 MiB.');
  }
}

/**
 * The body's bytes, refused past `max`. Leaving the loop destroys the body stream; the answer then
 * closes the connection (lib/upload-bodies.ts, settleUnreadBody), so the rest is never read.
 */
async function readCapped(body: Readable, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > max) throw new TooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** A file name safe inside a quoted Content-Disposition value, with the full name in filename*. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type UploadQuery = operations['uploadAttachment']['parameters']['query'];

const TYPE_REFUSED = 'Attach a PNG, JPEG, WebP or GIF image, a PDF, a CSV or text file, or an Excel workbook.';

/** The upload's checks before its bytes are read: permission, type, name, and an owner that takes documents. */
async function checkedUpload(db: Db, principal: Principal, query: UploadQuery, mime: string): Promise<{ mediaType: string; name: string }> {
  const ownerType = query.object_type;
  requireEditPermissionFor(principal, ownerType);
  const mediaType = ATTACHMENT_TYPES[mime];
  if (!mediaType) throw badRequest(TYPE_REFUSED);
  // a name, not a path: what follows the last slash of either kind
  const name = query.name.split(/[\\/]/).pop()!.trim();
  if (!name) throw badRequest('A file name is required.', [{ path: 'querystring/name', message: 'A file name is required.' }]);
  if (ownerType === 'CASE' || ownerType === 'ALERT') {
    // an alert or case as its page shows it: in a queue the caller may see, and still open to changes
    const work = await (ownerType === 'CASE' ? visibleCase : visibleAlert)(db, principal, query.object_id);
    if (work.status === 'CLOSED') throw conflict(ownerType === 'CASE' ? CLOSED_CASE_DOCUMENT : CLOSED_ALERT_DOCUMENT);
  } else {
    const owner = await firstRow(db, sql`select 1 from ${sql.raw(OWNER_TABLES[ownerType])} where org_id = ${principal.orgId} and id = ${query.object_id}`);
    if (!owner) throw notFound(OWNER_NAMES[ownerType]);
  }
  return { mediaType, name };
}

export const attachmentsHandlers = defineHandlers({
  async getAttachment({ db, principal, params }) {
    return mapDocument(await visibleDocument(db, principal, params.id));
  },

  async deleteAttachment({ db, req, principal, params }) {
    const doc = await visibleDocument(db, principal, params.id);
    requireEditPermissionFor(principal, doc.object_type);
    const deleted = await rows<{ id: number }>(
      db,
      sql`update documents set deleted_at = now() where org_id = ${principal.orgId} and id = ${doc.id} and deleted_at is null returning id`,
    );
    if (!deleted.length) throw notFound('Attachment');
    await audit(db, req, {
      orgId: principal.orgId,
      agentId: principal.agentId,
      action: 'attachment.delete',
      objectType: 'DOCUMENT',
      objectId: doc.id,
      details: { object_type: doc.object_type, object_id: doc.object_id, name: doc.name },
    });
    return { id: doc.id };
  },

  async getAttachmentContent({ db, req, reply, principal, params, query }) {
    // the same visibility as the metadata: organisation, owner visible (restricted queues), not deleted
    const doc = await visibleDocument(db, principal, params.id);
    const content = await firstRow<{ bytes: Uint8Array; sha256: string }>(
      db,
      sql`select bytes, sha256 from document_contents where org_id = ${principal.orgId} and document_id = ${doc.id}`,
    );
    if (!content) throw notFound('Attachment');
    const etag = `"${content.sha256}"`;
    // private: the bytes are the organisation's; revalidated each time so a deleted document is not served from a cache
    reply
      .header('etag', etag)
      .header('cache-control', 'private, no-cache')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', disposition(query.download ? 'attachment' : 'inline', doc.name));
    if (req.headers['if-none-match'] === etag) {
      reply.code(304);
      return '';
    }
    reply.type(doc.mime_type);
    // Both drivers answer bytea as a Uint8Array view (postgres-js a Buffer); the contract types binary as a string.
    return Buffer.from(content.bytes.buffer, content.bytes.byteOffset, content.bytes.byteLength) as unknown as string;
  },

  async uploadAttachment({ db, req, principal, query }) {
    const ownerType = query.object_type;
    const mime = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim()
      .toLowerCase();
    const body = req.body;
    if (!(body instanceof Readable)) throw badRequest(TYPE_REFUSED);
    // a refusal before the bytes are read leaves them to settleUnreadBody (lib/upload-bodies.ts):
    // dropped when few, the connection closed when many
    const { mediaType, name } = await checkedUpload(db, principal, query, mime);
    if (Number(req.headers['content-length']) > MAX_ATTACHMENT_BYTES) throw new TooLarge();
    const bytes = await readCapped(body, MAX_ATTACHMENT_BYTES);
    if (bytes.length === 0) throw badRequest('The file is empty.');
    const id = await db.transaction(async (tx) => {
      const created = await firstRow<{ id: number }>(
        tx,
        sql`insert into documents (org_id, object_type, object_id, name, media_type, mime_type, uploaded_by_id)
          values (${principal.orgId}, ${ownerType}, ${query.object_id}, ${name}, ${mediaType}, ${mime}, ${principal.agentId}) returning id`,
      );
      const docId = created!.id;
      await tx.execute(sql`update documents set embed_url = ${`/api/attachments/${docId}/content`} where org_id = ${principal.orgId} and id = ${docId}`);
      await tx.execute(
        sql`insert into document_contents (document_id, org_id, bytes, sha256)
          values (${docId}, ${principal.orgId}, decode(${bytes.toString('hex')}, 'hex'), ${createHash('sha256').update(bytes).digest('hex')})`,
      );
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'attachment.upload',
        objectType: 'DOCUMENT',
        objectId: docId,
        details: { object_type: ownerType, object_id: query.object_id, name, mime_type: mime, bytes: bytes.length },
      });
      return docId;
    });
    return mapDocument(await visibleDocument(db, principal, id));
  },
});
