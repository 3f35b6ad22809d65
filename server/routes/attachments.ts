import { sql } from 'drizzle-orm';
import { notFound } from '../lib/errors.js';
import { firstRow } from '../lib/sql.js';
import { visibleDocument } from './entities.queries.js';
import { defineHandlers } from './types.js';

/** The bytes of documents: what a document's embed_url and the viewer's Download load. */

/** A file name safe inside a quoted Content-Disposition value, with the full name in filename*. */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const attachmentsHandlers = defineHandlers({
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
      return '' as unknown as string;
    }
    reply.type(doc.mime_type);
    // Both drivers answer bytea as a Uint8Array view (postgres-js a Buffer); the contract types binary as a string.
    return Buffer.from(content.bytes.buffer, content.bytes.byteOffset, content.bytes.byteLength) as unknown as string;
  },
});
