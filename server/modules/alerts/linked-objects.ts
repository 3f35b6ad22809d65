import { sql } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { firstRow, page, textArray } from '../../db/sql.js';
import { linkedAlertsPage, linkedPage, objectsOfAlertsPage } from './linked-objects.queries.js';
import { loadAlerts } from './load.js';
import { queueVisible, visibleAlert } from '../../auth/visibility.js';
import { ownerDocuments } from '../documents/index.js';
import { withDataLoaders } from '../../domain/cold-storage/cached.js';
import { loadActionEvents } from '../action-events/index.js';
import { loadTransactions } from '../transactions/index.js';
import { loadEntities, entityIdByExternalId } from '../entities/index.js';
import { loadInstruments, requireInstrument } from '../instruments/index.js';
import { loadViewer } from '../../domain/censorship/viewer.js';
import { defineHandlers } from '../types.js';

/**
 * The data objects an alert flags (its transactions, entities, instruments, action events and
 * documents), the entities and instruments several alerts flag, and the alerts that flag an entity,
 * an instrument or any of a list of them. Alerts sit above the data objects: these joins live here.
 */

interface CachedAlertList {
  entity_external_ids?: string[];
  instrument_external_ids?: string[];
  statuses?: components['schemas']['AlertStatus'][];
  limit?: number;
  offset?: number;
}

/** The alert's transaction events, newest first (all three transaction reads answer this). */
async function alertTransactions(db: Db, p: Principal, id: number, q: { limit?: number; offset?: number } | undefined, cached: boolean) {
  await visibleAlert(db, p, id);
  const { limit, offset } = page(q);
  const { count, ids } = await linkedPage(db, p.orgId, id, 'transactions', limit, offset);
  const txnEvents = await loadTransactions(db, await loadViewer(db, p), ids);
  return { count, txn_events: cached ? await withDataLoaders(db, p.orgId, 'TRANSACTION', txnEvents) : txnEvents };
}

export const linkedObjectHandlers = defineHandlers({
  async listEntityAlerts({ db, principal, params, body }) {
    const entityId = await entityIdByExternalId(db, principal.orgId, params.externalId);
    return linkedAlertsPage(db, principal, { table: 'alert_entities', column: 'entity_id', id: entityId }, page(body));
  },

  async listInstrumentAlerts({ db, principal, params, body }) {
    await requireInstrument(db, principal.orgId, params.id);
    return linkedAlertsPage(db, principal, { table: 'alert_instruments', column: 'instrument_id', id: params.id }, page(body));
  },

  async listCachedEntities({ db, principal, body }) {
    const { count, ids } = await objectsOfAlertsPage(db, principal, { table: 'alert_entities', column: 'entity_id' }, body.alert_ids, page(body));
    const entities = await loadEntities(db, await loadViewer(db, principal), ids);
    return { count, entities: await withDataLoaders(db, principal.orgId, 'ENTITY', entities) };
  },

  async listCachedInstruments({ db, principal, body }) {
    const { count, ids } = await objectsOfAlertsPage(db, principal, { table: 'alert_instruments', column: 'instrument_id' }, body.alert_ids, page(body));
    return { count, instruments: await loadInstruments(db, await loadViewer(db, principal), ids) };
  },

  async listAlertDocuments({ db, principal, params }) {
    await visibleAlert(db, principal, params.id);
    return { documents: await ownerDocuments(db, principal.orgId, 'ALERT', params.id) };
  },

  async listCachedAlerts({ db, principal, body: request }) {
    // the contract's anyOf (one of the two lists is required) leaves the generated body type open
    const body = request as CachedAlertList;
    const entityIds = body.entity_external_ids ?? [];
    const instrumentIds = body.instrument_external_ids ?? [];
    const flagged = [
      entityIds.length
        ? sql`exists (select 1 from alert_entities ae join entities e on e.id = ae.entity_id and e.org_id = ae.org_id
            where ae.org_id = a.org_id and ae.alert_id = a.id and e.external_id = any(${textArray(entityIds)}))`
        : null,
      instrumentIds.length
        ? sql`exists (select 1 from alert_instruments ai join instruments i on i.id = ai.instrument_id and i.org_id = ai.org_id
            where ai.org_id = a.org_id and ai.alert_id = a.id and i.external_id = any(${textArray(instrumentIds)}))`
        : null,
    ].filter((c) => c !== null);
    if (!flagged.length) return { count: 0, alerts: [] };
    // lists in one array parameter: loadAlerts runs a prepared statement, whose text must not vary
    const statuses = body.statuses?.length ? sql`a.status = any(${textArray(body.statuses)})` : sql`true`;
    const where = sql`(${sql.join(flagged, sql` or `)}) and ${statuses}`;
    const { limit, offset } = page(body);
    const [alerts, total] = await Promise.all([
      loadAlerts(db, principal, where, sql`order by a.created_at desc, a.id desc limit ${limit} offset ${offset}`),
      firstRow<{ count: number }>(
        db,
        sql`select count(*)::int as count from alerts a
          where a.org_id = ${principal.orgId} and ${queueVisible(principal, sql`a.queue_id`)} and ${where}`,
      ),
    ]);
    return { count: total?.count ?? 0, alerts: await withDataLoaders(db, principal.orgId, 'ALERT', alerts) };
  },

  async getAlertTransactions({ db, principal, params, query }) {
    return alertTransactions(db, principal, params.id, query, false);
  },

  async listAlertTransactions({ db, principal, params, body }) {
    return alertTransactions(db, principal, params.id, body, false);
  },

  async getCachedAlertTransactions({ db, principal, params, query }) {
    return alertTransactions(db, principal, params.id, query, true);
  },

  async listAlertEntities({ db, principal, params, body }) {
    await visibleAlert(db, principal, params.id);
    const { limit, offset } = page(body);
    const { count, ids } = await linkedPage(db, principal.orgId, params.id, 'entities', limit, offset);
    return { count, entities: await loadEntities(db, await loadViewer(db, principal), ids) };
  },

  async listAlertActionEvents({ db, principal, params, body }) {
    await visibleAlert(db, principal, params.id);
    const { limit, offset } = page(body);
    const { count, ids } = await linkedPage(db, principal.orgId, params.id, 'action_events', limit, offset);
    return { count, action_events: await loadActionEvents(db, await loadViewer(db, principal), ids) };
  },

  async listAlertInstruments({ db, principal, params, body }) {
    await visibleAlert(db, principal, params.id);
    const { limit, offset } = page(body);
    const { count, ids } = await linkedPage(db, principal.orgId, params.id, 'instruments', limit, offset);
    return { count, instruments: await loadInstruments(db, await loadViewer(db, principal), ids) };
  },
});
