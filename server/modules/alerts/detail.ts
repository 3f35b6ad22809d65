import { sql } from 'drizzle-orm';
import { notFound } from '../../lib/errors.js';
import { firstRow, rows, assertId, idList, inOrder, intArray, page, validIds } from '../../db/sql.js';
import { disposition, hit, type HitRow } from './alerts.mappers.js';
import { loadAlerts, loadAlertSummaries } from './load.js';
import { queueVisible, visibleAlert } from '../../auth/visibility.js';
import { cachedLoaders } from '../../domain/cold-storage/cached.js';
import { defineHandlers } from '../types.js';

/** An alert: by id (also as a cached read), several by id, their dispositions, and its rule hits. */
export const alertDetailHandlers = defineHandlers({
  // Visibility first (restricted queues), then the cold-storage state, then the alert.
  async getCachedAlert({ db, principal, params }) {
    await visibleAlert(db, principal, params.id);
    const loader = await cachedLoaders(db, principal.orgId, 'ALERT', [params.id]);
    const [found] = await loadAlerts(db, principal, sql`a.id = ${assertId(params.id, 'Alert')}`);
    if (!found) throw notFound('Alert');
    return { ...found, data_loader: loader(found.id) };
  },

  async retrieveAlerts({ db, principal, body }) {
    const ids = validIds(body.object_ids);
    if (!ids.length) return { results: [] };
    if (body.short) return { results: await loadAlertSummaries(db, principal, ids) };
    // one id (the alert page) as a plain parameter: PostgreSQL then keeps one generic plan of the
    // prepared statement, where an array of unknown length is planned again on every call
    const where = ids.length === 1 ? sql`a.id = ${ids[0]}` : sql`a.id = any(${intArray(ids)})`;
    return { results: inOrder(ids, await loadAlerts(db, principal, where)) };
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

  async listAlertHits({ db, principal, params, body }) {
    await visibleAlert(db, principal, params.id);
    const { limit, offset } = page(body, 10);
    const [total, hits] = await Promise.all([
      firstRow<{ count: number }>(db, sql`select count(*)::int as count from alert_hits where org_id = ${principal.orgId} and alert_id = ${params.id}`),
      rows<HitRow>(
        db,
        sql`select h.id, h.created_at, h.window_end, h.variable_snapshots, h.new_txn_events_count, h.new_action_events_count,
            h.new_entities_count, h.new_instruments_count, h.rule_id, r.title as rule_title, h.rule_version
          from alert_hits h left join rules r on r.id = h.rule_id and r.org_id = h.org_id
          where h.org_id = ${principal.orgId} and h.alert_id = ${params.id}
          order by h.created_at desc, h.id desc limit ${limit} offset ${offset}`,
      ),
    ]);
    return { count: total?.count ?? 0, hits: hits.map(hit) };
  },
});
