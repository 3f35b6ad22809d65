// The documents spot of a detail page or panel: the chips (2 then "+N more") opening the Document
// viewer; on a transaction also the transaction document modal (view and compare).
import { useState } from 'react';
import { useAuth } from '../../app/auth/auth-context';
import { hasPermission, type PermissionName } from '../../lib/permissions';
import { button } from '../recipes';
import { DocumentChips } from './DocumentChips';
import { DocumentCompareModal } from './DocumentCompareModal';
import { DocumentViewer } from './DocumentViewer';
import { useEntityDocuments, type DocumentItem, type TransactionEvent } from './documents.api';
import { NO_DOCUMENTS } from './documents.constants';
import * as s from './documents.styles';
import { LoadingState } from '../LoadingState';

export type DocumentOwnerType = 'ENTITY' | 'INSTRUMENT' | 'TRANSACTION';

/** The permission deleting a document of each owner needs (the server's rule, for showing Delete). */
const DELETE_PERMISSION: Record<DocumentOwnerType, PermissionName> = {
  ENTITY: 'edit_entities',
  INSTRUMENT: 'edit_transaction_instruments',
  TRANSACTION: 'edit_events',
};

function useCanDelete(ownerType: DocumentOwnerType): boolean {
  const { agent } = useAuth();
  return !!agent && hasPermission(agent, DELETE_PERMISSION[ownerType]);
}

/** Chips plus the viewer over a list of documents the caller already has. */
export function DocumentChipsWithViewer({ documents, ownerType, onDeleted }: { documents: readonly DocumentItem[]; ownerType: DocumentOwnerType; onDeleted?(id: number): void }) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  const canDelete = useCanDelete(ownerType);
  return (
    <>
      <DocumentChips documents={documents} onOpen={(d) => setOpenAt(d.id)} />
      <DocumentViewer open={openAt !== null} onOpenChange={(open) => !open && setOpenAt(null)} documents={documents} initialId={openAt} canDelete={canDelete} onDeleted={onDeleted} />
    </>
  );
}

/** A transaction's documents: chips and the viewer, and the transaction document modal. */
export function TransactionDocumentsSection({ transaction, onDeleted }: { transaction: TransactionEvent; onDeleted?(id: number): void }) {
  const [comparing, setComparing] = useState(false);
  return (
    <div className={s.group}>
      <DocumentChipsWithViewer documents={transaction.documents} ownerType="TRANSACTION" onDeleted={onDeleted} />
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
  const q = useEntityDocuments(objectId, objectType === 'ENTITY');
  if (q.isPending) return <LoadingState label="Loading documents" />;
  if (q.isError) return <p className={s.note}>{NO_DOCUMENTS}</p>;
  return <DocumentChipsWithViewer documents={q.data.documents} ownerType={objectType} onDeleted={() => void q.refetch()} />;
}
