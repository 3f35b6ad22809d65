import { boolean, date, foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { SAR_LIFECYCLE } from '../../../machines/sar.machine.js';
import { createdAt, id, tstz } from './columns.js';
import { agents, organisations, orgId, queues } from './core.js';
import { entities, transactions } from './data.js';
import { cases } from './investigation.js';

/** Regulatory filings: SARs and the batches they (and CTR / FINTRAC reports) are filed in. */

/** Every SAR status (the lifecycle machine's list, machines/sar.machine.ts). */
export const SAR_STATUSES = SAR_LIFECYCLE;
export type SarStatus = (typeof SAR_STATUSES)[number];

/**
 * A filing batch. SAR batches are summarised from their sars rows; CTR and FINTRAC reports have no
 * row table of their own, so the counters below are written when the batch is built and kept in
 * step for SAR batches too (total = accepted + rejected + pending).
 */
export const filingBatches = pgTable(
  'filing_batches',
  {
    id: id(),
    org_id: orgId(),
    /** 'SAR' | 'CTR' | 'FINTRAC' */
    report_type: text().notNull(),
    /** 'PENDING' (being generated: download answers 202) | 'READY' | 'FAILED' */
    status: text().notNull().default('PENDING'),
    total_count: integer().notNull().default(0),
    accepted_count: integer().notNull().default(0),
    rejected_count: integer().notNull().default(0),
    /** earliest and latest activity date covered by the batch's filings */
    earliest: tstz(),
    latest: tstz(),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    /** the batch file as sent (FinCEN SAR or CTR batch XML, or the FINTRAC report), and its name in the submissions folder */
    content: text(),
    file_name: text(),
    /** transport: sends tried, when the file reached the submissions folder (and the SFTP server, when one is set), the last failure */
    send_attempts: integer().notNull().default(0),
    sent_at: tstz(),
    last_error: text(),
    /** FinCEN's answer to the batch: 'ACCEPTED' | 'ACCEPTED_WITH_WARNINGS' | 'REJECTED', with its messages */
    ack_status: text(),
    ack_messages: jsonb().notNull().default([]),
    acknowledged_at: tstz(),
    /** a CTR batch built by Vigil: the one business day (in the organisation's zone) whose CTRs it files; one batch a day */
    business_day: date({ mode: 'string' }),
  },
  (t) => [
    unique('filing_batches_org_id_id_key').on(t.org_id, t.id),
    index('filing_batches_org_type_idx').on(t.org_id, t.report_type, t.created_at.desc()),
    uniqueIndex('filing_batches_org_type_day_idx').on(t.org_id, t.report_type, t.business_day),
  ],
);

export const sars = pgTable(
  'sars',
  {
    id: id(),
    org_id: orgId(),
    name: text().notNull(),
    /** one of SAR_STATUSES */
    status: text().notNull(),
    reviewer_id: integer().references(() => agents.id),
    queue_id: integer(),
    case_id: integer(),
    submitted: boolean().notNull().default(false),
    narrative: text(),
    deadline: tstz(),
    start_date: tstz(),
    deadline_config: jsonb(),
    filed_at: tstz(),
    bsa_tracking_id: text(),
    bsa_id: text(),
    /** when the continuing-activity review alert is due */
    car_alert_scheduled_at: tstz(),
    batch_id: integer(),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    updated_at: createdAt(),
    /** what is filed (server/domain/filings/model.ts, SarFiling): written from the case, edited until submitted */
    filing_type: text().notNull().default('INITIAL'),
    prior_bsa_id: text(),
    activity_start: date({ mode: 'string' }),
    activity_end: date({ mode: 'string' }),
    total_amount: numeric({ precision: 18, scale: 2, mode: 'number' }),
    /** SuspiciousActivityCategory[] */
    categories: jsonb().notNull().default([]),
    /** SarSubject[] */
    subjects: jsonb().notNull().default([]),
    /** [{ address, date }] */
    ip_addresses: jsonb().notNull().default([]),
    /** the last prefiling validation's FieldProblem[], and when it ran */
    prefiling_problems: jsonb().notNull().default([]),
    validated_at: tstz(),
    submitted_by_id: integer().references(() => agents.id),
    submitted_at: tstz(),
    /** FinCEN's acknowledgement of this filing: warnings and errors, as FieldProblems (path, message, level) */
    fincen_messages: jsonb().notNull().default([]),
    /** the SeqNum of the SAR's Activity in its batch file: FinCEN's acknowledgement names the filing by it */
    batch_seq: integer(),
    /** the continuing-activity review alert, once raised */
    car_alert_id: integer(),
  },
  (t) => [
    unique('sars_org_id_id_key').on(t.org_id, t.id),
    foreignKey({ name: 'sars_queue_fk', columns: [t.org_id, t.queue_id], foreignColumns: [queues.org_id, queues.id] }),
    foreignKey({ name: 'sars_case_fk', columns: [t.org_id, t.case_id], foreignColumns: [cases.org_id, cases.id] }),
    foreignKey({ name: 'sars_batch_fk', columns: [t.org_id, t.batch_id], foreignColumns: [filingBatches.org_id, filingBatches.id] }),
    index('sars_org_created_idx').on(t.org_id, t.created_at.desc()),
    index('sars_org_status_idx').on(t.org_id, t.status),
    index('sars_org_case_idx').on(t.org_id, t.case_id),
    index('sars_org_batch_idx').on(t.org_id, t.batch_id),
    // the dashboards' filed-SAR charts
    index('sars_org_filed_idx')
      .on(t.org_id, t.filed_at)
      .where(sql`filed_at is not null`),
  ],
);

/** The transactions a SAR reports: the case's when it is written, then as the analyst edits them. */
export const sarTransactions = pgTable(
  'sar_transactions',
  {
    org_id: orgId(),
    sar_id: integer().notNull(),
    transaction_id: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.org_id, t.sar_id, t.transaction_id] }),
    foreignKey({ name: 'sar_transactions_sar_fk', columns: [t.org_id, t.sar_id], foreignColumns: [sars.org_id, sars.id] }).onDelete('cascade'),
    // as an alert's: a transaction a SAR reports is not deleted from under it
    foreignKey({ name: 'sar_transactions_txn_fk', columns: [t.org_id, t.transaction_id], foreignColumns: [transactions.org_id, transactions.id] }),
    index('sar_transactions_org_txn_idx').on(t.org_id, t.transaction_id),
  ],
);

/**
 * The organisation's filing settings (edited with the SARs config permission): the filer profile
 * (FilerProfile: transmitter and filing institution), the days after filing a continuing-activity
 * review falls due, and the transport (SFTP server, when the submissions go further than the
 * submissions folder; its password is never stored here but read from the environment).
 */
export const filingSettings = pgTable('filing_settings', {
  org_id: integer()
    .primaryKey()
    .references(() => organisations.id),
  profile: jsonb(),
  continuing_activity_days: integer().notNull().default(90),
  /** sends tried before a batch is FILING_MAX_RETRIES_EXCEEDED */
  max_send_attempts: integer().notNull().default(5),
  sftp: jsonb(),
  updated_by_id: integer().references(() => agents.id),
  updated_at: createdAt(),
  /** when the settings were first saved: CTR batches are built for business days from then on (server/domain/filings/ctr-transport.ts) */
  created_at: createdAt(),
});

/** What a CTR needs about a person that the entity lacks (CtrPerson's identity fields), edited in the CTR entity custom data panel. */
export const ctrEntityData = pgTable(
  'ctr_entity_data',
  {
    org_id: orgId(),
    entity_id: integer().notNull(),
    data: jsonb().notNull().default({}),
    updated_by_id: integer().references(() => agents.id),
    updated_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.org_id, t.entity_id] }),
    foreignKey({ name: 'ctr_entity_data_entity_fk', columns: [t.org_id, t.entity_id], foreignColumns: [entities.org_id, entities.id] }).onDelete('cascade'),
  ],
);

/**
 * The CTRs of a CTR batch Vigil built (server/domain/filings/ctr-transport.ts), one per Activity of
 * the batch file (`seq`, its SeqNum): whose and which business day, the whole dollars reported, and
 * FinCEN's answer to it: a SAR-like status (SENDING_TO_FINCEN, SENT_TO_FINCEN, FILING_FAILED,
 * FILING_MAX_RETRIES_EXCEEDED, FINCEN_ACCEPTED, FILING_SUCCESS, FINCEN_VALIDATION_FAILED,
 * FINCEN_REJECTED), the BSA ID and tracking id, and the messages (FieldProblem[]).
 */
export const ctrFilings = pgTable(
  'ctr_filings',
  {
    org_id: orgId(),
    batch_id: integer().notNull(),
    seq: integer().notNull(),
    /** the person reported (no foreign key: a filed report outlives the record) */
    entity_id: integer().notNull(),
    business_day: date({ mode: 'string' }).notNull(),
    cash_in: integer().notNull(),
    cash_out: integer().notNull(),
    status: text().notNull().default('SENDING_TO_FINCEN'),
    bsa_id: text(),
    bsa_tracking_id: text(),
    messages: jsonb().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.org_id, t.batch_id, t.seq] }),
    foreignKey({ name: 'ctr_filings_batch_fk', columns: [t.org_id, t.batch_id], foreignColumns: [filingBatches.org_id, filingBatches.id] }).onDelete('cascade'),
    index('ctr_filings_org_entity_idx').on(t.org_id, t.entity_id, t.business_day),
  ],
);
