import { sql } from 'drizzle-orm';
import { cachedLoaders } from '../../domain/cold-storage/cached.js';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows } from '../../db/sql.js';
import { entityIdByExternalId } from './entities.queries.js';
import { loadEntities } from './load.js';
import { loadTransactions, storedTxnTypes } from '../transactions/index.js';
import { loadViewer } from '../../domain/censorship/viewer.js';
import { defineHandlers } from '../types.js';

/** An entity (also as a cached read, with its cold-storage state) and its blocked reasons and check images. */
export const entityHandlers = defineHandlers({
  async getCachedEntity({ db, principal, params }) {
    const loader = await cachedLoaders(db, principal.orgId, 'ENTITY', [params.id]);
    const [entity] = await loadEntities(db, await loadViewer(db, principal), [params.id]);
    if (!entity) throw notFound('Entity');
    return { ...entity, data_loader: loader(entity.id) };
  },

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
    return {
      txn_events: await loadTransactions(
        db,
        await loadViewer(db, principal),
        found.map((r) => r.id),
      ),
    };
  },
});
