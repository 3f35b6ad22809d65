import { sql } from 'drizzle-orm';
import type { components } from '../../openapi/schema.js';
import { type Principal } from '../auth/principal.js';
import type { Db } from '../db/client.js';
import { notFound } from '../lib/errors.js';
import { firstRow, rows, assertId, idList, inOrder, page, validIds } from '../db/sql.js';
import { disposition, hit, type HitRow } from './alerts.mappers.js';
import { linkedPage, loadAlerts, loadAlertSummaries, linkedAlertsPage, objectsOfAlertsPage } from './alerts.queries.js';
import { queueVisible, visibleAlert } from '../auth/visibility.js';
import { editDeadline, investigationAction } from './cases.queries.js';
import { ownerDocuments } from '../modules/documents/index.js';
import { cachedLoaders, withDataLoaders } from '../domain/cold-storage/cached.js';
import { loadActionEvents } from '../modules/action-events/index.js';
import { loadTransactions } from '../modules/transactions/index.js';
import { loadEntities } from '../modules/entities/index.js';
import { loadInstruments, requireInstrument } from '../modules/instruments/index.js';
import { loadViewer } from '../domain/censorship/viewer.js';
import { defineHandlers } from '../modules/types.js';
import { entityIdByExternalId } from '../modules/entities/index.js';

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

export const alertsHandlers = defineHandlers({
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

  // Visibility first (restricted queues), then the cold-storage state, then the alert.
  async getCachedAlert({ db, principal, params }) {
    await visibleAlert(db, principal, params.id);
    const loader = await cachedLoaders(db, principal.orgId, 'ALERT', [params.id]);
    const [found] = await loadAlerts(db, principal, sql`a.id = ${assertId(params.id, 'Alert')}`);
    if (!found) throw notFound('Alert');
    return { ...found, data_loader: loader(found.id) };
  },

  async listCachedAlerts({ db, principal, body: request }) {
    // the contract's anyOf (one of the two lists is required) leaves the generated body type open
    const body = request as CachedAlertList;
    const entityIds = body.entity_external_ids ?? [];
    const instrumentIds = body.instrument_external_ids ?? [];
    const flagged = [
      entityIds.length
        ? sql`exists (select 1 from alert_entities ae join entities e on e.id = ae.entity_id and e.org_id = ae.org_id
            where ae.org_id = a.org_id and ae.alert_id = a.id and e.external_id in ${idList(entityIds)})`
        : null,
      instrumentIds.length
        ? sql`exists (select 1 from alert_instruments ai join instruments i on i.id = ai.instrument_id and i.org_id = ai.org_id
            where ai.org_id = a.org_id and ai.alert_id = a.id and i.external_id in ${idList(instrumentIds)})`
        : null,
    ].filter((c) => c !== null);
    if (!flagged.length) return { count: 0, alerts: [] };
    const statuses = body.statuses?.length ? sql`a.status in ${idList(body.statuses)}` : sql`true`;
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

  async retrieveAlerts({ db, principal, body }) {
    const ids = validIds(body.object_ids);
    if (!ids.length) return { results: [] };
    if (body.short) return { results: await loadAlertSummaries(db, principal, ids) };
    return { results: inOrder(ids, await loadAlerts(db, principal, sql`a.id in ${idList(ids)}`)) };
  },

  async getAlertDispositions({ db, principal, query }) {
    const ids = validIds([...new Set(query.ids.split(',').map(Number))]);
    if (!ids.length) return { dispositions: [] };
    const found = await rows<{ id: number; disposition: string | null; disposition_notes: string | null }>(
      db,
      sql`select a.id, a.disposition, a.disposition_notes from alerts a
        where a.org_id = ${principal.orgId} and a.id in ${idList(ids)} and ${queueVisible(principal, sql`a.queue_id`)}`,
    );
    return {
      dispositions: inOrder(ids, found).map((a) => ({ alert_id: a.id, disposition: disposition(a.disposition), disposition_notes: a.disposition_notes })),
    };
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

  async listAlertHits({ db, principal, params, body }) {
    await visibleAlert(db, principal, params.id);
    const { limit, offset } = page(body, 10);
    const [total, hits] = await Promise.all([
      firstRow<{ count: number }>(db, sql`select count(*)::int as count from alert_hits where org_id = ${principal.orgId} and alert_id = ${params.id}`),
      rows<HitRow>(
        db,
        sql`select h.id, h.created_at, h.window_end, h.variable_snapshots, h.new_txn_events_count, h.new_action_events_count,
            h.new_entities_count, h.new_instruments_count, h.rule_id, r.title as rule_title
          from alert_hits h left join rules r on r.id = h.rule_id and r.org_id = h.org_id
          where h.org_id = ${principal.orgId} and h.alert_id = ${params.id}
          order by h.created_at desc, h.id desc limit ${limit} offset ${offset}`,
      ),
    ]);
    return { count: total?.count ?? 0, hits: hits.map(hit) };
  },

  async editDeadline({ db, req, principal, body }) {
    return editDeadline(db, req, principal, body);
  },

  async investigationAction({ db, req, principal, body }) {
    return investigationAction(db, req, principal, body);
  },
});
