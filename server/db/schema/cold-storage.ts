import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, tstz } from './columns.js';
import { organisations, orgId } from './core.js';

/**
 * Cold storage (server/domain/cold-storage). An archived record keeps a hot stub row in its own
 * table (ids, keys and the columns lists filter and sort on), while the whole row is written to a
 * gzip JSON-lines file under DATA_DIR and the stub's heavy columns are cleared. cold_records is
 * the index of what is cold and where it lies; its row disappears when the record is back hot.
 */
export const coldRecords = pgTable(
  'cold_records',
  {
    org_id: orgId(),
    /** 'TRANSACTION' | 'ACTION_EVENT' | 'ENTITY' | 'ALERT' | 'CASE' | 'SAR' */
    object_type: text().notNull(),
    object_id: integer().notNull(),
    /** 'cold' (in the file only) | 'rehydrating' (a job is bringing it back) */
    state: text().notNull().default('cold'),
    /** the archive file, relative to DATA_DIR/cold-storage */
    file: text().notNull(),
    /** the record's line in the file (0-based) */
    line: integer().notNull(),
    /** the rehydration job while state is 'rehydrating' */
    job_id: integer(),
    archived_at: createdAt(),
    requested_at: tstz(),
  },
  (t) => [primaryKey({ columns: [t.org_id, t.object_type, t.object_id] }), index('cold_records_org_file_idx').on(t.org_id, t.file)],
);

/** Per-organisation archiving policy; absent means the defaults (18 months). */
export const coldStoragePolicies = pgTable('cold_storage_policies', {
  org_id: integer()
    .primaryKey()
    .references(() => organisations.id),
  /** records older than this many days are archived by the sweep */
  archive_after_days: integer().notNull().default(548),
  last_swept_at: tstz(),
  updated_at: createdAt(),
});
