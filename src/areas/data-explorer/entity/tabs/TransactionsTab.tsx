// The entity's transactions: the transaction list call with entity_ids and the direction filter
// (spec part 2, section 3: Any, Sending, Receiving, Other), newest first, 100 a page. The
// direction is part of the address (?direction=), so a link keeps it.
import { useState } from 'react';
import { compactTime } from '../../../../lib/time';
import { useEntityTransactionsQuery, type TransactionDirection } from '../../../../api/entities/queries';
import { type TransactionEvent } from '../../../../api/transactions/queries';
import * as s from '../entity.styles';
import { formatAmount, humanise, txnTypeLabel } from '../entity.utils';
import { TransactionPages } from '../TransactionPages';
import { linkColumn, type Column } from '../../../../ui/DataTable';
import { Options } from '../../../../ui/Options';

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
  linkColumn<TransactionEvent>(
    'Event',
    (t) => `/data-explorer/transactions/${t.id}`,
    (t) => t.external_id,
  ),
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
          <Options items={DIRECTIONS} value={(d) => d.value} label={(d) => d.label} />
        </select>
        {q.data ? <span className={s.secondary}>{`${q.data.count} transactions`}</span> : null}
      </div>
      <TransactionPages query={q} columns={columns(entityExternalId)} failed={TRANSACTIONS_FAILED} offset={offset} onOffset={setOffset} />
    </>
  );
}
