import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, numeric, pgTable, primaryKey, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { agents, orgId } from './core.js';
import { entities } from './data.js';

/** Risk models and the scores they give entities. */

export const riskModels = pgTable(
  'risk_models',
  {
    id: id(),
    org_id: orgId(),
    title: text().notNull(),
    description: text(),
    /** 'draft' | 'active' | 'archived'; at most one active model per organisation */
    status: text().notNull().default('draft'),
    high_risk_floor: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull().default(80),
    low_risk_ceiling: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull().default(40),
    /**
     * entity_risk_segments: [{ id, title, filters, parameters: [{ id, type, weight, parameter_args,
     * metrics: [{ metric, metric_type, unknown_risk, unscored_risk, custom_data_setting_id,
     * risk_mappings: [{ method, risk, content: { operator, value } | { start, end } }] }] }] }]
     */
    segments: jsonb().notNull().default([]),
    /** 'queued' | 'in_progress' | 'success' | 'failed'; null before the first validation */
    last_validation_status: text(),
    last_validated_at: tstz(),
    /**
     * The last validation run's outcome: { low, medium, high, total, excluded } entities by risk
     * category when it succeeded, { error } when it failed; null before it finishes.
     */
    last_validation_result: jsonb(),
    created_by_id: integer().references(() => agents.id),
    created_at: createdAt(),
    updated_at: createdAt(),
    activated_at: tstz(),
  },
  (t) => [
    unique('risk_models_org_id_id_key').on(t.org_id, t.id),
    index('risk_models_org_status_idx').on(t.org_id, t.status),
    uniqueIndex('risk_models_one_active_per_org_idx')
      .on(t.org_id)
      .where(sql`status = 'active'`),
  ],
);

export const riskScoreResults = pgTable(
  'risk_score_results',
  {
    id: id(),
    // no reference of its own to organisations: the entity's (org_id, entity_id) reference implies
    // it, and rescoring writes a row per entity, each reference a check per row
    org_id: integer().notNull(),
    entity_id: integer().notNull(),
    risk_model_id: integer().notNull(),
    score: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull(),
    /**
     * { entity_segment_title, entity_segment_id, trace: [{ parameter, weight, parameter_trace: {...} }] }
     * (the demo data), or the engine's lean form { v: 2, entity_segment_id, entity_segment_title,
     * values } from which the trace is rebuilt with the model (server/domain/risk/trace.ts)
     */
    snapshot: jsonb().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'risk_score_results_entity_fk', columns: [t.org_id, t.entity_id], foreignColumns: [entities.org_id, entities.id] }).onDelete('cascade'),
    foreignKey({
      name: 'risk_score_results_model_fk',
      columns: [t.org_id, t.risk_model_id],
      foreignColumns: [riskModels.org_id, riskModels.id],
    }).onDelete('cascade'),
    // an entity's latest result under a model is the first entry (the scores call reads one per entity)
    index('risk_score_results_latest_idx').on(t.org_id, t.entity_id, t.risk_model_id, t.created_at.desc(), t.id.desc()),
    index('risk_score_results_org_model_idx').on(t.org_id, t.risk_model_id),
  ],
);

/**
 * Each entity's latest score under the organisation's active risk model (null: the model leaves the
 * entity unscored), what the entity lists show. Kept apart from the wide entities row so rescoring
 * a whole organisation writes narrow rows with one index rather than a new version of every
 * entity, through every index of entities.
 */
export const entityRiskScores = pgTable(
  'entity_risk_scores',
  {
    org_id: integer().notNull(),
    entity_id: integer().notNull(),
    score: numeric({ precision: 6, scale: 2, mode: 'number' }),
  },
  (t) => [
    primaryKey({ name: 'entity_risk_scores_pkey', columns: [t.org_id, t.entity_id] }),
    foreignKey({ name: 'entity_risk_scores_entity_fk', columns: [t.org_id, t.entity_id], foreignColumns: [entities.org_id, entities.id] }).onDelete('cascade'),
  ],
);
