// The case's documents: chips opening the Document viewer (download, delete) and, while the case is
// open, Attach document for agents who may edit cases.
import { AttachDocumentButton } from '../../../ui/documents/AttachDocument';
import { DocumentChipsWithViewer, useCanChangeDocuments } from '../../../ui/documents/DocumentsSection';
import { useCaseDocuments } from '../../../ui/documents/documents.api';
import { NO_DOCUMENTS } from '../../../ui/documents/documents.constants';
import { LoadingState } from '../../../ui/LoadingState';
import { textLink } from '../../../ui/recipes';
import * as w from '../../../ui/work/work.styles';
import type { Case } from '../api/case-query';

export const CASE_DOCUMENTS_FAILED = 'Failed to load the case’s documents.';

export function CaseDocuments({ kase }: { kase: Case }) {
  const q = useCaseDocuments(kase.id);
  const canAttach = useCanChangeDocuments('CASE') && kase.status !== 'CLOSED';
  const refetch = () => void q.refetch();
  return (
    <section className={w.section} aria-labelledby="case-documents">
      <header className={w.sectionHeader}>
        <h2 id="case-documents" className={w.sectionTitle}>
          Documents
        </h2>
        {canAttach ? <AttachDocumentButton ownerType="CASE" ownerId={kase.id} onAttached={refetch} /> : null}
      </header>
      <div className={w.sectionBody}>
        {q.isPending ? (
          <LoadingState label="Loading documents" />
        ) : q.isError ? (
          <p role="alert">
            {CASE_DOCUMENTS_FAILED}{' '}
            <button type="button" className={textLink()} onClick={refetch}>
              Retry
            </button>
          </p>
        ) : q.data.documents.length === 0 ? (
          <p>{NO_DOCUMENTS}</p>
        ) : (
          <DocumentChipsWithViewer documents={q.data.documents} ownerType="CASE" onDeleted={refetch} />
        )}
      </div>
    </section>
  );
}
