import { foreignKey, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { agents, orgId } from './core.js';

/** A named feed of flat files (spec part 2 "stream"); it comes into being with its first file or mapping. */
export const dataStreams = pgTable(
  'data_streams',
  {
    id: id(),
    org_id: orgId(),
    name: text().notNull(),
    /** IANA zone for DATE_TIME values written without an offset; new files default to it */
    time_zone: text().notNull().default('UTC'),
    created_at: createdAt(),
  },
  (t) => [unique('data_streams_org_id_id_key').on(t.org_id, t.id), unique('data_streams_org_name_key').on(t.org_id, t.name)],
);

/**
 * How the columns of a stream's files of one object type fill the object:
 * `[{ column, target: 'native' | 'data_setting' | 'ignored', native_field, data_setting_id }]`.
 */
export const streamMappings = pgTable(
  'stream_mappings',
  {
    id: id(),
    org_id: orgId(),
    stream_id: integer().notNull(),
    /** 'transactions' | 'entities' | 'instruments' | 'action_events' */
    object_type: text().notNull(),
    columns: jsonb().notNull().default([]),
    updated_by_id: integer().references(() => agents.id),
    updated_at: createdAt(),
  },
  (t) => [
    unique('stream_mappings_org_stream_type_key').on(t.org_id, t.stream_id, t.object_type),
    foreignKey({ name: 'stream_mappings_stream_fk', columns: [t.org_id, t.stream_id], foreignColumns: [dataStreams.org_id, dataStreams.id] }).onDelete(
      'cascade',
    ),
    index('stream_mappings_org_idx').on(t.org_id),
  ],
);
