import { sql } from 'drizzle-orm';
import { queueVisible } from '../../auth/visibility.js';
import { firstRow, intArray, rows, type SqlRunner } from '../../db/sql.js';
import { audit } from '../../lib/audit.js';
import { badRequest, notFound, type ErrorDetail } from '../../lib/errors.js';
import { defineHandlers } from '../types.js';
import { loadAlerts } from './load.js';

/**
 * Manual alerts ("Create alert" on an entity, an instrument or a transaction): type MANUAL, opened in
 * a queue the caller may use with the queue's deadline, the objects attached.
 */

/** An alert's deadline when its queue sets none (as the detection engine's). */
const DEFAULT_DEADLINE_SECONDS = 30 * 86_400;

async function missing(db: SqlRunner, orgId: number, table: 'entities' | 'instruments' | 'transactions', ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await rows<{ id: number }>(db, sql`select id from ${sql.raw(table)} where org_id = ${orgId} and id = any(${intArray(ids)})`);
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export const createAlertHandlers = defineHandlers({
  async createAlert({ db, req, principal, body, reply }) {
    const title = body.title.trim();
    const details: ErrorDetail[] = [];
    if (!title) details.push({ path: 'body/title', message: 'A title is required.' });
    const queue = await firstRow<{ id: number; deadline_seconds: number | null }>(
      db,
      sql`select q.id, q.deadline_seconds from queues q where q.org_id = ${principal.orgId} and q.id = ${body.queue_id} and ${queueVisible(principal, sql`q.id`)}`,
    );
    if (!queue) throw notFound('Queue');
    const entityIds = [...new Set(body.entity_ids ?? [])];
    const instrumentIds = [...new Set(body.instrument_ids ?? [])];
    const transactionIds = [...new Set(body.transaction_ids ?? [])];
    for (const [field, table, ids] of [
      ['entity_ids', 'entities', entityIds],
      ['instrument_ids', 'instruments', instrumentIds],
      ['transaction_ids', 'transactions', transactionIds],
    ] as const) {
      // another organisation's objects are as unknown as ones that do not exist
      const unknown = await missing(db, principal.orgId, table, ids);
      if (unknown.length)
        throw notFound(`${field === 'entity_ids' ? 'Entity' : field === 'instrument_ids' ? 'Instrument' : 'Transaction'} ${unknown.join(', ')}`);
    }
    if (details.length) throw badRequest(`Invalid alert: ${details.map((d) => `${d.path} ${d.message}`).join('; ')}`, details);
    const seconds = queue.deadline_seconds ?? DEFAULT_DEADLINE_SECONDS;
    const id = await db.transaction(async (tx) => {
      const created = await firstRow<{ id: number }>(
        tx,
        sql`insert into alerts (org_id, title, description, status, alert_type, object_source, queue_id, deadline, start_date, deadline_config)
          values (${principal.orgId}, ${title}, ${body.description?.trim() || null}, 'OPEN', 'MANUAL', 'INTERNAL', ${queue.id},
            now() + make_interval(secs => ${seconds}::int), now(), ${JSON.stringify({ duration_seconds: seconds })}::jsonb)
          returning id`,
      );
      const alertId = created!.id;
      if (entityIds.length)
        await tx.execute(
          sql`insert into alert_entities (org_id, alert_id, entity_id) select ${principal.orgId}::int, ${alertId}::int, unnest(${intArray(entityIds)})`,
        );
      if (instrumentIds.length)
        await tx.execute(
          sql`insert into alert_instruments (org_id, alert_id, instrument_id) select ${principal.orgId}::int, ${alertId}::int, unnest(${intArray(instrumentIds)})`,
        );
      if (transactionIds.length) {
        await tx.execute(
          sql`insert into alert_transactions (org_id, alert_id, transaction_id) select ${principal.orgId}::int, ${alertId}::int, unnest(${intArray(transactionIds)})`,
        );
        await tx.execute(sql`update transactions set has_alerts = true where org_id = ${principal.orgId} and id = any(${intArray(transactionIds)})`);
        await tx.execute(
          sql`update alerts a set amount_volume = v.total, currency = v.currency from (select sum(amount) as total, min(currency) as currency from transactions
            where org_id = ${principal.orgId} and id = any(${intArray(transactionIds)})) v where a.org_id = ${principal.orgId} and a.id = ${alertId}`,
        );
      }
      await audit(tx, req, {
        orgId: principal.orgId,
        agentId: principal.agentId,
        action: 'alert.created',
        objectType: 'ALERT',
        objectId: alertId,
        before: null,
        after: { title, queue_id: queue.id, alert_type: 'MANUAL', entity_ids: entityIds, instrument_ids: instrumentIds, transaction_ids: transactionIds },
      });
      return alertId;
    });
    reply.code(201);
    const [alert] = await loadAlerts(db, principal, sql`a.id = ${id}`);
    return alert;
  },
});
