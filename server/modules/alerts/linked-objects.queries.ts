import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { firstRow, preparedRows, rows, type SqlRunner, inOrder, intArray } from '../../db/sql.js';
import { visibleInQueue } from '../../auth/visibility.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { loadAlerts } from './load.js';

/** Pages of an alert's linked objects, of the alerts linked to an object, and of the objects flagged by alerts. */

const LINKS = {
  transactions: ['alert_transactions', 'transaction_id', 'transactions', 'x.event_time desc, x.id desc'],
  entities: ['alert_entities', 'entity_id', 'entities', 'x.id'],
  instruments: ['alert_instruments', 'instrument_id', 'instruments', 'x.id'],
  action_events: ['alert_action_events', 'action_event_id', 'action_events', 'x.event_time desc, x.id desc'],
} as const;

/** A page of the ids of an alert's linked objects of one kind, with their total count. */
export async function linkedPage(db: SqlRunner, orgId: number, alertId: number, kind: keyof typeof LINKS, limit: number, offset: number) {
  const [link, column, target, order] = LINKS[kind].map((part) => sql.raw(part));
  const from = sql`from ${link} l join ${target} x on x.id = l.${column} and x.org_id = l.org_id where l.org_id = ${orgId} and l.alert_id = ${alertId}`;
  const [total, found] = await Promise.all([
    preparedRows<{ count: number }>(db, sql`select count(*)::int as count ${from}`).then(([row]) => row),
    preparedRows<{ id: number }>(db, sql`select x.id ${from} order by ${order} limit ${limit} offset ${offset}`),
  ]);
  return { count: total?.count ?? 0, ids: found.map((r) => r.id) };
}

/**
 * A page of the visible alerts linked to an object through a link table (alert_entities,
 * alert_instruments), newest first, and how many there are.
 */
export async function linkedAlertsPage(
  db: Db,
  principal: Principal,
  link: { table: 'alert_entities' | 'alert_instruments'; column: 'entity_id' | 'instrument_id'; id: number },
  page: { limit: number; offset: number },
): Promise<{ count: number; alerts: components['schemas']['Alert'][] }> {
  const from = sql`from ${sql.raw(link.table)} l join alerts a on a.org_id = l.org_id and a.id = l.alert_id
    where l.org_id = ${principal.orgId} and l.${sql.raw(link.column)} = ${link.id} and ${visibleInQueue(principal, 'a')}`;
  const [counted, ids] = await Promise.all([
    preparedRows<{ count: number }>(db, sql`select count(*)::int as count ${from}`).then(([row]) => row),
    preparedRows<{ id: number }>(db, sql`select a.id ${from} order by a.created_at desc, a.id desc limit ${page.limit} offset ${page.offset}`),
  ]);
  const pageIds = ids.map((r) => r.id);
  const alerts = pageIds.length ? inOrder(pageIds, await loadAlerts(db, principal, sql`a.id = any(${intArray(pageIds)})`)) : [];
  return { count: counted?.count ?? 0, alerts };
}

/** 404 unless every one of the alerts is of the caller's organisation and in a queue the caller may see. */
export async function requireVisibleAlerts(db: SqlRunner, principal: Principal, alertIds: readonly number[]): Promise<void> {
  const visible = await firstRow<{ count: number }>(
    db,
    sql`select count(*)::int as count from alerts a where a.org_id = ${principal.orgId} and a.id = any(${intArray(alertIds)}) and ${visibleInQueue(principal, 'a')}`,
  );
  if ((visible?.count ?? 0) !== new Set(alertIds).size) throw notFound('Alert');
}

/** A page of the distinct objects flagged by any of the given alerts, ordered by id; 404 unless every alert is visible. */
export async function objectsOfAlertsPage(
  db: Db,
  principal: Principal,
  link: { table: 'alert_entities' | 'alert_instruments'; column: 'entity_id' | 'instrument_id' },
  alertIds: number[],
  page: { limit: number; offset: number },
): Promise<{ count: number; ids: number[] }> {
  await requireVisibleAlerts(db, principal, alertIds);
  const col = sql.raw(`l.${link.column}`);
  const from = sql`from ${sql.raw(link.table)} l join alerts a on a.org_id = l.org_id and a.id = l.alert_id
    where l.org_id = ${principal.orgId} and l.alert_id = any(${intArray(alertIds)}) and ${visibleInQueue(principal, 'a')}`;
  const [counted, found] = await Promise.all([
    firstRow<{ count: number }>(db, sql`select count(distinct ${col})::int as count ${from}`),
    rows<{ id: number }>(db, sql`select distinct ${col} as id ${from} order by 1 limit ${page.limit} offset ${page.offset}`),
  ]);
  return { count: counted?.count ?? 0, ids: found.map((r) => r.id) };
}
