// The transactions an entity or an instrument took part in, newest first, a page of 100 with its pager.
import { PAGE_SIZE } from '../../../api/entities/queries';
import type { TransactionEvent } from '../../../api/transactions/queries';
import { PagedTable, type Column, type PageQuery } from '../../../ui/DataTable';

interface Props {
  query: PageQuery<{ count: number; txn_events: TransactionEvent[] }>;
  columns: Column<TransactionEvent>[];
  failed: string;
  offset: number;
  onOffset: (offset: number) => void;
}

export function TransactionPages({ query, columns, failed, offset, onOffset }: Props) {
  return (
    <PagedTable
      query={query}
      rows={(d) => d.txn_events}
      rowKey={(t) => t.id}
      columns={columns}
      aria-label="Transactions"
      loading="Loading transactions"
      failed={failed}
      pager={{ offset, limit: PAGE_SIZE, onChange: onOffset, label: 'Transaction pages' }}
    />
  );
}
