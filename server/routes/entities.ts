import { sql } from 'drizzle-orm';
import { withDataLoaders } from '../domain/cold-storage/cached.js';
import { notFound } from '../lib/errors.js';
import { firstRow, page, rows } from '../db/sql.js';
import { entityIdByExternalId, linkedAlertsPage, objectsOfAlertsPage, requireInOrg } from './entities.queries.js';
import { loadEntities, loadInstruments } from './entities.mappers.js';
import { loadTransactions } from './transactions.mappers.js';
import { loadViewer } from '../domain/censorship/viewer.js';
import { storedTxnTypes } from './transactions.mappers.js';
import { defineHandlers } from '../modules/types.js';

export const entitiesHandlers = defineHandlers({
  async getEntity({ db, principal, params }) {
    const [entity] = await loadEntities(db, await loadViewer(db, principal), [params.id]);
    if (!entity) throw notFound('Entity');
    return entity;
  },

  async getEntityBlockedReasons({ db, principal, params }) {
    const row = await firstRow<{ blocked_reasons: string[] | null }>(
      db,
      sql`select blocked_reasons from entities where org_id = ${principal.orgId} and external_id = ${params.externalId}`,
    );
    if (!row) throw notFound('Entity');
    return { blocked_reasons: row.blocked_reasons ?? [] };
  },

  async getEntityCheckImageTransactions({ db, principal, params }) {
    const entityId = await entityIdByExternalId(db, principal.orgId, params.externalId);
    const found = await rows<{ id: number }>(
      db,
      // Either side as a union of the sender and receiver index lookups: an OR would read the whole
      // table where the planner has no bitmap scans (the embedded database).
      sql`select t.id from transactions t
        where t.id in (select s.id from transactions s where s.org_id = ${principal.orgId} and s.sender_entity_id = ${entityId}
            union all select r.id from transactions r where r.org_id = ${principal.orgId} and r.receiver_entity_id = ${entityId})
          and t.org_id = ${principal.orgId} and t.internal_txn_type = any(${sql.param(storedTxnTypes(['CHECK']))}::text[])
          and exists (select 1 from documents d where d.org_id = t.org_id and d.object_type = 'TRANSACTION' and d.object_id = t.id and d.deleted_at is null)
        order by t.event_time desc, t.id desc`,
    );
    return { txn_events: await loadTransactions(db, await loadViewer(db, principal), found.map((r) => r.id)) };
  },

  async listEntityAlerts({ db, principal, params, body }) {
    const entityId = await entityIdByExternalId(db, principal.orgId, params.externalId);
    return linkedAlertsPage(db, principal, { table: 'alert_entities', column: 'entity_id', id: entityId }, page(body));
  },

  async getInstrument({ db, principal, params }) {
    const [instrument] = await loadInstruments(db, await loadViewer(db, principal), [params.id]);
    if (!instrument) throw notFound('Instrument');
    return instrument;
  },

  async listInstrumentAlerts({ db, principal, params, body }) {
    await requireInOrg(db, 'instruments', principal.orgId, params.id);
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
});
