// The transactions the instrument sent or received, newest first, 100 a page.
import { useState } from 'react';
import { Link } from 'wouter';
import { compactTime } from '../../../lib/time';
import * as w from '../../../features/work/work.styles';
import { PAGE_SIZE } from '../../../api/entities/queries';
import * as s from '../entity/entity.styles';
import { formatAmount, txnTypeLabel } from '../entity/entity.utils';
import { Pager, TabEmpty, TabError, TabLoading } from '../entity/parts';
import { useInstrumentTransactionsQuery } from '../../../api/instruments/queries';
import { INSTRUMENT_TRANSACTIONS_FAILED } from './instrument.constants';
import { RowTable } from '../../../ui/RowTable';

export function InstrumentTransactions({ instrumentId }: { instrumentId: number }) {
  const [offset, setOffset] = useState(0);
  const q = useInstrumentTransactionsQuery(instrumentId, offset, true);
  return (
    <section className={w.section} aria-labelledby="instrument-transactions-title">
      <header className={w.sectionHeader}>
        <h2 id="instrument-transactions-title" className={w.sectionTitle}>
          {`Transactions${q.data ? ` (${q.data.count})` : ''}`}
        </h2>
      </header>
      {q.isPending ? (
        <TabLoading label="Loading transactions" />
      ) : q.isError ? (
        <TabError message={INSTRUMENT_TRANSACTIONS_FAILED} onRetry={() => void q.refetch()} />
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
                  <th className={`${s.th} ${s.num}`} scope="col">
                    Amount
                  </th>
                </tr>
              </thead>
              <tbody>
                {q.data.txn_events.map((t) => {
                  const sent = t.sender_instrument_id === instrumentId;
                  const other = sent
                    ? (t.receiver_entity?.name_readable ?? t.receiver_instrument?.external_id)
                    : (t.sender_entity?.name_readable ?? t.sender_instrument?.external_id);
                  return (
                    <tr key={t.id} className={s.tr}>
                      <td className={s.td}>
                        <Link href={`/data-explorer/transactions/${t.id}`} className={`${s.rowLink} ${s.mono}`}>
                          {t.external_id}
                        </Link>
                      </td>
                      <td className={s.td}>{compactTime(t.event_time)}</td>
                      <td className={s.td}>{sent ? 'Sent' : 'Received'}</td>
                      <td className={s.td}>{other ?? '—'}</td>
                      <td className={s.td}>{txnTypeLabel(t.internal_txn_type)}</td>
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
    </section>
  );
}
