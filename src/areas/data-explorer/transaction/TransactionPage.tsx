// The route /data-explorer/transactions/{id}: the transaction's details on a page of their own,
// with the way back to the transactions list and Create alert beside the title.
import { Link } from 'wouter';
import { CreateAlertAction } from '../create-alert/CreateAlertAction';
import { titleRow } from '../create-alert/create-alert.styles';
import { SectionHeadingLevel, TransactionDetails } from './TransactionDetails';
import * as s from './transaction.styles';
import { formatMoney } from './transaction.utils';

export function TransactionPage({ id }: { id: string }) {
  const txnId = /^[0-9]+$/.test(id) ? Number(id) : 0;
  return (
    <div className={s.page}>
      <div className={s.header}>
        <Link href="/data-explorer" className={s.crumb}>
          ← Transactions
        </Link>
      </div>
      {txnId > 0 ? (
        <SectionHeadingLevel.Provider value={2}>
          <TransactionDetails
            id={txnId}
            heading={(t) => (
              <div className={titleRow}>
                <h1 className={s.title}>{`Transaction ${t.external_id}`}</h1>
                <CreateAlertAction subject={{ type: 'TRANSACTION', id: t.id, label: `${t.external_id} · ${formatMoney(t.amount, t.currency)}` }} />
              </div>
            )}
          />
        </SectionHeadingLevel.Provider>
      ) : (
        <p className={s.note}>{`The transaction ${id} does not exist or you may not open it.`}</p>
      )}
    </div>
  );
}
