import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.js';
import { agents, orgId, organisations } from './core.js';

/** The permission catalogue: global reference data (no org_id), one row per contract PermissionName. */
export const permissions = pgTable('permissions', {
  id: id(),
  name: text().notNull().unique(),
  label: text().notNull(),
  description: text().notNull(),
  /** grouping for the permission editor (contract PermissionType) */
  type: text().notNull(),
});

/** Grants a permission to an agent or a team. association_id is polymorphic, so it has no foreign key. */
export const permissionAssociations = pgTable(
  'permission_associations',
  {
    org_id: orgId(),
    /** 'agent' | 'team' */
    association_type: text().notNull(),
    association_id: integer().notNull(),
    permission_id: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.association_type, t.association_id, t.permission_id] }),
    index('permission_associations_org_idx').on(t.org_id, t.association_type, t.association_id),
  ],
);

export const magicLinks = pgTable(
  'magic_links',
  {
    id: id(),
    org_id: orgId(),
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
    token_hash: text().notNull().unique(),
    expires_at: tstz().notNull(),
    used_at: tstz(),
    created_at: createdAt(),
  },
  (t) => [index('magic_links_org_agent_idx').on(t.org_id, t.agent_id)],
);

export const impersonationLogs = pgTable(
  'impersonation_logs',
  {
    id: id(),
    /** the organisation being entered */
    org_id: orgId(),
    /** the internal agent who impersonates */
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
    impersonated_agent_id: integer()
      .notNull()
      .references(() => agents.id),
    reason: text().notNull(),
    support_ticket_id: text(),
    additional_details: text(),
    started_at: createdAt(),
    cancelled_at: tstz(),
  },
  (t) => [index('impersonation_logs_org_idx').on(t.org_id, t.started_at)],
);

/**
 * Refresh tokens rotate: each use marks the row used_at and issues a sibling in the same family.
 * Presenting a used token again revokes the whole family (revoked_at on every row).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    org_id: orgId(),
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
    family_id: uuid().notNull(),
    token_hash: text().notNull().unique(),
    /** 'email' | 'google-oauth2' | 'saml' */
    connection: text().notNull().default('email'),
    expires_at: tstz().notNull(),
    created_at: createdAt(),
    used_at: tstz(),
    revoked_at: tstz(),
    impersonation_log_id: integer().references(() => impersonationLogs.id),
  },
  (t) => [index('refresh_tokens_org_agent_idx').on(t.org_id, t.agent_id), index('refresh_tokens_family_idx').on(t.family_id)],
);

/** The development mailbox: every message the server would send, kept when no SMTP_URL is set. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    org_id: integer().references(() => organisations.id),
    to_address: text().notNull(),
    subject: text().notNull(),
    text_body: text().notNull(),
    link: text(),
    created_at: createdAt(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.created_at)],
);

/** Accepted magic-link requests for rate limiting; key is 'ip:<client>' or 'pair:<client> <email address>'. */
export const magicLinkRequests = pgTable(
  'magic_link_requests',
  {
    id: id(),
    key: text().notNull(),
    created_at: createdAt(),
  },
  (t) => [index('magic_link_requests_key_idx').on(t.key, t.created_at)],
);
