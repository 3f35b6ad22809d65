// The transaction's documents: chips (2 then more) opening the Document viewer, and the transaction
// document modal (view and compare), and Attach document, from src/features/documents. An attached or
// deleted document refetches the transaction.
import { useQueryClient } from '@tanstack/react-query';
import { TransactionDocumentsSection } from '../../../features/documents/DocumentsSection';
import { NO_DOCUMENTS } from '../../../features/documents/documents.constants';
import { transactionKeys } from '../../../api/transactions/keys';
import { type TransactionEvent } from '../../../api/transactions/queries';

/** Spec part 2, section 8. */
export { NO_DOCUMENTS };

export function TransactionDocuments({ transaction }: { transaction: TransactionEvent }) {
  const client = useQueryClient();
  return <TransactionDocumentsSection transaction={transaction} onChanged={() => void client.invalidateQueries({ queryKey: transactionKeys.detail(transaction.id) })} />;
}
