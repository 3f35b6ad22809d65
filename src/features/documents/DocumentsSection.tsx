// The documents spot of a detail page or panel: the chips (2 then "+N more") opening the Document
// viewer; on a transaction also the transaction document modal (view and compare) and Attach.
import { useState } from 'react';
import { useAuth } from '../../app/auth/auth-context';
import { hasPermission, type PermissionName } from '../../lib/permissions';
import { button } from '../../ui/recipes';
import { AttachDocumentButton } from './AttachDocument';
import { DocumentChips } from './DocumentChips';
import { DocumentCompareModal } from './DocumentCompareModal';
import { DocumentViewer } from './DocumentViewer';
import type { DocumentOwner } from '../../api/documents/mutations';
import { useEntityDocumentsQuery, type DocumentItem } from '../../api/documents/queries';
import { type TransactionEvent } from '../../api/transactions/queries';
import { NO_DOCUMENTS } from './documents.constants';
import * as s from './documents.styles';
import { LoadingState } from '../../ui/LoadingState';

export type DocumentOwnerType = 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION' | 'ALERT' | 'CASE';

/** The permission attaching or deleting a document of each owner needs (the server's rule, for showing the controls). */
const EDIT_PERMISSION: Record<DocumentOwnerType, PermissionName> = {
  ENTITY: 'edit_entities',
  INSTRUMENT: 'edit_transaction_instruments',
  TRANSACTION: 'edit_events',
  ALERT: 'edit_alerts',
  CASE: 'edit_cases',
};

export function useCanChangeDocuments(ownerType: DocumentOwnerType): boolean {
  const { agent } = useAuth();
  return !!agent && hasPermission(agent, EDIT_PERMISSION[ownerType]);
}

/** Chips plus the viewer over a list of documents the caller already has; a delete refreshes the owner. */
export function DocumentChipsWithViewer({ documents, owner }: { documents: readonly DocumentItem[]; owner: DocumentOwner }) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const canDelete = useCanChangeDocuments(owner.type);
  return (
    <>
      <DocumentChips documents={documents} onOpen={(d) => setOpenAt(d.id)} />
      <DocumentViewer
        open={openAt !== null}
        onOpenChange={(open) => !open && setOpenAt(null)}
        documents={documents}
        owner={owner}
        initialId={openAt}
        canDelete={canDelete}
      />
    </>
  );
}

/** A transaction's documents: chips and the viewer, the transaction document modal, and Attach. */
export function TransactionDocumentsSection({ transaction }: { transaction: TransactionEvent }) {
  const [comparing, setComparing] = useState(false);
  const canAttach = useCanChangeDocuments('TRANSACTION');
  const owner: DocumentOwner = { type: 'TRANSACTION', id: transaction.id };
  return (
    <div className={s.group}>
      <DocumentChipsWithViewer documents={transaction.documents} owner={owner} />
      {canAttach && <AttachDocumentButton owner={owner} />}
      {transaction.documents.length > 0 && (
        <button type="button" className={button({ size: 'sm' })} onClick={() => setComparing(true)}>
          View and compare documents
        </button>
      )}
      {comparing && <DocumentCompareModal transaction={transaction} documentId={transaction.documents[0]?.id ?? null} onClose={() => setComparing(false)} />}
    </div>
  );
}

/** An entity's documents (its own and its instruments'), for the entity page's documents tab. */
export function DocumentsSection({ objectType, objectId }: { objectType: 'ENTITY'; objectId: number }) {
  const q = useEntityDocumentsQuery(objectId, objectType === 'ENTITY');
  if (q.isPending) return <LoadingState label="Loading documents" />;
  if (q.isError) return <p className={s.note}>{NO_DOCUMENTS}</p>;
  return <DocumentChipsWithViewer documents={q.data.documents} owner={{ type: objectType, id: objectId }} />;
}
