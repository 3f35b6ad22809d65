import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { agents, orgId } from './core.js';

/**
 * Customer data: entities, instruments, transaction events, action events and their evaluation
 * logs, the data settings that describe customer-supplied fields, and flat-file ingestion.
 *
 * formatted_data is keyed by data setting id (as a string); each value is
 * `{ formatted_value, flow?, name_readable?, external_id?, id? }` (the last three for reference
 * settings). Censorship is applied by the server when reading, using the setting's censorship_setting.
 */

const money = () => numeric({ precision: 18, scale: 2, mode: 'number' });
const score = () => numeric({ precision: 6, scale: 2, mode: 'number' });

export const entities = pgTable(
  'entities',
  {
    id: id(),
    org_id: orgId(),
    external_id: text().notNull(),
    /** 'user' | 'business' */
    entity_type: text().notNull(),
    name_readable: text().notNull(),
    /** customer-facing status: 'ACTIVE' | 'SUSPENDED' | 'BLOCKED' | 'CLOSED' */
    status: text().notNull().default('ACTIVE'),
    /** the compliance team's status: 'NORMAL' | 'UNDER_REVIEW' | 'WATCHLIST' | 'BLOCKED' */
    internal_status: text().notNull().default('NORMAL'),
    formatted_data: jsonb().notNull().default({}),
    // the latest score of the active risk model is in entity_risk_scores (schema/risk.ts)
    /** fraud categories (spec part 2 "Fraud categories"); non-empty means blocked */
    blocked_reasons: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** [{ geolocation_string, latitude, longitude }] */
    geolocations: jsonb().notNull().default([]),
    email: text(),
    phone: text(),
    created_at: createdAt(),
    last_seen: tstz(),
    registered_at: tstz(),
    last_blocked_at: tstz(),
    /** businesses: 'LLC' | 'CORPORATION' | 'SOLE_PROPRIETORSHIP' | 'PARTNERSHIP' | 'NON_PROFIT' */
    org_type: text(),
    action_reason: text(),
  },
  (t) => [
    unique('entities_org_id_id_key').on(t.org_id, t.id),
    unique('entities_org_id_external_id_key').on(t.org_id, t.external_id),
    index('entities_org_created_idx').on(t.org_id, t.created_at.desc()),
    index('entities_name_readable_trgm_idx').using('gin', t.name_readable.op('gin_trgm_ops')),
    index('entities_external_id_trgm_idx').using('gin', t.external_id.op('gin_trgm_ops')),
  ],
);

export const instruments = pgTable(
  'instruments',
  {
    id: id(),
    org_id: orgId(),
    external_id: text().notNull(),
    /** 'account' | 'card' | 'device' | 'bank_account' | 'wallet' */
    instrument_type: text().notNull(),
    /** 'ACTIVE' | 'LOCKED' | 'DEACTIVATED' */
    status: text().notNull().default('ACTIVE'),
    /** the owner; null for instruments seen without an owner (for example external accounts) */
    entity_id: integer(),
    formatted_data: jsonb().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    unique('instruments_org_id_id_key').on(t.org_id, t.id),
    unique('instruments_org_id_external_id_key').on(t.org_id, t.external_id),
    foreignKey({ name: 'instruments_entity_fk', columns: [t.org_id, t.entity_id], foreignColumns: [entities.org_id, entities.id] }),
    index('instruments_org_entity_idx').on(t.org_id, t.entity_id),
    index('instruments_external_id_trgm_idx').using('gin', t.external_id.op('gin_trgm_ops')),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    org_id: orgId(),
    external_id: text().notNull(),
    event_time: tstz().notNull(),
    amount: money().notNull(),
    currency: text().notNull().default('USD'),
    /** 'COMPLETED' | 'PENDING' | 'FAILED' | 'REVERSED' */
    status: text().notNull(),
    /** 'ACH' | 'WIRE' | 'CARD' | 'CASH_DEPOSIT' | 'CASH_WITHDRAWAL' | 'CHECK_DEPOSIT' | 'P2P' | 'INTERNAL_TRANSFER' */
    internal_txn_type: text().notNull(),
    sender_entity_id: integer(),
    receiver_entity_id: integer(),
    sender_instrument_id: integer(),
    receiver_instrument_id: integer(),
    risk_score: score(),
    formatted_data: jsonb().notNull().default({}),
    ip_address: text(),
    device_id: text(),
    has_alerts: boolean().notNull().default(false),
    /** placeholder events stand in for data not yet received (hide_placeholder filter) */
    is_placeholder: boolean().notNull().default(false),
    /** spooled events are queued for evaluation (hide_spooled filter) */
    is_spooled: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    unique('transactions_org_id_id_key').on(t.org_id, t.id),
    uniqueIndex('transactions_org_external_id_idx').on(t.org_id, t.external_id),
    // The list indexes (data explorer): one per column a filtered list starts from, each ending in
    // (event_time, id), the list's order read forwards or backwards. The time index also carries
    // the columns the list filters test, so counts and deep pages are read from the index alone.
    index('transactions_list_time_idx').on(t.org_id, t.event_time, t.id, t.internal_txn_type, t.status, t.amount, t.currency, t.is_placeholder, t.is_spooled),
    // Unfiltered pages (the whole organisation, newest or oldest first) step over the fewest index
    // pages in a narrow index: a jump to row 500,000 reads a third of what the wide one does.
    index('transactions_list_time_narrow_idx').on(t.org_id, t.event_time, t.id),
    index('transactions_list_type_idx').on(t.org_id, t.internal_txn_type, t.event_time, t.id),
    index('transactions_list_status_idx').on(t.org_id, t.status, t.event_time, t.id),
    index('transactions_list_amount_idx').on(t.org_id, t.amount, t.event_time, t.id),
    index('transactions_org_sender_time_idx').on(t.org_id, t.sender_entity_id, t.event_time),
    index('transactions_org_receiver_time_idx').on(t.org_id, t.receiver_entity_id, t.event_time),
    index('transactions_org_sender_instrument_time_idx').on(t.org_id, t.sender_instrument_id, t.event_time),
    index('transactions_org_receiver_instrument_time_idx').on(t.org_id, t.receiver_instrument_id, t.event_time),
    foreignKey({ name: 'transactions_sender_entity_fk', columns: [t.org_id, t.sender_entity_id], foreignColumns: [entities.org_id, entities.id] }),
    foreignKey({ name: 'transactions_receiver_entity_fk', columns: [t.org_id, t.receiver_entity_id], foreignColumns: [entities.org_id, entities.id] }),
    foreignKey({
      name: 'transactions_sender_instrument_fk',
      columns: [t.org_id, t.sender_instrument_id],
      foreignColumns: [instruments.org_id, instruments.id],
    }),
    foreignKey({
      name: 'transactions_receiver_instrument_fk',
      columns: [t.org_id, t.receiver_instrument_id],
      foreignColumns: [instruments.org_id, instruments.id],
    }),
    index('transactions_external_id_trgm_idx').using('gin', t.external_id.op('gin_trgm_ops')),
  ],
);

export const actionEvents = pgTable(
  'action_events',
  {
    id: id(),
    org_id: orgId(),
    external_id: text().notNull(),
    entity_id: integer(),
    instrument_id: integer(),
    /** 'LOGIN' | 'FAILED_LOGIN' | 'PASSWORD_RESET' | 'CHANGE_EMAIL' | 'CHANGE_PHONE' | 'ADD_PAYEE' | 'ADD_DEVICE' | 'PROFILE_UPDATE' */
    action_type: text().notNull(),
    event_time: tstz().notNull(),
    ip_address: text(),
    device_fingerprint: text(),
    formatted_data: jsonb().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    unique('action_events_org_id_id_key').on(t.org_id, t.id),
    uniqueIndex('action_events_org_external_id_idx').on(t.org_id, t.external_id),
    // The action event list's order (event_time, id), read forwards or backwards, and its type filter.
    index('action_events_list_time_idx').on(t.org_id, t.event_time, t.id),
    index('action_events_list_type_idx').on(t.org_id, t.action_type, t.event_time, t.id),
    index('action_events_org_entity_time_idx').on(t.org_id, t.entity_id, t.event_time),
    index('action_events_org_fingerprint_idx').on(t.org_id, t.device_fingerprint),
    index('action_events_org_ip_idx').on(t.org_id, t.ip_address),
    foreignKey({ name: 'action_events_entity_fk', columns: [t.org_id, t.entity_id], foreignColumns: [entities.org_id, entities.id] }),
    foreignKey({ name: 'action_events_instrument_fk', columns: [t.org_id, t.instrument_id], foreignColumns: [instruments.org_id, instruments.id] }),
    index('action_events_external_id_trgm_idx').using('gin', t.external_id.op('gin_trgm_ops')),
  ],
);

/** One evaluation of a transaction by the rules; rule_executions is keyed by rule id. */
export const evaluationLogs = pgTable(
  'evaluation_logs',
  {
    id: id(),
    org_id: orgId(),
    evaluation_id: text().notNull(),
    /** the transaction evaluated (null for an action event) */
    event_id: integer(),
    /** the action event evaluated (null for a transaction) */
    action_event_id: integer(),
    /** { [rule_id]: { rule_name, status: 'PASS'|'FAIL'|'ERROR', rule_status: 'ACTIVE'|'ACTIVE_SHADOW' } } */
    rule_executions: jsonb().notNull().default({}),
    is_shadow: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'evaluation_logs_event_fk', columns: [t.org_id, t.event_id], foreignColumns: [transactions.org_id, transactions.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      name: 'evaluation_logs_action_event_fk',
      columns: [t.org_id, t.action_event_id],
      foreignColumns: [actionEvents.org_id, actionEvents.id],
    }).onDelete('cascade'),
    // one live and one shadow log per event: evaluating an event again replaces its logs
    uniqueIndex('evaluation_logs_org_event_idx').on(t.org_id, t.event_id, t.is_shadow),
    uniqueIndex('evaluation_logs_org_action_event_idx').on(t.org_id, t.action_event_id, t.is_shadow),
  ],
);

/** How a customer-supplied field is labelled, typed, shown and protected (spec part 2 "Data setting"). */
export const dataSettings = pgTable(
  'data_settings',
  {
    id: id(),
    org_id: orgId(),
    /** dot notation, for example 'transaction.memo' */
    key_path: text().notNull(),
    /** 'TEXT' | 'NUMBER' | 'ENUM' | 'DATE_TIME' | 'ENTITY_REFERENCE' | 'INSTRUMENT_REFERENCE' | 'BOOLEAN' */
    data_type: text().notNull(),
    /** 'NATIVE' (a field of the object itself) | 'CUSTOM' */
    key_type: text().notNull(),
    native_key: text(),
    native_field: text(),
    /** 'ENTITY' | 'EVENT' | 'INSTRUMENT' | 'ALERT' | 'ADDRESS' | 'WATCHLIST' */
    data_classifier: text().notNull(),
    user_facing_label: text().notNull(),
    description: text(),
    exported: boolean().notNull().default(true),
    matchable: boolean().notNull().default(false),
    /** directionality: 'OUTBOUND' | 'INBOUND' | 'OTHER'; null when not an event field */
    configured_flow: text(),
    semantic_type: text(),
    /** 'ALWAYS_VISIBLE' | 'CENSORED_BUT_VIEWABLE' | 'CENSORED' | 'ENCRYPTED' */
    censorship_setting: text().notNull().default('ALWAYS_VISIBLE'),
    team_ids_with_censorship_read_permission: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    agent_ids_with_censorship_read_permission: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    enum_set: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** { precision, timezone, is_url, url_prefix, url_postfix, reference_display_fields } */
    rendering_options: jsonb().notNull().default({}),
    /** the latest distinct values seen (at most 50, kept by flat-file ingestion), newest first */
    recent_values: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [unique('data_settings_org_id_id_key').on(t.org_id, t.id), unique('data_settings_org_key_path_key').on(t.org_id, t.key_path)],
);

/** An uploaded data file of a stream. */
export const flatFiles = pgTable(
  'flat_files',
  {
    id: id(),
    org_id: orgId(),
    stream: text().notNull(),
    file_name: text().notNull(),
    /** 'PENDING_UPLOAD' | 'QUEUED' | 'PROCESSING' | 'FINISHED' | 'FAILED' */
    status: text().notNull(),
    is_dry_run: boolean().notNull().default(false),
    /** the raw file, for the demo's seeded files; uploads are kept on disk (storage_path) */
    content: text(),
    /** 'transactions' | 'entities' | 'instruments' | 'action_events': what each row describes */
    object_type: text().notNull().default('transactions'),
    /** IANA zone for DATE_TIME values written without an offset */
    time_zone: text().notNull().default('UTC'),
    /** the uploaded bytes, relative to the data directory; null while pending upload */
    storage_path: text(),
    byte_size: bigint({ mode: 'number' }),
    uploaded_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [unique('flat_files_org_id_id_key').on(t.org_id, t.id), index('flat_files_org_created_idx').on(t.org_id, t.created_at.desc())],
);

export const flatFileExecutions = pgTable(
  'flat_file_executions',
  {
    id: id(),
    org_id: orgId(),
    file_id: integer().notNull(),
    /** 'QUEUED' | 'PROCESSING' | 'FINISHED' | 'FAILED' */
    status: text().notNull().default('QUEUED'),
    queued_at: createdAt(),
    finished_at: tstz(),
    success_count: integer().notNull().default(0),
    failure_count: integer().notNull().default(0),
    skip_count: integer().notNull().default(0),
    total_count: integer().notNull().default(0),
    is_dry_run: boolean().notNull().default(false),
    /** last row committed; a restarted run resumes after it, so a crash mid-file loses nothing */
    last_row_number: integer().notNull().default(0),
    /** row errors recorded so far (the record stops at a cap; failure_count keeps counting) */
    error_count: integer().notNull().default(0),
    /** the durable job processing this execution */
    job_id: integer(),
  },
  (t) => [
    unique('flat_file_executions_org_id_id_key').on(t.org_id, t.id),
    foreignKey({ name: 'flat_file_executions_file_fk', columns: [t.org_id, t.file_id], foreignColumns: [flatFiles.org_id, flatFiles.id] }).onDelete('cascade'),
    index('flat_file_executions_org_file_idx').on(t.org_id, t.file_id, t.queued_at.desc()),
  ],
);

export const flatFileErrors = pgTable(
  'flat_file_errors',
  {
    id: id(),
    org_id: orgId(),
    execution_id: integer().notNull(),
    /** 'annotation_transformation_exceptions' | 'unhandled_exceptions' */
    error_group: text().notNull(),
    row_number: integer(),
    value: text(),
    raw_data: jsonb(),
    /** 'CONDITIONAL_REQUIRED_FIELD_ERROR' | 'TRANSFORMATION_ERROR' | 'MAPPING_ERROR' | 'EXCESSIVE_OBJECT_ERROR' | 'DIRECTIONALITY_ERROR' | 'UNKNOWN_ERROR' */
    type: text().notNull(),
    count: integer().notNull().default(1),
    columns: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    annotation: text(),
    annotation_type: text(),
    transformation: text(),
  },
  (t) => [
    foreignKey({
      name: 'flat_file_errors_execution_fk',
      columns: [t.org_id, t.execution_id],
      foreignColumns: [flatFileExecutions.org_id, flatFileExecutions.id],
    }).onDelete('cascade'),
    index('flat_file_errors_org_execution_idx').on(t.org_id, t.execution_id),
  ],
);

/** A requested change of labels (tags) on an object, kept so the console can block concurrent edits. */
export const labelEdits = pgTable(
  'label_edits',
  {
    id: id(),
    org_id: orgId(),
    /** contract ObjectType */
    object_type: text().notNull(),
    object_external_id: text().notNull(),
    requested_by: integer().references(() => agents.id),
    tag_ids: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    started_at: createdAt(),
    finished_at: tstz(),
  },
  (t) => [index('label_edits_org_object_idx').on(t.org_id, t.object_type, t.object_external_id, t.started_at.desc())],
);
