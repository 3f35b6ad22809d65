import { sql } from 'drizzle-orm';
import type { SqlRunner } from '../db/sql.js';

/** The kinds an agent can turn off on their profile's Notifications tab. */
export type NotificationKind = 'assignment' | 'mention' | 'rule';

export interface Notification {
  orgId: number;
  agentId: number;
  kind: NotificationKind;
  content: string;
  entityType: string;
  entityId: number;
}

/**
 * Notifies an agent unless they turned that kind of notification off (notification_preferences;
 * a kind with no row is on). One statement, so the check and the insert see the same preference.
 */
export async function notifyAgent(db: SqlRunner, n: Notification): Promise<void> {
  await db.execute(sql`insert into notifications (org_id, agent_id, content, entity_type, entity_id)
    select ${n.orgId}, ${n.agentId}, ${n.content}, ${n.entityType}, ${n.entityId}
    where not exists (select 1 from notification_preferences np where np.agent_id = ${n.agentId} and np.kind = ${n.kind} and not np.enabled)`);
}
