import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { agents, orgId } from './core.js';

/**
 * The kinds of notification an agent turned off or on (contract NotificationKind). A kind without
 * a row is on: new kinds reach everyone until they choose otherwise.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    org_id: orgId(),
    agent_id: integer()
      .notNull()
      .references(() => agents.id),
    kind: text().notNull(),
    enabled: boolean().notNull(),
    updated_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agent_id, t.kind] })],
);
