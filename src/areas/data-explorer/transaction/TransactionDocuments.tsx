// The transaction's documents. DOCUMENTS SPOT: a plain list for now; the documents work replaces
// this component's body with its chips (2 then more) and the transaction document modal.
import type { TransactionEvent } from './api/transaction-queries';
import { formatDateTime } from '../../../lib/deadline';
import * as s from './transaction.styles';

/** Spec part 2, section 8. */
export const NO_DOCUMENTS = 'No documents available.';

export function TransactionDocuments({ transaction }: { transaction: TransactionEvent }) {
  const docs = transaction.documents;
  if (docs.length === 0) return <p className={s.note}>{NO_DOCUMENTS}</p>;
  return (
    <ul className={s.docList} aria-label="Documents">
      {docs.map((d) => (
        <li key={d.id}>
          {d.name} <span className={s.note}>{`${d.media_type} · ${formatDateTime(d.created_at)}`}</span>
        </li>
      ))}
    </ul>
  );
}
