import type { components } from '../../../../openapi/schema.js';
import type { Principal } from '../../../auth/principal.js';
import type { Db } from '../../../db/client.js';
import type { Cell } from '../writer.js';
import type { ExportParameters, ExportSource, RowSource } from './types.js';
import { sql } from 'drizzle-orm';
import { rows } from '../../../db/sql.js';
import { loadViewer } from '../../../domain/censorship/viewer.js';
import { loadTransactions, transactionPage } from '../../transactions/index.js';
import { names } from './types.js';

type S = components['schemas'];

type TxnColumn = Exclude<S['TransactionExportColumn'], 'data_fields'>;

const TXN_COLUMNS: Record<TxnColumn, (t: S['TransactionEvent']) => Cell> = {
  id: (t) => t.id,
  external_id: (t) => t.external_id,
  event_time: (t) => t.event_time,
  amount: (t) => t.amount,
  currency: (t) => t.currency,
  status: (t) => t.status,
  internal_txn_type: (t) => t.internal_txn_type,
  risk_score: (t) => t.risk_score ?? null,
  sender_entity_external_id: (t) => t.sender_entity_external_id ?? null,
  receiver_entity_external_id: (t) => t.receiver_entity_external_id ?? null,
  tags: (t) => names(t.tags),
};

/** The transaction list pages at most 100 rows. */
const TXN_PAGE = 100;

async function transactionSource(db: Db, p: Principal, params: ExportParameters, pageRows: number): Promise<RowSource> {
  const chosen = params.columns?.length ? params.columns : [...Object.keys(TXN_COLUMNS), 'data_fields'];
  const filters = (params.filters ?? {}) as S['TransactionListRequest'];
  // the organisation's event fields: data_fields is every exported one, ds:{id} one the list shows
  const settings = await rows<{ id: number; label: string; exported: boolean }>(
    db,
    sql`select id, user_facing_label as label, exported from data_settings where org_id = ${p.orgId} and data_classifier = 'EVENT' order by id`,
  );
  const byId = new Map(settings.map((s) => [`ds:${s.id}`, s]));
  type Column = { label: string; value: (t: S['TransactionEvent']) => Cell };
  const field = (s: { id: number; label: string }): Column => ({ label: s.label, value: (t) => t.formatted_data[String(s.id)]?.formatted_value ?? null });
  const columns: Column[] = chosen.flatMap((c): Column[] => {
    if (c === 'data_fields') return settings.filter((s) => s.exported).map(field);
    const setting = byId.get(c);
    if (setting) return [field(setting)];
    const native = TXN_COLUMNS[c as TxnColumn] as ((t: S['TransactionEvent']) => Cell) | undefined;
    return native ? [{ label: c, value: native }] : [];
  });
  const viewer = await loadViewer(db, p);
  return {
    header: columns.map((c) => c.label),
    async page(offset) {
      const { count, ids } = await transactionPage(db, p, { ...filters, limit: Math.min(pageRows, TXN_PAGE), offset });
      const events = await loadTransactions(db, viewer, ids, null);
      return { count, rows: events.map((t) => columns.map((c) => c.value(t))) };
    },
  };
}

export const transactionExport: ExportSource = { permission: 'read_events', source: transactionSource };
