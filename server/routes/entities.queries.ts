import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import { hasPermission, type Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { forbidden, notFound } from '../lib/errors.js';
import { firstRow, rows, type SqlRunner, inOrder, intArray } from '../db/sql.js';
import { loadAlerts } from './alerts.queries.js';
import { sarVisible } from '../auth/visibility.js';
import { mapDocument, type DocumentRow } from './investigation.mappers.js';
import { visibleInQueue } from '../auth/visibility.js';

/** Lookups of the entities area: objects by external id, alert pages, attachments and their owners. */

export async function entityIdByExternalId(db: Db, orgId: number, externalId: string): Promise<number> {
  const row = await firstRow<{ id: number }>(db, sql`select id from entities where org_id = ${orgId} and external_id = ${externalId}`);
  if (!row) throw notFound('Entity');
  return row.id;
}

export async function requireInOrg(db: Db, table: 'entities' | 'instruments', orgId: number, id: number): Promise<void> {
  const row = await firstRow<{ id: number }>(db, sql`select id from ${sql.raw(table)} where org_id = ${orgId} and id = ${id}`);
  if (!row) throw notFound(table === 'entities' ? 'Entity' : 'Instrument');
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
    firstRow<{ count: number }>(db, sql`select count(*)::int as count ${from}`),
    rows<{ id: number }>(db, sql`select a.id ${from} order by a.created_at desc, a.id desc limit ${page.limit} offset ${page.offset}`),
  ]);
  const pageIds = ids.map((r) => r.id);
  const alerts = pageIds.length ? inOrder(pageIds, await loadAlerts(db, principal, sql`a.id = any(${intArray(pageIds)})`)) : [];
  return { count: counted?.count ?? 0, alerts };
}

/** A page of the distinct objects flagged by any of the given alerts, ordered by id; 404 unless every alert is visible. */
export async function objectsOfAlertsPage(
  db: Db,
  principal: Principal,
  link: { table: 'alert_entities' | 'alert_instruments'; column: 'entity_id' | 'instrument_id' },
  alertIds: number[],
  page: { limit: number; offset: number },
): Promise<{ count: number; ids: number[] }> {
  const visible = await firstRow<{ count: number }>(
    db,
    sql`select count(*)::int as count from alerts a where a.org_id = ${principal.orgId} and a.id = any(${intArray(alertIds)}) and ${visibleInQueue(principal, 'a')}`,
  );
  if ((visible?.count ?? 0) !== new Set(alertIds).size) throw notFound('Alert');
  const col = sql.raw(`l.${link.column}`);
  const from = sql`from ${sql.raw(link.table)} l join alerts a on a.org_id = l.org_id and a.id = l.alert_id
    where l.org_id = ${principal.orgId} and l.alert_id = any(${intArray(alertIds)}) and ${visibleInQueue(principal, 'a')}`;
  const [counted, found] = await Promise.all([
    firstRow<{ count: number }>(db, sql`select count(distinct ${col})::int as count ${from}`),
    rows<{ id: number }>(db, sql`select distinct ${col} as id ${from} order by 1 limit ${page.limit} offset ${page.offset}`),
  ]);
  return { count: counted?.count ?? 0, ids: found.map((r) => r.id) };
}

export interface DocumentOwnerRow extends DocumentRow {
  object_type: string;
}

/** Whether the object a document belongs to is one the principal may see (restricted queues hide alerts, cases, SARs). */
function ownerVisible(principal: Principal): SQL {
  return sql`case d.object_type
    when 'ALERT' then exists (select 1 from alerts a where a.org_id = d.org_id and a.id = d.object_id and ${visibleInQueue(principal, 'a')})
    when 'CASE' then exists (select 1 from cases c where c.org_id = d.org_id and c.id = d.object_id and ${visibleInQueue(principal, 'c')})
    when 'SAR' then exists (select 1 from sars s where s.org_id = d.org_id and s.id = d.object_id and ${sarVisible(principal, 's')})
    else true end`;
}

/** The live documents of one object (an alert, a case), newest first; the caller has checked the object is visible. */
export async function ownerDocuments(db: SqlRunner, orgId: number, objectType: 'ALERT' | 'CASE', objectId: number) {
  const found = await rows<DocumentRow>(
    db,
    sql`select id, object_id, name, media_type, mime_type, embed_url, storage_resource, created_at from documents
      where org_id = ${orgId} and object_type = ${objectType} and object_id = ${objectId} and deleted_at is null
      order by created_at desc, id desc`,
  );
  return found.map(mapDocument);
}

/** A live document of the caller's organisation whose owner the caller may see, or 404. */
export async function visibleDocument(db: Db, principal: Principal, id: number): Promise<DocumentOwnerRow> {
  const row = await firstRow<DocumentOwnerRow>(
    db,
    sql`select d.id, d.object_type, d.object_id, d.name, d.media_type, d.mime_type, d.embed_url, d.storage_resource, d.created_at
      from documents d where d.org_id = ${principal.orgId} and d.id = ${id} and d.deleted_at is null and ${ownerVisible(principal)}`,
  );
  if (!row) throw notFound('Attachment');
  return row;
}

/** The edit permission attaching or deleting a document of each kind of owner needs. */
const EDIT_PERMISSION: Record<string, string> = {
  ENTITY: 'edit_entities',
  INSTRUMENT: 'edit_transaction_instruments',
  TRANSACTION: 'edit_events',
  ACTION_EVENT: 'edit_events',
  ALERT: 'edit_alerts',
  CASE: 'edit_cases',
  SAR: 'edit_sars',
  RULE: 'edit_rules',
};

export function requireEditPermissionFor(principal: Principal, objectType: string): void {
  const needed = EDIT_PERMISSION[objectType];
  if (!needed || !hasPermission(principal, needed)) throw forbidden(`Changing this object's attachments needs the ${needed ?? 'edit'} permission`);
}
