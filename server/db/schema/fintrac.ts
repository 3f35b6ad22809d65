import { boolean, foreignKey, index, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { agents, organisations, orgId, queues } from './core.js';
import { cases } from './investigation.js';
import { filingBatches } from './filings.js';

/**
 * FINTRAC reports (Canada): suspicious transaction reports (STR), written from a case, and large
 * cash transaction reports (LCTR), drafted from the transactions. Their lifecycle is
 * machines/fintrac.machine.ts; what is filed is `content` (server/domain/filings/fintrac/model.ts,
 * FintracContent); the batches they are filed in are filing_batches rows of report type FINTRAC.
 */
export const fintracReports = pgTable(
  'fintrac_reports',
  {
    id: id(),
    org_id: orgId(),
    /** 'STR' | 'LCTR' */
    report_type: text().notNull(),
    /** one of FINTRAC_LIFECYCLE */
    status: text().notNull(),
    name: text().notNull(),
    /** the reporting entity's report reference number, unique in the organisation */
    reference: text().notNull(),
    queue_id: integer(),
    case_id: integer(),
    reviewer_id: integer().references(() => agents.id),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    updated_at: createdAt(),
    deadline: tstz(),
    /** FintracContent: details of suspicion, action taken, subjects, transactions */
    content: jsonb().notNull(),
    total_amount: numeric({ precision: 18, scale: 2, mode: 'number' }).notNull().default(0),
    /** an LCTR of several cash receipts within 24 consecutive hours */
    twenty_four_hour_rule: boolean().notNull().default(false),
    /** an LCTR's conductor and the start of its 24-hour window: one LCTR each (drafting is idempotent) */
    lctr_key: text(),
    /** the last prefiling validation's FieldProblem[], and when it ran */
    problems: jsonb().notNull().default([]),
    validated_at: tstz(),
    submitted_by_id: integer().references(() => agents.id),
    submitted_at: tstz(),
    batch_id: integer(),
    /** the report's index in its batch file (FINTRAC's acknowledgement names it by its reference) */
    batch_seq: integer(),
    filed_at: tstz(),
    /** FINTRAC's answer: the identifier it gave the report, and its messages (FieldProblem[]) */
    fintrac_report_id: text(),
    fintrac_messages: jsonb().notNull().default([]),
  },
  (t) => [
    unique('fintrac_reports_org_id_id_key').on(t.org_id, t.id),
    unique('fintrac_reports_org_reference_key').on(t.org_id, t.reference),
    unique('fintrac_reports_org_lctr_key').on(t.org_id, t.lctr_key),
    foreignKey({ name: 'fintrac_reports_queue_fk', columns: [t.org_id, t.queue_id], foreignColumns: [queues.org_id, queues.id] }),
    foreignKey({ name: 'fintrac_reports_case_fk', columns: [t.org_id, t.case_id], foreignColumns: [cases.org_id, cases.id] }),
    foreignKey({ name: 'fintrac_reports_batch_fk', columns: [t.org_id, t.batch_id], foreignColumns: [filingBatches.org_id, filingBatches.id] }),
    index('fintrac_reports_org_created_idx').on(t.org_id, t.created_at.desc()),
    index('fintrac_reports_org_status_idx').on(t.org_id, t.status),
    index('fintrac_reports_org_batch_idx').on(t.org_id, t.batch_id),
    index('fintrac_reports_org_case_idx').on(t.org_id, t.case_id),
  ],
);

/** The organisation's FINTRAC reporting settings (edited with the FINTRAC config permission; FintracSettings in the contract). */
export const fintracSettings = pgTable('fintrac_settings', {
  org_id: integer()
    .primaryKey()
    .references(() => organisations.id),
  settings: jsonb().notNull(),
  updated_by_id: integer().references(() => agents.id),
  updated_at: createdAt(),
});
