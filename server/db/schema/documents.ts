import { customType, foreignKey, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { orgId } from './core.js';
import { documents } from './investigation.js';

/** Raw bytes; postgres-js reads them as a Buffer, PGlite as a Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The stored bytes of a document (the seed's check images, ID cards and PDFs), one row per document.
 * Kept apart from `documents` so that the lists and details that load document metadata never read
 * the bytes. In the database rather than under DATA_DIR: both drivers store it the same way, it is
 * written in the seed's transaction, copied with the database for tests, and backed up with it.
 */
export const documentContents = pgTable(
  'document_contents',
  {
    document_id: integer().primaryKey(),
    org_id: orgId(),
    bytes: bytea().notNull(),
    /** hex SHA-256 of the bytes, answered as the ETag */
    sha256: text().notNull(),
  },
  (t) => [
    foreignKey({ name: 'document_contents_document_fk', columns: [t.org_id, t.document_id], foreignColumns: [documents.org_id, documents.id] }).onDelete(
      'cascade',
    ),
  ],
);
