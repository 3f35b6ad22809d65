// The documents of the entity and of its instruments, newest first: the chips open the Document
// viewer (src/features/documents); the table says what each belongs to. Attach document adds one to the
// entity, for agents who may edit entities.
import { Link } from 'wouter';
import { AttachDocumentButton } from '../../../../features/documents/AttachDocument';
import { DocumentChipsWithViewer, useCanChangeDocuments } from '../../../../features/documents/DocumentsSection';
import { compactTime } from '../../../../lib/time';
import { useEntityDocumentsQuery, type EntityDocument } from '../../../../api/documents/queries';
import { NO_DOCUMENTS } from '../entity.constants';
import * as s from '../entity.styles';
import { DataTable, TableEmpty, LoadError, type Column } from '../../../../ui/DataTable';
import { tableParts as tp } from '../../../../ui/table.recipes';
import { cx } from '../../../../../styled-system/css';
import { LoadingState } from '../../../../ui/LoadingState';

export const DOCUMENTS_FAILED = 'Failed to load the entity’s documents.';

const COLUMNS: Column<EntityDocument>[] = [
  { header: 'Name', cell: (d) => d.name },
  { header: 'Kind', cell: (d) => d.media_type },
  {
    header: 'Belongs to',
    cell: (d) =>
      d.owner_type === 'ENTITY' ? (
        'This entity'
      ) : (
        <Link href={`/instruments/${d.owner_id}`} className={cx(tp.link, tp.mono)}>
          {d.owner_external_id}
        </Link>
      ),
  },
  { header: 'Added', cell: (d) => compactTime(d.created_at) },
];

export function DocumentsTab({ entityId }: { entityId: number }) {
  const q = useEntityDocumentsQuery(entityId);
  const canAttach = useCanChangeDocuments('ENTITY');
  if (q.isPending) return <LoadingState label="Loading documents" />;
  if (q.isError) return <LoadError message={DOCUMENTS_FAILED} onRetry={() => void q.refetch()} />;
  const attach = canAttach ? (
    <div className={s.toolbar}>
      <AttachDocumentButton owner={{ type: 'ENTITY', id: entityId }} />
    </div>
  ) : null;
  if (q.data.documents.length === 0)
    return (
      <>
        {attach}
        <TableEmpty>{NO_DOCUMENTS}</TableEmpty>
      </>
    );
  return (
    <>
      {attach}
      <DocumentChipsWithViewer documents={q.data.documents} owner={{ type: 'ENTITY', id: entityId }} />
      <DataTable columns={COLUMNS} rows={q.data.documents} rowKey={(d) => d.id} aria-label="Documents" />
    </>
  );
}
