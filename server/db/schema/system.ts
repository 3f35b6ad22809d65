import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, bigint, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { agents, orgId, organisations } from './core.js';

/** Cross-cutting records: audit trail, notifications, per-agent UI state, exports and durable jobs. */

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    org_id: orgId(),
    /** null for actions without a signed-in agent (for example a failed sign-in) */
    agent_id: integer().references(() => agents.id),
    action: text().notNull(),
    object_type: text(),
    object_id: text(),
    details: jsonb().notNull().default({}),
    request_id: text(),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_org_created_idx').on(t.org_id, t.created_at.desc()),
    index('audit_log_org_object_idx').on(t.org_id, t.object_type, t.object_id),
    // The audit log page's filter choices are read by skipping along these (one descent per distinct
    // action or agent) rather than by reading the whole log, which only ever grows.
    index('audit_log_org_action_idx').on(t.org_id, t.action),
    index('audit_log_org_agent_idx').on(t.org_id, t.agent_id),
    index('audit_log_org_impersonated_idx')
      .on(t.org_id)
      .where(sql`${t.details} ? 'impersonated_by'`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    org_id: orgId(),
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
    content: text().notNull(),
    /** 'unread' | 'read' */
    status: text().notNull().default('unread'),
    /** 'CASE' | 'ALERT' | 'ALERT_QUEUE' | 'PROFILE' | 'RULE' | 'SAR' | 'FILE_EXPORT' | 'FFIP_NOTIFICATION' */
    entity_type: text().notNull(),
    entity_id: integer(),
    created_at: createdAt(),
  },
  (t) => [index('notifications_org_agent_idx').on(t.org_id, t.agent_id, t.created_at.desc())],
);

/** Opaque client state per agent (GET /g2/state). */
export const agentState = pgTable('agent_state', {
  org_id: orgId(),
  agent_id: integer()
    .primaryKey()
    .references(() => agents.id),
  state: jsonb().notNull().default({}),
  updated_at: createdAt(),
});

/** A saved column layout of one table for one agent: [{ key, key_type, data_setting_id, label, description, hidden }]. */
export const columnLayouts = pgTable(
  'column_layouts',
  {
    org_id: orgId(),
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
    table_id: text().notNull(),
    columns: jsonb().notNull().default([]),
    updated_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agent_id, t.table_id] }), index('column_layouts_org_agent_idx').on(t.org_id, t.agent_id)],
);

export const fileExports = pgTable(
  'file_exports',
  {
    id: id(),
    org_id: orgId(),
    /** 'ALERTS' | 'ALERTS_CSV' | 'CASES' | ... | 'TRANSACTIONS_CSV' | 'RISK_RATING_CSV' */
    export_type: text().notNull(),
    /** 'CONSOLE' | 'API' | 'AI_CHAT' | 'SCHEDULED' */
    request_source: text().notNull(),
    /** bytes; null until generated */
    file_size: bigint({ mode: 'number' }),
    /** 'REQUESTED' | 'GENERATING' | 'READY_FOR_DOWNLOAD' | 'FAILED' | 'CANCELED' */
    status: text().notNull().default('REQUESTED'),
    file_name: text(),
    /** the filters the export was requested with */
    parameters: jsonb().notNull().default({}),
    /** the generated file, while it is small enough to keep in the database */
    content: text(),
    error_message: text(),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    finished_at: tstz(),
  },
  (t) => [unique('file_exports_org_id_id_key').on(t.org_id, t.id), index('file_exports_org_created_idx').on(t.org_id, t.created_at.desc())],
);

/**
 * Durable background work, claimed with FOR UPDATE SKIP LOCKED. org_id is null for work that
 * belongs to no organisation (housekeeping).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    org_id: integer().references(() => organisations.id),
    kind: text().notNull(),
    /** 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled' */
    status: text().notNull().default('queued'),
    payload: jsonb().notNull().default({}),
    result: jsonb(),
    run_at: createdAt(),
    locked_at: tstz(),
    locked_by: text(),
    attempts: integer().notNull().default(0),
    max_attempts: integer().notNull().default(5),
    last_error: text(),
    created_at: createdAt(),
    finished_at: tstz(),
  },
  (t) => [index('jobs_status_run_at_idx').on(t.status, t.run_at), index('jobs_org_kind_idx').on(t.org_id, t.kind, t.created_at.desc())],
);
