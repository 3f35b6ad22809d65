import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { isEmbedded, type Db } from '../../db/client.js';
import { firstRow, rows, intArray, textArray } from '../../db/sql.js';

/** The action event list of the data explorer: filters, order and paging (POST /api/action-events/list). */

type S = components['schemas'];
export type ActionEventListRequest = S['ActionEventListRequest'];

/** The filters as SQL conditions on `e` (action_events). */
export function actionEventConditions(principal: Principal, f: ActionEventListRequest): SQL {
  const where: SQL[] = [sql`e.org_id = ${principal.orgId}`];
  if (f.entity_ids?.length) where.push(sql`e.entity_id = any(${intArray(f.entity_ids)})`);
  if (f.action_types?.length) where.push(sql`e.action_type = any(${textArray(f.action_types)})`);
  if (f.start_date) where.push(sql`e.event_time >= ${f.start_date}::timestamptz`);
  if (f.end_date) where.push(sql`e.event_time < ${f.end_date}::timestamptz`);
  if (f.tag_ids?.length) {
    where.push(sql`exists (select 1 from object_tags ot where ot.org_id = e.org_id and ot.object_type = 'ACTION_EVENT'
      and ot.object_id = e.id and ot.tag_id = any(${intArray(f.tag_ids)}))`);
  }
  return sql.join(where, sql` and `);
}

/** The ids of one page of matching events, in order, and how many match. */
export async function actionEventPage(db: Db, principal: Principal, f: ActionEventListRequest): Promise<{ count: number; ids: number[] }> {
  const where = actionEventConditions(principal, f);
  // event_time is never empty: one order the (org_id, event_time) index gives read either way
  const dir = sql.raw(f.sort_direction === 'ascending' ? 'asc' : 'desc');
  const offset = f.offset ?? 0;
  const countQuery = sql`select count(*)::int as count from action_events e where ${where}`;
  const pageQuery = sql`select e.id from action_events e where ${where} order by e.event_time ${dir}, e.id ${dir} limit ${f.limit ?? 100} offset ${offset}`;
  if (isEmbedded(db)) {
    // one connection: the page is not asked for when the offset is past the end
    const count = (await firstRow<{ count: number }>(db, countQuery))?.count ?? 0;
    const ids = offset >= count ? [] : (await rows<{ id: number }>(db, pageQuery)).map((r) => r.id);
    return { count, ids };
  }
  const [counted, found] = await Promise.all([firstRow<{ count: number }>(db, countQuery), rows<{ id: number }>(db, pageQuery)]);
  return { count: counted?.count ?? 0, ids: found.map((r) => r.id) };
}

interface PartyRow {
  id: number;
  entity_id: number | null;
  entity_external_id: string | null;
  entity_name: string | null;
  instrument_id: number | null;
  instrument_external_id: string | null;
  ip_address: string | null;
  device_fingerprint: string | null;
}

export type ActionEventExtras = Pick<S['ActionEventListItem'], 'entity' | 'instrument' | 'ip_address' | 'device_fingerprint'>;

/** The list's native columns beside the ActionEvent shape: entity, instrument, IP address and device. */
export async function actionEventExtras(db: Db, orgId: number, ids: readonly number[]): Promise<Map<number, ActionEventExtras>> {
  if (!ids.length) return new Map();
  const found = await rows<PartyRow>(
    db,
    sql`select e.id, e.entity_id, en.external_id as entity_external_id, en.name_readable as entity_name,
        e.instrument_id, i.external_id as instrument_external_id, e.ip_address, e.device_fingerprint
      from action_events e
      left join entities en on en.org_id = e.org_id and en.id = e.entity_id
      left join instruments i on i.org_id = e.org_id and i.id = e.instrument_id
      where e.org_id = ${orgId} and e.id = any(${intArray(ids)})`,
  );
  return new Map(
    found.map((r) => [
      r.id,
      {
        entity:
          r.entity_id !== null && r.entity_external_id !== null
            ? { id: r.entity_id, external_id: r.entity_external_id, name_readable: r.entity_name ?? '' }
            : null,
        instrument: r.instrument_id !== null && r.instrument_external_id !== null ? { id: r.instrument_id, external_id: r.instrument_external_id } : null,
        ip_address: r.ip_address,
        device_fingerprint: r.device_fingerprint,
      },
    ]),
  );
}
