// The transaction's documents: chips (2 then more) opening the Document viewer, and the transaction
// document modal (view and compare), and Attach document, from src/features/documents. An attached or
// deleted document refetches the transaction (the documents' mutations do).
import { TransactionDocumentsSection } from '../../../features/documents/DocumentsSection';
import { NO_DOCUMENTS } from '../../../features/documents/documents.constants';
import { type TransactionEvent } from '../../../api/transactions/queries';

/** Spec part 2, section 8. */
export { NO_DOCUMENTS };

export function TransactionDocuments({ transaction }: { transaction: TransactionEvent }) {
  return <TransactionDocumentsSection transaction={transaction} />;
}
