import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { agents, orgId } from './core.js';

/**
 * Dashboard configs (spec part 2 section 3, "Dashboard config"): an agent's own (agent_id set) or
 * the organisation's defaults (agent_id null), at most one of each. `sections` is the contract's
 * DashboardSections.
 */
export const dashboardConfigs = pgTable(
  'dashboard_configs',
  {
    id: id(),
    org_id: orgId(),
    agent_id: integer().references(() => agents.id),
    sections: jsonb().notNull(),
    updated_by_id: integer().references(() => agents.id),
    updated_at: createdAt(),
  },
  (t) => [
    uniqueIndex('dashboard_configs_agent_key')
      .on(t.org_id, t.agent_id)
      .where(sql`agent_id is not null`),
    uniqueIndex('dashboard_configs_org_key')
      .on(t.org_id)
      .where(sql`agent_id is null`),
    // an agent's lookups (and the agents foreign key) lead with the organisation, as every tenant index does
    index('dashboard_configs_agent_idx').on(t.org_id, t.agent_id),
  ],
);
