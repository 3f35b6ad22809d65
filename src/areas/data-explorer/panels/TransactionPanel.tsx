// The 'transaction' right-panel view. Closing is the shell's: it drops ?panel= and keeps the rest
// of the address, so a panel opened over the explorer's transactions list returns to that list
// with its filters (spec part 2, section 2), and elsewhere to the page it was opened on.
import { Link } from 'wouter';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { TransactionDetails } from '../transaction/TransactionDetails';
import * as s from '../transaction/transaction.styles';

export default function TransactionPanel({ id }: PanelViewProps) {
  const txnId = id && /^[0-9]+$/.test(id) ? Number(id) : 0;
  if (!txnId) return <p className={s.note}>No transaction is selected.</p>;
  return (
    <TransactionDetails
      id={txnId}
      heading={() => (
        <Link href={`/data-explorer/transactions/${txnId}`} className={s.crumb}>
          Go to Detail Page
        </Link>
      )}
    />
  );
}
