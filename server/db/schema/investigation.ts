import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { agents, orgId, queues } from './core.js';
import { actionEvents, entities, instruments, transactions } from './data.js';

/** Detection rules, the alerts they raise, the cases that group alerts, and annotations (comments, documents, tags). */

export const rules = pgTable(
  'rules',
  {
    id: id(),
    org_id: orgId(),
    title: text().notNull(),
    description: text(),
    /** 'DRAFT' | 'ACTIVE' | 'ACTIVE_SHADOW' | 'ARCHIVED' */
    status: text().notNull().default('DRAFT'),
    /**
     * { variables: [{ name, label, aggregation, field?, filter, window_minutes }],
     *   condition: a tree of { type: 'composite', operator: 'AND'|'OR', operands: [...] } and
     *   { type: 'leaf', operator: '>'|'>='|'<'|'<='|'=='|'!='|'between', operands: [{ variable } | { value }] } }
     */
    spec: jsonb().notNull().default({}),
    /** where the rule's alerts are queued */
    queue_id: integer(),
    /** the spec's version: editing a live rule makes a new one (rule_versions keeps each) */
    version: integer().notNull().default(1),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [
    unique('rules_org_id_id_key').on(t.org_id, t.id),
    foreignKey({ name: 'rules_queue_fk', columns: [t.org_id, t.queue_id], foreignColumns: [queues.org_id, queues.id] }),
    index('rules_org_status_idx').on(t.org_id, t.status),
    index('rules_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** Every spec a rule has had; hits and alert updates name the version that raised them. */
export const ruleVersions = pgTable(
  'rule_versions',
  {
    org_id: orgId(),
    rule_id: integer().notNull(),
    version: integer().notNull(),
    spec: jsonb().notNull(),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.org_id, t.rule_id, t.version] }),
    foreignKey({ name: 'rule_versions_rule_fk', columns: [t.org_id, t.rule_id], foreignColumns: [rules.org_id, rules.id] }).onDelete('cascade'),
  ],
);

/** A back-test of a rule spec over past events. */
export const ruleValidations = pgTable(
  'rule_validations',
  {
    id: id(),
    org_id: orgId(),
    rule_id: integer().notNull(),
    /** 'QUEUED' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED' */
    status: text().notNull().default('QUEUED'),
    /** the spec that was validated (the rule may have changed since) */
    spec: jsonb().notNull().default({}),
    window_start: tstz(),
    window_end: tstz(),
    /** { evaluated_events, hits, alerts, entities } */
    result: jsonb(),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    finished_at: tstz(),
  },
  (t) => [
    unique('rule_validations_org_id_id_key').on(t.org_id, t.id),
    foreignKey({ name: 'rule_validations_rule_fk', columns: [t.org_id, t.rule_id], foreignColumns: [rules.org_id, rules.id] }).onDelete('cascade'),
    index('rule_validations_org_rule_idx').on(t.org_id, t.rule_id, t.created_at.desc()),
  ],
);

export const cases = pgTable(
  'cases',
  {
    id: id(),
    org_id: orgId(),
    title: text().notNull(),
    description: text(),
    /** 'OPEN' | 'IN_REVIEW' | 'CLOSED' */
    status: text().notNull().default('OPEN'),
    queue_id: integer(),
    assigned_to_id: integer().references(() => agents.id),
    created_by_id: integer().references(() => agents.id),
    deadline: tstz(),
    start_date: tstz(),
    /** { duration_seconds, extended_by_seconds? } */
    deadline_config: jsonb(),
    /** 'TRUE_POSITIVE' | 'FALSE_POSITIVE' | 'INCONCLUSIVE'; set when closed */
    disposition: text(),
    disposition_notes: text(),
    created_at: createdAt(),
    updated_at: createdAt(),
    closed_at: tstz(),
  },
  (t) => [
    unique('cases_org_id_id_key').on(t.org_id, t.id),
    foreignKey({ name: 'cases_queue_fk', columns: [t.org_id, t.queue_id], foreignColumns: [queues.org_id, queues.id] }),
    index('cases_org_created_idx').on(t.org_id, t.created_at.desc()),
    index('cases_org_status_idx').on(t.org_id, t.status),
    index('cases_org_queue_idx').on(t.org_id, t.queue_id),
    index('cases_org_assignee_idx').on(t.org_id, t.assigned_to_id),
    // the dashboards' closed-case charts (closed per agent, per disposition, time to close)
    index('cases_org_closed_idx')
      .on(t.org_id, t.closed_at, t.queue_id, t.assigned_to_id)
      .where(sql`closed_at is not null`),
    index('cases_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/** The alert list's partial indexes cover work, not the alerts of rule validation runs. */
const WORK = sql`status <> 'RULE_VALIDATION'`;
/** The engine's open alerts (the predicate of alerts_open_detection_key_idx, repeated by its upserts). */
export const OPEN_DETECTION = sql`detection_key is not null and status in ('OPEN', 'IN_REVIEW')`;

export const alerts = pgTable(
  'alerts',
  {
    id: id(),
    org_id: orgId(),
    title: text().notNull(),
    description: text(),
    /** 'OPEN' | 'IN_REVIEW' | 'CLOSED' | 'RULE_VALIDATION' */
    status: text().notNull().default('OPEN'),
    /** 'TRANSACTION_MONITORING' | 'ACTION_EVENT_MONITORING' | 'MANUAL' */
    alert_type: text().notNull(),
    /** 'INTERNAL' (raised by Vigil's rules) | 'EXTERNAL' (received from a customer system) */
    object_source: text().notNull().default('INTERNAL'),
    queue_id: integer(),
    assigned_to_id: integer().references(() => agents.id),
    deadline: tstz(),
    start_date: tstz(),
    deadline_config: jsonb(),
    /** 'TRUE_POSITIVE' | 'FALSE_POSITIVE' | 'INCONCLUSIVE'; set when closed */
    disposition: text(),
    disposition_notes: text(),
    amount_volume: numeric({ precision: 18, scale: 2, mode: 'number' }),
    currency: text(),
    /** { risk, band: 'LOW'|'MEDIUM'|'HIGH', factors: [{ name, pretty_name, value, increase_risk }] } */
    alert_score: jsonb(),
    /** free-form detail sent with external alerts */
    content: jsonb(),
    formatted_data: jsonb().notNull().default({}),
    /** the case the alert was escalated into (case_alerts lists every case that includes it) */
    case_id: integer(),
    /** set for alerts produced by a rule validation (status RULE_VALIDATION) */
    rule_validation_id: integer(),
    /**
     * The detection engine's alerts: `rule:{rule id}:{ENTITY|INSTRUMENT}:{subject id}`. At most one
     * alert per key is open (OPEN or IN_REVIEW); further hits are appended to it.
     */
    detection_key: text(),
    created_at: createdAt(),
    updated_at: createdAt(),
    closed_at: tstz(),
  },
  (t) => [
    unique('alerts_org_id_id_key').on(t.org_id, t.id),
    foreignKey({ name: 'alerts_queue_fk', columns: [t.org_id, t.queue_id], foreignColumns: [queues.org_id, queues.id] }),
    foreignKey({ name: 'alerts_case_fk', columns: [t.org_id, t.case_id], foreignColumns: [cases.org_id, cases.id] }),
    foreignKey({
      name: 'alerts_rule_validation_fk',
      columns: [t.org_id, t.rule_validation_id],
      foreignColumns: [ruleValidations.org_id, ruleValidations.id],
    }),
    // The alert list's indexes (POST /alerts/list over 100,000 alerts, docs/benchmarks.md): one per
    // filter or sort a list view starts from, each ordered by the sort and tie-breaker it serves
    // and ending with the columns every list query also tests (status, queue, assignee), so the
    // count and the page's ids come from the index alone (index-only scans) and a deep offset
    // skips index entries, not table rows. Drizzle has no INCLUDE, hence trailing key columns.
    // All but the status index leave out validation runs' alerts, which the list shows only when
    // asked for by status: the list's queries state `status <> 'RULE_VALIDATION'` literally.
    index('alerts_list_created_idx').on(t.org_id, t.created_at, t.id, t.status, t.queue_id, t.assigned_to_id, t.amount_volume).where(WORK),
    index('alerts_list_status_idx').on(t.org_id, t.status, t.created_at, t.id, t.queue_id, t.assigned_to_id),
    index('alerts_list_queue_idx').on(t.org_id, t.queue_id, t.created_at, t.id, t.status, t.assigned_to_id).where(WORK),
    index('alerts_list_assignee_idx').on(t.org_id, t.assigned_to_id, t.created_at, t.id, t.status, t.queue_id).where(WORK),
    // soonest deadline first (ascending, empty last: the index's own order)
    index('alerts_list_deadline_idx').on(t.org_id, t.deadline, t.id, t.status, t.queue_id, t.assigned_to_id).where(WORK),
    // largest amount first (descending, empty last)
    index('alerts_list_amount_idx')
      .on(t.org_id, t.amount_volume.desc().nullsLast(), t.id.desc().nullsFirst(), t.status, t.queue_id, t.assigned_to_id)
      .where(WORK),
    index('alerts_org_case_idx').on(t.org_id, t.case_id),
    // the dashboards' closed-alert charts (dispositioned, closed per agent, time to close)
    index('alerts_org_closed_idx')
      .on(t.org_id, t.closed_at, t.queue_id, t.assigned_to_id, t.disposition)
      .where(sql`closed_at is not null`),
    uniqueIndex('alerts_open_detection_key_idx').on(t.org_id, t.detection_key).where(OPEN_DETECTION),
    index('alerts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

export const alertRules = pgTable(
  'alert_rules',
  {
    org_id: orgId(),
    alert_id: integer().notNull(),
    rule_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alert_id, t.rule_id] }),
    foreignKey({ name: 'alert_rules_alert_fk', columns: [t.org_id, t.alert_id], foreignColumns: [alerts.org_id, alerts.id] }).onDelete('cascade'),
    foreignKey({ name: 'alert_rules_rule_fk', columns: [t.org_id, t.rule_id], foreignColumns: [rules.org_id, rules.id] }),
    index('alert_rules_org_rule_idx').on(t.org_id, t.rule_id),
  ],
);

/** One firing of a rule that added to an alert ("alert updates"). */
export const alertHits = pgTable(
  'alert_hits',
  {
    id: id(),
    org_id: orgId(),
    alert_id: integer().notNull(),
    rule_id: integer(),
    rule_version: integer(),
    created_at: createdAt(),
    window_end: tstz(),
    /** { [variable name]: value } as evaluated, so the condition tree can be replayed */
    variable_snapshots: jsonb().notNull().default({}),
    new_txn_events_count: integer().notNull().default(0),
    new_action_events_count: integer().notNull().default(0),
    new_entities_count: integer().notNull().default(0),
    new_instruments_count: integer().notNull().default(0),
  },
  (t) => [
    foreignKey({ name: 'alert_hits_alert_fk', columns: [t.org_id, t.alert_id], foreignColumns: [alerts.org_id, alerts.id] }).onDelete('cascade'),
    foreignKey({ name: 'alert_hits_rule_fk', columns: [t.org_id, t.rule_id], foreignColumns: [rules.org_id, rules.id] }),
    index('alert_hits_org_alert_idx').on(t.org_id, t.alert_id, t.created_at.desc()),
  ],
);

export const alertTransactions = pgTable(
  'alert_transactions',
  {
    org_id: orgId(),
    alert_id: integer().notNull(),
    transaction_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alert_id, t.transaction_id] }),
    foreignKey({ name: 'alert_transactions_alert_fk', columns: [t.org_id, t.alert_id], foreignColumns: [alerts.org_id, alerts.id] }).onDelete('cascade'),
    foreignKey({
      name: 'alert_transactions_transaction_fk',
      columns: [t.org_id, t.transaction_id],
      foreignColumns: [transactions.org_id, transactions.id],
    }),
    index('alert_transactions_org_txn_idx').on(t.org_id, t.transaction_id),
  ],
);

export const alertEntities = pgTable(
  'alert_entities',
  {
    org_id: orgId(),
    alert_id: integer().notNull(),
    entity_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alert_id, t.entity_id] }),
    foreignKey({ name: 'alert_entities_alert_fk', columns: [t.org_id, t.alert_id], foreignColumns: [alerts.org_id, alerts.id] }).onDelete('cascade'),
    foreignKey({ name: 'alert_entities_entity_fk', columns: [t.org_id, t.entity_id], foreignColumns: [entities.org_id, entities.id] }),
    index('alert_entities_org_entity_idx').on(t.org_id, t.entity_id),
  ],
);

export const alertInstruments = pgTable(
  'alert_instruments',
  {
    org_id: orgId(),
    alert_id: integer().notNull(),
    instrument_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alert_id, t.instrument_id] }),
    foreignKey({ name: 'alert_instruments_alert_fk', columns: [t.org_id, t.alert_id], foreignColumns: [alerts.org_id, alerts.id] }).onDelete('cascade'),
    foreignKey({
      name: 'alert_instruments_instrument_fk',
      columns: [t.org_id, t.instrument_id],
      foreignColumns: [instruments.org_id, instruments.id],
    }),
    index('alert_instruments_org_instrument_idx').on(t.org_id, t.instrument_id),
  ],
);

export const alertActionEvents = pgTable(
  'alert_action_events',
  {
    org_id: orgId(),
    alert_id: integer().notNull(),
    action_event_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.alert_id, t.action_event_id] }),
    foreignKey({ name: 'alert_action_events_alert_fk', columns: [t.org_id, t.alert_id], foreignColumns: [alerts.org_id, alerts.id] }).onDelete('cascade'),
    foreignKey({
      name: 'alert_action_events_action_event_fk',
      columns: [t.org_id, t.action_event_id],
      foreignColumns: [actionEvents.org_id, actionEvents.id],
    }),
    index('alert_action_events_org_event_idx').on(t.org_id, t.action_event_id),
  ],
);

export const caseAlerts = pgTable(
  'case_alerts',
  {
    org_id: orgId(),
    case_id: integer().notNull(),
    alert_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.case_id, t.alert_id] }),
    foreignKey({ name: 'case_alerts_case_fk', columns: [t.org_id, t.case_id], foreignColumns: [cases.org_id, cases.id] }).onDelete('cascade'),
    foreignKey({ name: 'case_alerts_alert_fk', columns: [t.org_id, t.alert_id], foreignColumns: [alerts.org_id, alerts.id] }).onDelete('cascade'),
    index('case_alerts_org_alert_idx').on(t.org_id, t.alert_id),
  ],
);

export const caseEntities = pgTable(
  'case_entities',
  {
    org_id: orgId(),
    case_id: integer().notNull(),
    entity_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.case_id, t.entity_id] }),
    foreignKey({ name: 'case_entities_case_fk', columns: [t.org_id, t.case_id], foreignColumns: [cases.org_id, cases.id] }).onDelete('cascade'),
    foreignKey({ name: 'case_entities_entity_fk', columns: [t.org_id, t.entity_id], foreignColumns: [entities.org_id, entities.id] }),
    index('case_entities_org_entity_idx').on(t.org_id, t.entity_id),
  ],
);

/** Comments on any object (object_type is the contract ObjectType). Mentions are kept in content as written. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    org_id: orgId(),
    object_type: text().notNull(),
    object_id: integer().notNull(),
    author_id: integer().references(() => agents.id),
    content: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('comments_org_object_idx').on(t.org_id, t.object_type, t.object_id, t.created_at),
    index('comments_content_trgm_idx').using('gin', t.content.op('gin_trgm_ops')),
  ],
);

/** Attachments on any object. deleted_at marks a soft delete (DELETE /attachments/{id}). */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    org_id: orgId(),
    object_type: text().notNull(),
    object_id: integer().notNull(),
    name: text().notNull(),
    /** 'IMAGE' | 'PDF' | 'CHECK_IMAGE' | 'SPREADSHEET' | 'OTHER' */
    media_type: text().notNull(),
    mime_type: text().notNull(),
    /** a URL the console can embed; null shows "Preview unavailable" */
    embed_url: text(),
    /** 'S3' | 'GDRIVE' */
    storage_resource: text().notNull().default('S3'),
    uploaded_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    deleted_at: tstz(),
  },
  (t) => [
    index('documents_org_object_idx').on(t.org_id, t.object_type, t.object_id),
    // the target of document_contents' tenant-scoped foreign key
    unique('documents_org_id_id_key').on(t.org_id, t.id),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: id(),
    org_id: orgId(),
    title: text().notNull(),
    /** a colour token name, for example 'red' or 'amber' */
    color: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [unique('tags_org_id_id_key').on(t.org_id, t.id), unique('tags_org_title_key').on(t.org_id, t.title)],
);

export const objectTags = pgTable(
  'object_tags',
  {
    org_id: orgId(),
    tag_id: integer().notNull(),
    object_type: text().notNull(),
    object_id: integer().notNull(),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tag_id, t.object_type, t.object_id] }),
    foreignKey({ name: 'object_tags_tag_fk', columns: [t.org_id, t.tag_id], foreignColumns: [tags.org_id, tags.id] }).onDelete('cascade'),
    index('object_tags_org_object_idx').on(t.org_id, t.object_type, t.object_id),
  ],
);

/**
 * The detection engine's ledger: each failure of a live or shadow rule on one event for one
 * subject, once (the unique key makes re-running a file or a killed job harmless). A live rule's
 * hit names the alert and the alert update it made, or the silence that suppressed it.
 */
export const ruleHits = pgTable(
  'rule_hits',
  {
    id: id(),
    org_id: orgId(),
    rule_id: integer().notNull(),
    rule_version: integer().notNull(),
    /** 'ENTITY' | 'INSTRUMENT' */
    subject_type: text().notNull(),
    subject_id: integer().notNull(),
    /** 'TRANSACTION' | 'ACTION_EVENT' */
    event_type: text().notNull(),
    event_id: integer().notNull(),
    event_time: tstz().notNull(),
    variable_snapshot: jsonb().notNull().default({}),
    is_shadow: boolean().notNull().default(false),
    silence_id: integer(),
    alert_id: integer(),
    alert_hit_id: integer(),
    created_at: createdAt(),
  },
  (t) => [
    unique('rule_hits_org_id_id_key').on(t.org_id, t.id),
    uniqueIndex('rule_hits_once_idx').on(t.org_id, t.rule_id, t.event_type, t.event_id, t.subject_type, t.subject_id),
    foreignKey({ name: 'rule_hits_rule_fk', columns: [t.org_id, t.rule_id], foreignColumns: [rules.org_id, rules.id] }).onDelete('cascade'),
    index('rule_hits_org_rule_time_idx').on(t.org_id, t.rule_id, t.event_time),
    index('rule_hits_org_subject_idx').on(t.org_id, t.subject_type, t.subject_id),
  ],
);

/**
 * Rule silencing (the entity's Rule Silencing tab): one rule, or every rule (rule_id null), raises
 * no alert for the customer until the silence expires or is lifted. Hits still go to the ledger,
 * marked with the silence, so the evaluation shows what was suppressed.
 */
export const ruleSilences = pgTable(
  'rule_silences',
  {
    id: id(),
    org_id: orgId(),
    entity_id: integer().notNull(),
    rule_id: integer(),
    reason: text().notNull(),
    expires_at: tstz(),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    lifted_at: tstz(),
    lifted_by_id: integer().references(() => agents.id),
  },
  (t) => [
    unique('rule_silences_org_id_id_key').on(t.org_id, t.id),
    foreignKey({ name: 'rule_silences_entity_fk', columns: [t.org_id, t.entity_id], foreignColumns: [entities.org_id, entities.id] }).onDelete('cascade'),
    foreignKey({ name: 'rule_silences_rule_fk', columns: [t.org_id, t.rule_id], foreignColumns: [rules.org_id, rules.id] }).onDelete('cascade'),
    index('rule_silences_org_entity_idx').on(t.org_id, t.entity_id),
  ],
);

/** The engine's daily counters per rule (the rules admin dashboard's health): judgements, errors, failures, alerts opened. */
export const ruleStats = pgTable(
  'rule_stats',
  {
    org_id: orgId(),
    rule_id: integer().notNull(),
    day: date().notNull(),
    evaluations: integer().notNull().default(0),
    errors: integer().notNull().default(0),
    failures: integer().notNull().default(0),
    alerts: integer().notNull().default(0),
    last_evaluated_at: tstz(),
  },
  (t) => [
    primaryKey({ columns: [t.org_id, t.rule_id, t.day] }),
    foreignKey({ name: 'rule_stats_rule_fk', columns: [t.org_id, t.rule_id], foreignColumns: [rules.org_id, rules.id] }).onDelete('cascade'),
  ],
);
