import { boolean, foreignKey, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { agents, orgId, queues } from './core.js';
import { cases } from './investigation.js';

/** Regulatory filings: SARs and the batches they (and CTR / FINTRAC reports) are filed in. */

export const SAR_STATUSES = [
  'ARCHIVED',
  'PREFILING_VALIDATION_PENDING',
  'PREFILING_VALIDATION_IN_PROCESS',
  'PREFILING_VALIDATION_SUCCESS',
  'PREFILING_VALIDATION_FAILED',
  'READY_FOR_REVIEW',
  'QUEUED_FOR_FILING',
  'SENDING_TO_FINCEN',
  'SENT_TO_FINCEN',
  'FINCEN_ACCEPTED',
  'FILING_SUCCESS',
  'FINCEN_VALIDATION_FAILED',
  'FILING_FAILED',
  'FINCEN_REJECTED',
  'FILING_MAX_RETRIES_EXCEEDED',
] as const;
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
  },
  (t) => [unique('filing_batches_org_id_id_key').on(t.org_id, t.id), index('filing_batches_org_type_idx').on(t.org_id, t.report_type, t.created_at.desc())],
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
  ],
);
