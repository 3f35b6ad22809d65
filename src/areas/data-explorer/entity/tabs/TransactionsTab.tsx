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
import { Pager, TabEmpty, TabError, TabLoading } from '../parts';
import { RowTable } from '../../../../ui/RowTable';

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
      {q.isPending ? (
        <TabLoading label="Loading transactions" />
      ) : q.isError ? (
        <TabError message={TRANSACTIONS_FAILED} onRetry={() => void q.refetch()} />
      ) : q.data.count === 0 ? (
        <TabEmpty>No information to display</TabEmpty>
      ) : (
        <>
          <div className={s.tableScroll}>
            <RowTable className={s.table} aria-label="Transactions">
              <thead>
                <tr>
                  <th className={s.th} scope="col">
                    Event
                  </th>
                  <th className={s.th} scope="col">
                    Time
                  </th>
                  <th className={s.th} scope="col">
                    Direction
                  </th>
                  <th className={s.th} scope="col">
                    Counterparty
                  </th>
                  <th className={s.th} scope="col">
                    Type
                  </th>
                  <th className={s.th} scope="col">
                    Status
                  </th>
                  <th className={`${s.th} ${s.num}`} scope="col">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {q.data.txn_events.map((t) => {
                  const d = side(t, entityExternalId);
                  return (
                    <tr key={t.id} className={s.tr}>
                      <td className={s.td}>
                        <Link href={`/data-explorer/transactions/${t.id}`} className={`${s.rowLink} ${s.mono}`}>
                          {t.external_id}
                        </Link>
                      </td>
                      <td className={s.td}>{compactTime(t.event_time)}</td>
                      <td className={s.td}>{d.label}</td>
                      <td className={s.td}>{d.other ?? '—'}</td>
                      <td className={s.td}>{txnTypeLabel(t.internal_txn_type)}</td>
                      <td className={s.td}>{humanise(t.status)}</td>
                      <td className={`${s.td} ${s.num}`}>{formatAmount(t.amount, t.currency)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </RowTable>
          </div>
          <Pager offset={offset} limit={PAGE_SIZE} count={q.data.count} onChange={setOffset} label="Transaction pages" />
        </>
      )}
    </>
  );
}
