// An alert's or a case's documents: chips opening the Document viewer (download, delete) and, while
// it is open, Attach document for agents who may edit alerts or cases.
import { Section } from '../../ui/Section';
import { LoadingState } from '../../ui/LoadingState';
import { textLink } from '../../ui/recipes';
import { AttachDocumentButton } from './AttachDocument';
import { DocumentChipsWithViewer, useCanChangeDocuments } from './DocumentsSection';
import { useWorkDocumentsQuery } from '../../api/documents/queries';
import { NO_DOCUMENTS } from './documents.constants';

export const WORK_DOCUMENTS_FAILED = { ALERT: 'Failed to load the alert’s documents.', CASE: 'Failed to load the case’s documents.' } as const;

export function WorkDocuments({ ownerType, ownerId, closed }: { ownerType: 'ALERT' | 'CASE'; ownerId: number; closed: boolean }) {
  const q = useWorkDocumentsQuery(ownerType, ownerId);
  const canAttach = useCanChangeDocuments(ownerType) && !closed;
  const refetch = () => void q.refetch();
  const titleId = `${ownerType.toLowerCase()}-documents`;
  return (
    <Section id={titleId} title="Documents" actions={canAttach ? <AttachDocumentButton owner={{ type: ownerType, id: ownerId }} /> : null}>
      {q.isPending ? (
        <LoadingState label="Loading documents" />
      ) : q.isError ? (
        <p role="alert">
          {WORK_DOCUMENTS_FAILED[ownerType]}{' '}
          <button type="button" className={textLink()} onClick={refetch}>
            Retry
          </button>
        </p>
      ) : q.data.documents.length === 0 ? (
        <p>{NO_DOCUMENTS}</p>
      ) : (
        <DocumentChipsWithViewer documents={q.data.documents} owner={{ type: ownerType, id: ownerId }} />
      )}
    </Section>
  );
}
