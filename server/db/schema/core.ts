import { type AnyPgColumn, boolean, foreignKey, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt, id } from './columns.js';

/**
 * Organisations, their settings and flags, agents, teams and queues.
 *
 * Tenant isolation: every tenant table has `org_id` and a unique key on (org_id, id). Children
 * reference their tenant parents through composite foreign keys (org_id, parent_id), so a row can
 * never point at another organisation's parent. References to agents are plain (agent_id → agents.id)
 * because internal staff act across organisations (org switching, impersonation).
 */

export const organisations = pgTable('organisations', {
  id: id(),
  display_name: text().notNull(),
  parent_id: integer().references((): AnyPgColumn => organisations.id),
  created_at: createdAt(),
});

/** The tenant column: `org_id integer not null references organisations(id)`. */
export const orgId = () =>
  integer()
    .notNull()
    .references(() => organisations.id);

export const organisationSettings = pgTable('organisation_settings', {
  org_id: integer()
    .primaryKey()
    .references(() => organisations.id),
  inactivity_enabled: boolean().notNull().default(false),
  inactivity_time_seconds: integer().notNull().default(1800),
  home_route: text(),
  /** 'PG' (working data in Postgres) or 'DL' (cold storage); shown as a badge in the top bar */
  data_store: text().notNull().default('PG'),
  /** the organisation's IANA time zone: business days (CTRs) and deadlines are reckoned in it */
  timezone: text().notNull().default('America/New_York'),
  updated_at: createdAt(),
});

export const featureFlags = pgTable(
  'feature_flags',
  {
    org_id: orgId(),
    name: text().notNull(),
    enabled: boolean().notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.org_id, t.name] })],
);

export const agents = pgTable(
  'agents',
  {
    id: id(),
    org_id: orgId(),
    /** stored lower-cased; unique across organisations because sign-in is by address */
    email: text().notNull().unique(),
    full_name: text().notNull(),
    picture: text(),
    /** 'active' | 'inactive' */
    status: text().notNull().default('active'),
    /** the internal_staff agent flag (provider staff) */
    is_internal: boolean().notNull().default(false),
    is_ai_admin: boolean().notNull().default(false),
    has_valid_auth: boolean().notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [index('agents_org_id_idx').on(t.org_id, t.status)],
);

export const teams = pgTable(
  'teams',
  {
    id: id(),
    org_id: orgId(),
    name: text().notNull(),
    description: text(),
    allowed_tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** true when the team carries a permission set, which then takes precedence over its members' own sets */
    has_permission_set: boolean().notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    unique('teams_org_id_id_key').on(t.org_id, t.id),
    unique('teams_org_id_name_key').on(t.org_id, t.name),
    index('teams_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const teamMembers = pgTable(
  'team_members',
  {
    org_id: orgId(),
    team_id: integer().notNull(),
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
  },
  (t) => [
    primaryKey({ columns: [t.team_id, t.agent_id] }),
    foreignKey({ name: 'team_members_team_fk', columns: [t.org_id, t.team_id], foreignColumns: [teams.org_id, teams.id] }).onDelete('cascade'),
    index('team_members_org_agent_idx').on(t.org_id, t.agent_id),
  ],
);

export const queues = pgTable(
  'queues',
  {
    id: id(),
    org_id: orgId(),
    title: text().notNull(),
    /** 'open' (every agent) | 'restricted' (members only) */
    access_type: text().notNull().default('open'),
    description: text(),
    /** deadline given to alerts and cases created in the queue, in seconds; null for none */
    deadline_seconds: integer(),
    created_at: createdAt(),
  },
  (t) => [unique('queues_org_id_id_key').on(t.org_id, t.id), unique('queues_org_id_title_key').on(t.org_id, t.title)],
);

export const queueMembers = pgTable(
  'queue_members',
  {
    org_id: orgId(),
    queue_id: integer().notNull(),
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
  },
  (t) => [
    primaryKey({ columns: [t.queue_id, t.agent_id] }),
    foreignKey({ name: 'queue_members_queue_fk', columns: [t.org_id, t.queue_id], foreignColumns: [queues.org_id, queues.id] }).onDelete('cascade'),
    index('queue_members_org_agent_idx').on(t.org_id, t.agent_id),
  ],
);

/** Shared by comments, documents, tags and AI outputs: 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION' | 'ACTION_EVENT' | 'ALERT' | 'CASE' | 'SAR' | 'RULE'. */
export type ObjectType = 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION' | 'ACTION_EVENT' | 'ALERT' | 'CASE' | 'SAR' | 'RULE';
