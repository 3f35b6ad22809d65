import { sql } from 'drizzle-orm';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/client.js';
import { preparedRows, inOrder, intArray, iso, type Ts } from '../../db/sql.js';
import { formattedData, type Viewer } from '../../domain/censorship/viewer.js';
import type { components } from '../../../openapi/schema.js';
import type { DataLoader } from '../../domain/cold-storage/read.js';
import { loadAnnotations } from '../annotations/index.js';
import { visibleInQueue } from '../../auth/visibility.js';

/** Transaction events by id, in the contract's shape, in the order of the ids (ids not found are skipped). */

type S = components['schemas'];
type TransactionEvent = S['TransactionEvent'];
type InternalTxnType = TransactionEvent['internal_txn_type'];

/** Stored transaction types by contract type: deposits and withdrawals of cash and checks are stored apart. */
export const STORED_TXN_TYPES: Record<InternalTxnType, string[]> = {
  ACH: ['ACH'],
  WIRE: ['WIRE'],
  CARD: ['CARD'],
  CHECK: ['CHECK', 'CHECK_DEPOSIT'],
  CASH: ['CASH', 'CASH_DEPOSIT', 'CASH_WITHDRAWAL'],
  P2P: ['P2P'],
  INTERNAL_TRANSFER: ['INTERNAL_TRANSFER'],
};

const CONTRACT_TXN_TYPE = new Map(Object.entries(STORED_TXN_TYPES).flatMap(([type, list]) => list.map((stored) => [stored, type as InternalTxnType])));

export function contractTxnType(stored: string): InternalTxnType {
  return CONTRACT_TXN_TYPE.get(stored) ?? 'INTERNAL_TRANSFER';
}

export const storedTxnTypes = (types: readonly InternalTxnType[]) => types.flatMap((t) => STORED_TXN_TYPES[t]);

interface TransactionRow {
  id: number;
  external_id: string;
  event_time: Ts;
  amount: number;
  currency: string;
  status: string;
  internal_txn_type: string;
  risk_score: number | null;
  formatted_data: unknown;
  sender_instrument_id: number | null;
  receiver_instrument_id: number | null;
  sender_entity_id: number | null;
  sender_entity_external_id: string | null;
  sender_entity_name: string | null;
  receiver_entity_id: number | null;
  receiver_entity_external_id: string | null;
  receiver_entity_name: string | null;
  sender_instrument_external_id: string | null;
  receiver_instrument_external_id: string | null;
  sender_instrument_has_attachments: boolean;
  receiver_instrument_has_attachments: boolean;
  alert_ids: number[] | null;
  in_article: boolean;
}

/**
 * One party of a transaction by primary key. `limit 1` keeps the planner from turning the lookup
 * into a hash join over the whole table (which costs a scan of every entity per page).
 */
const party = (table: string, columns: string, column: string) =>
  sql`(select ${sql.raw(columns)} from ${sql.raw(table)} p where p.org_id = t.org_id and p.id = ${sql.raw(column)} limit 1)`;

const hasDocuments = (column: string) =>
  sql`exists (select 1 from documents d where d.org_id = t.org_id and d.object_type = 'INSTRUMENT' and d.object_id = ${sql.raw(column)} and d.deleted_at is null)`;

/** Alert ids of a transaction the principal may see (restricted-queue alerts are left out). */
const visibleAlertIds = (principal: Principal) =>
  sql`array(select at.alert_id from alert_transactions at join alerts a on a.org_id = at.org_id and a.id = at.alert_id
    where at.org_id = t.org_id and at.transaction_id = t.id and ${visibleInQueue(principal, 'a')} order by at.alert_id)`;

export async function loadTransactions(db: Db, viewer: Viewer, ids: readonly number[], dataLoader: DataLoader = null): Promise<TransactionEvent[]> {
  if (!ids.length) return [];
  const [list, annotations] = await Promise.all([
    preparedRows<TransactionRow>(
      db,
      sql`select t.id, t.external_id, t.event_time, t.amount::float8 as amount, t.currency, t.status, t.internal_txn_type,
        t.risk_score::float8 as risk_score, t.formatted_data, t.sender_instrument_id, t.receiver_instrument_id,
        t.sender_entity_id, t.receiver_entity_id, se.external_id as sender_entity_external_id, se.name_readable as sender_entity_name,
        re.external_id as receiver_entity_external_id, re.name_readable as receiver_entity_name,
        si.external_id as sender_instrument_external_id, ri.external_id as receiver_instrument_external_id,
        ${hasDocuments('t.sender_instrument_id')} as sender_instrument_has_attachments,
        ${hasDocuments('t.receiver_instrument_id')} as receiver_instrument_has_attachments,
        ${visibleAlertIds(viewer.principal)} as alert_ids,
        exists (select 1 from alert_transactions at join case_alerts ca on ca.org_id = at.org_id and ca.alert_id = at.alert_id
          where at.org_id = t.org_id and at.transaction_id = t.id) as in_article
      from transactions t
      left join lateral ${party('entities', 'external_id, name_readable', 't.sender_entity_id')} se on true
      left join lateral ${party('entities', 'external_id, name_readable', 't.receiver_entity_id')} re on true
      left join lateral ${party('instruments', 'external_id', 't.sender_instrument_id')} si on true
      left join lateral ${party('instruments', 'external_id', 't.receiver_instrument_id')} ri on true
      where t.org_id = ${viewer.orgId} and t.id = any(${intArray(ids)})`,
    ),
    loadAnnotations(db, viewer.orgId, 'TRANSACTION', ids),
  ]);
  return inOrder(ids, list).map((t) => {
    const alertIds = t.alert_ids ?? [];
    return {
      id: t.id,
      external_id: t.external_id,
      event_time: iso(t.event_time),
      amount: t.amount,
      currency: t.currency,
      status: t.status as TransactionEvent['status'],
      internal_txn_type: contractTxnType(t.internal_txn_type),
      risk_score: t.risk_score,
      ...annotations(t.id),
      formatted_data: formattedData(t.formatted_data, viewer),
      sender_entity:
        t.sender_entity_id && t.sender_entity_external_id
          ? { id: t.sender_entity_id, external_id: t.sender_entity_external_id, name_readable: t.sender_entity_name ?? '' }
          : null,
      receiver_entity:
        t.receiver_entity_id && t.receiver_entity_external_id
          ? { id: t.receiver_entity_id, external_id: t.receiver_entity_external_id, name_readable: t.receiver_entity_name ?? '' }
          : null,
      sender_instrument: t.sender_instrument_external_id ? { external_id: t.sender_instrument_external_id } : null,
      receiver_instrument: t.receiver_instrument_external_id ? { external_id: t.receiver_instrument_external_id } : null,
      sender_instrument_id: t.sender_instrument_id,
      receiver_instrument_id: t.receiver_instrument_id,
      sender_entity_external_id: t.sender_entity_external_id,
      receiver_entity_external_id: t.receiver_entity_external_id,
      sender_instrument_has_attachments: t.sender_instrument_has_attachments,
      receiver_instrument_has_attachments: t.receiver_instrument_has_attachments,
      has_alerts: alertIds.length > 0,
      in_article: t.in_article,
      alert_ids: alertIds,
      data_loader: dataLoader,
    };
  });
}
