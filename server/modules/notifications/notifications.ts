import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import { audit } from '../../lib/audit.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { firstRow, rows, iso } from '../../db/sql.js';
import { defineHandlers } from '../types.js';

type EntityType = 'CASE' | 'ALERT' | 'ALERT_QUEUE' | 'PROFILE' | 'RULE' | 'SAR' | 'FILE_EXPORT' | 'FFIP_NOTIFICATION';

interface NotificationRow {
  id: number;
  content: string;
  created_at: Date | string;
  status: 'unread' | 'read';
  entity_type: EntityType;
  entity_id: number | null;
}

const COLUMNS = sql`id, content, created_at, lower(status) as status, upper(entity_type) as entity_type, entity_id`;

const toNotification = (n: NotificationRow) => ({ ...n, created_at: iso(n.created_at) });

/** An agent sees and changes only their own notifications: any other agent id answers 403. */
function assertSelf(principal: Principal, agentId: number | undefined) {
  if (agentId !== undefined && agentId !== principal.agentId) throw forbidden('You can only see and change your own notifications');
}

export const notificationsHandlers = defineHandlers({
  async listNotifications({ db, principal, query }) {
    assertSelf(principal, query.agent_id);
    const mine = sql`org_id = ${principal.orgId} and agent_id = ${principal.agentId}`;
    const filter = query.unread_only ? sql`${mine} and lower(status) = 'unread'` : mine;
    const counts = await firstRow<{ count: number; unread_count: number }>(
      db,
      sql`select count(*) filter (where ${filter})::int as count,
          count(*) filter (where lower(status) = 'unread')::int as unread_count
        from notifications where ${mine}`,
    );
    const page = await rows<NotificationRow>(
      db,
      sql`select ${COLUMNS} from notifications where ${filter}
        order by created_at desc, id desc limit ${query.limit ?? 20} offset ${query.offset ?? 0}`,
    );
    return { count: counts?.count ?? 0, unread_count: counts?.unread_count ?? 0, notifications: page.map(toNotification) };
  },

  async markNotificationRead({ db, req, principal, params, body }) {
    assertSelf(principal, body.agent_id);
    const changed = await firstRow<NotificationRow>(
      db,
      sql`update notifications set status = 'read'
        where id = ${params.id} and org_id = ${principal.orgId} and agent_id = ${principal.agentId} and lower(status) <> 'read'
        returning ${COLUMNS}`,
    );
    if (changed) {
      await audit(db, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'notification.read',
        objectType: 'NOTIFICATION',
        objectId: changed.id,
      });
      return toNotification(changed);
    }
    const current = await firstRow<NotificationRow>(
      db,
      sql`select ${COLUMNS} from notifications where id = ${params.id} and org_id = ${principal.orgId} and agent_id = ${principal.agentId}`,
    );
    if (!current) throw notFound('Notification');
    return toNotification(current);
  },

  async markAllNotificationsRead({ db, req, principal, body }) {
    assertSelf(principal, body.agent_id);
    const changed = await rows<{ id: number }>(
      db,
      sql`update notifications set status = 'read'
        where org_id = ${principal.orgId} and agent_id = ${principal.agentId} and lower(status) <> 'read' returning id`,
    );
    if (changed.length) {
      await audit(db, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'notifications.all_read',
        objectType: 'NOTIFICATION',
        details: { updated: changed.length },
      });
    }
    return { updated: changed.length };
  },
});
