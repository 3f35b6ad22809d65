import { boolean, foreignKey, index, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id, tstz } from './columns.js';
import { agents, orgId } from './core.js';
import { fileExports } from './system.js';

/** The AI agent of each organisation, its outputs, the LLM calls it made, and AI chat. */

export const aiAgents = pgTable('ai_agents', {
  id: id(),
  org_id: orgId().unique(),
  /** 'unconfigured' | 'needs_permissions' | 'configured' */
  status: text().notNull().default('unconfigured'),
  configured_at: tstz(),
  created_at: createdAt(),
  updated_at: createdAt(),
});

/** An AI review of an alert, case, SAR or rule. */
export const aiAgentOutputs = pgTable(
  'ai_agent_outputs',
  {
    id: id(),
    org_id: orgId(),
    /** 'ALERT' | 'CASE' | 'SAR' | 'RULE' */
    relation_type: text().notNull(),
    relation_id: integer().notNull(),
    is_reviewing: boolean().notNull().default(false),
    /** [{ agent_id, title, tasks: [{ id, question, answer }] }] */
    signals: jsonb().notNull().default([]),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [unique('ai_agent_outputs_org_id_id_key').on(t.org_id, t.id), index('ai_agent_outputs_org_relation_idx').on(t.org_id, t.relation_type, t.relation_id)],
);

/** One tracked LLM call (spec part 1 "AI tracking record"). */
export const aiTracking = pgTable(
  'ai_tracking',
  {
    id: id(),
    org_id: orgId(),
    /** the AI agent output (investigation result) the call was made for */
    ai_investigations_result_id: integer(),
    created_at: createdAt(),
    updated_at: createdAt(),
    group_id: text(),
    framework: text().notNull(),
    model_name: text().notNull(),
    query_type: text().notNull(),
    tool_name: text(),
    prompt_version: text(),
    prompt_name: text(),
    prompt_template: text(),
    raw_prompt: text(),
    raw_response: text(),
    processed_response: jsonb(),
    tokens_used: integer().notNull().default(0),
    input_tokens: integer().notNull().default(0),
    output_tokens: integer().notNull().default(0),
    /** USD */
    cost: numeric({ precision: 12, scale: 6, mode: 'number' }).notNull().default(0),
    latency_ms: integer().notNull().default(0),
    /** 'pending' | 'success' | 'error' */
    status: text().notNull(),
    error_message: text(),
    quality_score: numeric({ precision: 5, scale: 2, mode: 'number' }),
    feedback: text(),
    meta: jsonb().notNull().default({}),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
  },
  (t) => [
    foreignKey({
      name: 'ai_tracking_result_fk',
      columns: [t.org_id, t.ai_investigations_result_id],
      foreignColumns: [aiAgentOutputs.org_id, aiAgentOutputs.id],
    }),
    index('ai_tracking_org_created_idx').on(t.org_id, t.created_at.desc()),
    index('ai_tracking_created_idx').on(t.created_at.desc()),
  ],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: id(),
    org_id: orgId(),
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
    title: text(),
    file_export_id: integer(),
    /** true while the assistant is answering; the console polls every 5 s */
    is_waiting: boolean().notNull().default(false),
    created_at: createdAt(),
    updated_at: createdAt(),
  },
  (t) => [
    unique('chat_sessions_org_id_id_key').on(t.org_id, t.id),
    foreignKey({ name: 'chat_sessions_file_export_fk', columns: [t.org_id, t.file_export_id], foreignColumns: [fileExports.org_id, fileExports.id] }),
    index('chat_sessions_org_agent_idx').on(t.org_id, t.agent_id, t.updated_at.desc()),
  ],
);

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: id(),
    org_id: orgId(),
    session_id: integer().notNull(),
    /** 'user' | 'assistant' */
    role: text().notNull(),
    message: text().notNull(),
    image_link: text(),
    created_at: createdAt(),
  },
  (t) => [
    foreignKey({ name: 'chat_messages_session_fk', columns: [t.org_id, t.session_id], foreignColumns: [chatSessions.org_id, chatSessions.id] }).onDelete(
      'cascade',
    ),
    index('chat_messages_org_session_idx').on(t.org_id, t.session_id, t.created_at),
  ],
);
