// The transactions the instrument sent or received, newest first, 100 a page.
import { Section } from '../../../ui/Section';
import { useState } from 'react';
import { compactTime } from '../../../lib/time';
import { formatAmount, txnTypeLabel } from '../entity/entity.utils';
import { TransactionPages } from '../entity/TransactionPages';
import { linkColumn, type Column } from '../../../ui/DataTable';
import type { TransactionEvent } from '../../../api/transactions/queries';
import { useInstrumentTransactionsQuery } from '../../../api/instruments/queries';
import { INSTRUMENT_TRANSACTIONS_FAILED } from './instrument.constants';

/** The other side of a transaction the instrument sent or received. */
function counterparty(t: TransactionEvent, sent: boolean) {
  return sent ? (t.receiver_entity?.name_readable ?? t.receiver_instrument?.external_id) : (t.sender_entity?.name_readable ?? t.sender_instrument?.external_id);
}

const columns = (instrumentId: number): Column<TransactionEvent>[] => [
  linkColumn<TransactionEvent>(
    'Event',
    (t) => `/data-explorer/transactions/${t.id}`,
    (t) => t.external_id,
  ),
  { header: 'Time', cell: (t) => compactTime(t.event_time) },
  { header: 'Direction', cell: (t) => (t.sender_instrument_id === instrumentId ? 'Sent' : 'Received') },
  { header: 'Counterparty', cell: (t) => counterparty(t, t.sender_instrument_id === instrumentId) ?? '—' },
  { header: 'Type', cell: (t) => txnTypeLabel(t.internal_txn_type) },
  { header: 'Amount', numeric: true, cell: (t) => formatAmount(t.amount, t.currency) },
];

export function InstrumentTransactions({ instrumentId }: { instrumentId: number }) {
  const [offset, setOffset] = useState(0);
  const q = useInstrumentTransactionsQuery(instrumentId, offset, true);
  return (
    <Section id="instrument-transactions-title" title={`Transactions${q.data ? ` (${q.data.count})` : ''}`} bare>
      <TransactionPages query={q} columns={columns(instrumentId)} failed={INSTRUMENT_TRANSACTIONS_FAILED} offset={offset} onOffset={setOffset} />
    </Section>
  );
}
