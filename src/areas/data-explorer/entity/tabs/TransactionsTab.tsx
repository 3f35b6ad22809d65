// The entity's transactions: the transaction list call with entity_ids and the direction filter
// (spec part 2, section 3: Any, Sending, Receiving, Other), newest first, 100 a page. The
// direction is part of the address (?direction=), so a link keeps it.
import { useState } from 'react';
import { Link } from 'wouter';
import { compactTime } from '../../../../lib/time';
import { useEntityTransactionsQuery, PAGE_SIZE, type TransactionDirection } from '../../../../api/entities/queries';
import { type TransactionEvent } from '../../../../api/transactions/queries';
import * as s from '../entity.styles';
import { formatAmount, humanise, txnTypeLabel } from '../entity.utils';
import { PagedTable, type Column } from '../../../../ui/DataTable';
import { tableParts as tp } from '../../../../ui/table.recipes';
import { cx } from '../../../../../styled-system/css';

export const TRANSACTIONS_FAILED = 'Failed to load the entity’s transactions.';

export const DIRECTIONS: readonly { value: TransactionDirection; label: string }[] = [
  { value: 'ANY', label: 'Any' },
  { value: 'OUTBOUND', label: 'Sending' },
  { value: 'INBOUND', label: 'Receiving' },
  { value: 'OTHER', label: 'Other' },
];

export function directionFromSearch(search: string): TransactionDirection {
  const asked = new URLSearchParams(search).get('direction');
  return DIRECTIONS.find((d) => d.value === asked)?.value ?? 'ANY';
}

function side(t: TransactionEvent, entityExternalId: string): { label: string; other: string | null } {
  if (t.sender_entity_external_id === entityExternalId)
    return { label: 'Sent', other: t.receiver_entity?.name_readable ?? t.receiver_instrument?.external_id ?? null };
  if (t.receiver_entity_external_id === entityExternalId)
    return { label: 'Received', other: t.sender_entity?.name_readable ?? t.sender_instrument?.external_id ?? null };
  return { label: 'Other', other: null };
}

interface Props {
  entityId: number;
  entityExternalId: string;
  direction: TransactionDirection;
  onDirection: (direction: TransactionDirection) => void;
}

const columns = (entityExternalId: string): Column<TransactionEvent>[] => [
  {
    header: 'Event',
    cell: (t) => (
      <Link href={`/data-explorer/transactions/${t.id}`} className={cx(tp.link, tp.mono)}>
        {t.external_id}
      </Link>
    ),
  },
  { header: 'Time', cell: (t) => compactTime(t.event_time) },
  { header: 'Direction', cell: (t) => side(t, entityExternalId).label },
  { header: 'Counterparty', cell: (t) => side(t, entityExternalId).other ?? '—' },
  { header: 'Type', cell: (t) => txnTypeLabel(t.internal_txn_type) },
  { header: 'Status', cell: (t) => humanise(t.status) },
  { header: 'Amount', numeric: true, cell: (t) => formatAmount(t.amount, t.currency) },
];

export function TransactionsTab({ entityId, entityExternalId, direction, onDirection }: Props) {
  const [offset, setOffset] = useState(0);
  const q = useEntityTransactionsQuery(entityId, direction, offset);
  return (
    <>
      <div className={s.toolbar}>
        <label htmlFor="entity-txn-direction">Direction</label>
        <select
          id="entity-txn-direction"
          value={direction}
          onChange={(e) => {
            setOffset(0);
            onDirection(e.target.value as TransactionDirection);
          }}
        >
          {DIRECTIONS.map((d) => (
            <option key={d.value} value={d.value}>
              {d.label}
            </option>
          ))}
        </select>
        {q.data ? <span className={s.secondary}>{`${q.data.count} transactions`}</span> : null}
      </div>
      <PagedTable
        query={q}
        rows={(d) => d.txn_events}
        rowKey={(t) => t.id}
        columns={columns(entityExternalId)}
        aria-label="Transactions"
        loading="Loading transactions"
        failed={TRANSACTIONS_FAILED}
        pager={{ offset, limit: PAGE_SIZE, onChange: setOffset, label: 'Transaction pages' }}
      />
    </>
  );
}
