import { useState } from 'react';
import { Link } from 'wouter';
import { compactTime } from '../../../../lib/time';
import { formatAmount } from '../../list/alert-format';
import { LINKED_PAGE_SIZE, useAlertTransactionsQuery } from '../../../../api/alerts/queries';
import * as s from '../alert-detail.styles';
import { Pager, TabEmpty, TabError, TabLoading } from './tab-parts';
import { RowTable } from '../../../../ui/RowTable';

/** Spec part 2, section 8. */
export const TRANSACTIONS_FAILED = 'Failed to fetch transactions for alert.';

const words = (v: string) => v.charAt(0) + v.slice(1).toLowerCase().replace(/_/g, ' ');

export function TransactionsTab({ alertId }: { alertId: number }) {
  const [offset, setOffset] = useState(0);
  const q = useAlertTransactionsQuery(alertId, offset);
  if (q.isPending) return <TabLoading label="Loading transactions" />;
  if (q.isError) return <TabError message={TRANSACTIONS_FAILED} onRetry={() => void q.refetch()} />;
  if (q.data.count === 0) return <TabEmpty>No information to display</TabEmpty>;
  return (
    <>
      <div className={s.tableScroll}>
        <RowTable className={s.table}>
          <thead>
            <tr>
              <th className={s.th} scope="col">
                Event time
              </th>
              <th className={s.th} scope="col">
                Transaction
              </th>
              <th className={s.th} scope="col">
                Type
              </th>
              <th className={`${s.th} ${s.num}`} scope="col">
                Amount
              </th>
              <th className={s.th} scope="col">
                Sender
              </th>
              <th className={s.th} scope="col">
                Receiver
              </th>
              <th className={s.th} scope="col">
                Status
              </th>
              <th className={`${s.th} ${s.num}`} scope="col">
                Risk
              </th>
            </tr>
          </thead>
          <tbody>
            {q.data.txn_events.map((t) => (
              <tr key={t.id} className={s.tr}>
                <td className={s.td}>{compactTime(t.event_time)}</td>
                <td className={s.td}>
                  <Link href={`/data-explorer/transactions/${t.id}`} className={`${s.rowLink} ${s.mono}`}>
                    {t.external_id}
                  </Link>
                </td>
                <td className={s.td}>{words(t.internal_txn_type)}</td>
                <td className={`${s.td} ${s.num}`}>{formatAmount(t.amount, t.currency)}</td>
                <td className={s.td}>{t.sender_entity?.name_readable ?? t.sender_entity_external_id ?? '—'}</td>
                <td className={s.td}>{t.receiver_entity?.name_readable ?? t.receiver_entity_external_id ?? '—'}</td>
                <td className={s.td}>{words(t.status)}</td>
                <td className={`${s.td} ${s.num}`}>{t.risk_score === null ? '—' : Math.round(t.risk_score)}</td>
              </tr>
            ))}
          </tbody>
        </RowTable>
      </div>
      <Pager offset={offset} limit={LINKED_PAGE_SIZE} count={q.data.count} onChange={setOffset} label="Transaction pages" />
    </>
  );
}
