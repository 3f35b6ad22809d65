import { sql, type SQL } from 'drizzle-orm';
import type { components } from '../../../openapi/schema.js';
import type { Principal } from '../../auth/principal.js';
import { isEmbedded, type Db } from '../../db/client.js';
import { firstRow, rows, intArray, textArray } from '../../db/sql.js';
import { sarVisible } from '../../auth/visibility.js';
import { storedTxnTypes } from './load.js';
import { cachedCount, LARGE_COUNT, listCountKey, rememberCount } from './count-cache.js';
import { ANCHOR_MIN_OFFSET, anchorKey, nearestAnchor, rememberAnchors } from './page-anchors.js';

/** The transaction list: filters, sorting, paging. */

type S = components['schemas'];
export type TransactionListRequest = S['TransactionListRequest'];

/**
 * The filter payload as SQL conditions on `t` (transactions). The list indexes (migration 0007)
 * start from the organisation and one of event time, type, status, amount, sender, receiver or
 * instrument, so every filter set has an index to start from.
 */
export function transactionConditions(principal: Principal, f: TransactionListRequest): SQL {
  const org = principal.orgId;
  const where: SQL[] = [sql`t.org_id = ${org}`];
  if (f.minimum_amount && f.minimum_amount > 0) where.push(sql`t.amount >= ${f.minimum_amount}`);
  if (f.maximum_amount && f.maximum_amount > 0) where.push(sql`t.amount <= ${f.maximum_amount}`);
  if (f.currency) where.push(sql`t.currency = ${f.currency}`);
  if (f.start_date) where.push(sql`t.event_time >= ${f.start_date}::timestamptz`);
  if (f.end_date) where.push(sql`t.event_time < ${f.end_date}::timestamptz`);
  if (f.statuses?.length) where.push(sql`t.status = any(${textArray(f.statuses)})`);
  if (f.internal_txn_types?.length) where.push(sql`t.internal_txn_type = any(${textArray(storedTxnTypes(f.internal_txn_types))})`);
  if (f.tag_ids?.length) {
    where.push(sql`exists (select 1 from object_tags ot where ot.org_id = t.org_id and ot.object_type = 'TRANSACTION'
      and ot.object_id = t.id and ot.tag_id = any(${intArray(f.tag_ids)}))`);
  }
  if (f.entity_ids?.length) {
    const ids = intArray(f.entity_ids);
    const direction = f.direction ?? 'ANY';
    // Either side as a union of two index lookups (sender, receiver) rather than an OR, which the
    // embedded database (planning without bitmap scans) would answer by reading every transaction.
    const eitherSide = (sender: SQL, receiver: SQL) => sql`t.id in (select s.id from transactions s where s.org_id = ${org} and ${sender}
      union all select r.id from transactions r where r.org_id = ${org} and ${receiver})`;
    if (direction === 'OUTBOUND') where.push(sql`t.sender_entity_id = any(${ids})`);
    else if (direction === 'INBOUND') where.push(sql`t.receiver_entity_id = any(${ids})`);
    else if (direction === 'OTHER') {
      // a party only through an instrument the entity owns
      const owned = sql`(select oi.id from instruments oi where oi.org_id = ${org} and oi.entity_id = any(${ids}))`;
      where.push(sql`(t.sender_entity_id is null or t.sender_entity_id <> all(${ids}))
        and (t.receiver_entity_id is null or t.receiver_entity_id <> all(${ids}))
        and ${eitherSide(sql`s.sender_instrument_id in ${owned}`, sql`r.receiver_instrument_id in ${owned}`)}`);
    } else where.push(eitherSide(sql`s.sender_entity_id = any(${ids})`, sql`r.receiver_entity_id = any(${ids})`));
  }
  if (f.sender_external_entity_ids?.length) {
    where.push(
      sql`t.sender_entity_id in (select se.id from entities se where se.org_id = ${org} and se.external_id = any(${textArray(f.sender_external_entity_ids)}))`,
    );
  }
  if (f.receiver_external_entity_ids?.length) {
    where.push(
      sql`t.receiver_entity_id in (select re.id from entities re where re.org_id = ${org} and re.external_id = any(${textArray(f.receiver_external_entity_ids)}))`,
    );
  }
  if (f.hide_placeholder) where.push(sql`not t.is_placeholder`);
  if (f.hide_spooled) where.push(sql`not t.is_spooled`);
  if (f.sar_ids?.length) {
    // a SAR's events are the transactions it reports (those of its case's alerts when it was written)
    where.push(sql`t.id in (select st.transaction_id from sars s
      join sar_transactions st on st.org_id = s.org_id and st.sar_id = s.id
      where s.org_id = ${org} and s.id = any(${intArray(f.sar_ids)}) and ${sarVisible(principal, 's')})`);
  }
  return sql.join(where, sql` and `);
}

/** The list's order: by event time (the default), amount or risk score, then by id; the same direction throughout. */
export function transactionOrder(f: TransactionListRequest): SQL {
  const dir = sql.raw(f.sort_direction === 'ascending' ? 'asc' : 'desc');
  switch (f.sort_column) {
    case 'amount':
      return sql`order by t.amount ${dir}, t.id ${dir}`;
    case 'risk_score':
      return sql`order by t.risk_score ${dir} nulls last, t.id ${dir}`;
    default:
      // event_time is never empty: ordered without "nulls last", the list indexes
      // (org_id, [filter column,] event_time, id) give this order read forwards or backwards
      return sql`order by t.event_time ${dir}, t.id ${dir}`;
  }
}

/** The sort key of a row: the sorted column as text (exact, unlike a float or a Date), and the id. */
export interface TransactionSortKey {
  id: number;
  sort_key: string | null;
}

/** The sort column as text, selected as `sort_key` for transactionsAfter. */
export function transactionSortKey(f: TransactionListRequest): SQL {
  if (f.sort_column === 'amount') return sql`t.amount::text as sort_key`;
  if (f.sort_column === 'risk_score') return sql`t.risk_score::text as sort_key`;
  return sql`t.event_time::text as sort_key`;
}

/**
 * The rows after `last` in the order of transactionOrder (keyset paging). Risk scores sort with
 * empty scores last in either direction: after a scored row come lower (or higher) scores, equal
 * scores with a further id, and every unscored row; after an unscored row, unscored rows only.
 */
export function transactionsAfter(f: TransactionListRequest, last: TransactionSortKey): SQL {
  const ascending = f.sort_direction === 'ascending';
  const cmp = sql.raw(ascending ? '>' : '<');
  if (f.sort_column === 'amount') return sql`(t.amount, t.id) ${cmp} (${last.sort_key}::numeric, ${last.id})`;
  if (f.sort_column === 'risk_score') {
    if (last.sort_key === null) return sql`(t.risk_score is null and t.id ${cmp} ${last.id})`;
    return sql`((t.risk_score, t.id) ${cmp} (${last.sort_key}::numeric, ${last.id}) or t.risk_score is null)`;
  }
  return sql`(t.event_time, t.id) ${cmp} (${last.sort_key}::timestamptz, ${last.id})`;
}

/** The ids of one page of matching transactions, in order, and how many match. */
export async function transactionPage(db: Db, principal: Principal, f: TransactionListRequest): Promise<{ count: number; ids: number[] }> {
  const where = transactionConditions(principal, f);
  const offset = f.offset ?? 0;
  const limit = f.limit ?? 100;
  // A SAR's events depend on the caller's queues: never shared through the cache.
  const countKey = f.sar_ids?.length ? null : listCountKey(principal.orgId, f);
  const cached = countKey === null ? null : cachedCount(countKey);
  const countQuery = sql`select count(*)::int as count from transactions t where ${where}`;
  // Deep pages in event-time order seek to the nearest anchor (page-anchors.ts).
  const byTime = !f.sort_column || f.sort_column === 'event_time';
  const ascending = f.sort_direction === 'ascending';
  const anchors = byTime && countKey !== null ? anchorKey(countKey, ascending ? 'ascending' : 'descending') : null;
  const anchor = anchors === null || offset < ANCHOR_MIN_OFFSET ? null : nearestAnchor(anchors, offset);
  const seek =
    anchor === null
      ? sql``
      : ascending
        ? sql` and (t.event_time, t.id) >= (${anchor.eventTime}::timestamptz, ${anchor.id})`
        : sql` and (t.event_time, t.id) <= (${anchor.eventTime}::timestamptz, ${anchor.id})`;
  const skip = offset - (anchor?.offset ?? 0);
  const pageQuery = sql`select t.id, t.event_time::text as event_time from transactions t where ${where}${seek} ${transactionOrder(f)} limit ${limit} offset ${skip}`;
  const counted = async () => {
    if (cached !== null) return cached;
    const count = (await firstRow<{ count: number }>(db, countQuery))?.count ?? 0;
    if (countKey !== null) rememberCount(countKey, count);
    return count;
  };
  const finish = (count: number, found: Array<{ id: number; event_time: string }>) => {
    if (anchors !== null && count >= LARGE_COUNT && found.length) {
      const first = found[0];
      const last = found.at(-1)!;
      rememberAnchors(anchors, [
        { offset, eventTime: first.event_time, id: first.id },
        { offset: offset + found.length - 1, eventTime: last.event_time, id: last.id },
      ]);
    }
    return { count, ids: found.map((r) => r.id) };
  };
  if (isEmbedded(db)) {
    // one connection: the page is not asked for when the offset is past the end
    const count = await counted();
    return finish(count, offset >= count ? [] : await rows<{ id: number; event_time: string }>(db, pageQuery));
  }
  // PostgreSQL: the count and the page on two connections at once
  const [count, found] = await Promise.all([counted(), rows<{ id: number; event_time: string }>(db, pageQuery)]);
  return finish(count, found);
}
