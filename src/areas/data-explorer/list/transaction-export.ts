// What "Export" on the transactions tab asks for: the list's request (filters and order) and its
// visible columns, in the agent's order: native columns by their export names, a data setting's
// column as the list names it (ds:{id}), the transaction's id first.
import type { components } from '../../../../openapi/schema';
import type { ExportRequest } from '../../../api/file-exports/mutations';
import type { TransactionListFilters } from '../../../api/transactions/queries';

type S = components['schemas'];
type Column = NonNullable<S['TransactionExportRequest']['columns']>[number];

/** The list's column keys that differ from the export's. */
const RENAMED: Record<string, S['TransactionExportColumn']> = {
  sender: 'sender_entity_external_id',
  receiver: 'receiver_entity_external_id',
};
const NATIVE = new Set<string>([
  'id',
  'external_id',
  'event_time',
  'amount',
  'currency',
  'status',
  'internal_txn_type',
  'risk_score',
  'sender_entity_external_id',
  'receiver_entity_external_id',
  'tags',
] satisfies S['TransactionExportColumn'][]);

export function transactionExportColumns(visibleKeys: readonly (string | undefined)[]): Column[] {
  const keys = ['id', ...visibleKeys].flatMap((k): string[] => {
    if (k === undefined) return [];
    if (/^ds:[0-9]{1,10}$/.test(k)) return [k];
    const name = RENAMED[k] ?? k;
    return NATIVE.has(name) ? [name] : [];
  });
  return [...new Set(keys)] as Column[];
}

/** The list's paging is not sent on: the server exports every row of the filters (it ignores limit and offset). */
export function transactionExportRequest(filters: TransactionListFilters, visibleKeys: readonly (string | undefined)[], format: 'CSV' | 'XLSX'): ExportRequest {
  return { list: 'transactions', body: { format, columns: transactionExportColumns(visibleKeys), filters: { ...filters, limit: 100, offset: 0 } } };
}
