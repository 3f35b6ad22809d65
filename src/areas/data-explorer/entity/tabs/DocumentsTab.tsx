// The documents of the entity and of its instruments, newest first: the chips open the Document
// viewer (src/features/documents); the table says what each belongs to. Attach document adds one to the
// entity, for agents who may edit entities.
import { Link } from 'wouter';
import { AttachDocumentButton } from '../../../../features/documents/AttachDocument';
import { DocumentChipsWithViewer, useCanChangeDocuments } from '../../../../features/documents/DocumentsSection';
import { compactTime } from '../../../../lib/time';
import { useEntityDocumentsQuery } from '../../../../api/documents/queries';
import { NO_DOCUMENTS } from '../entity.constants';
import * as s from '../entity.styles';
import { TabEmpty, TabError, TabLoading } from '../parts';
import { RowTable } from '../../../../ui/RowTable';

export const DOCUMENTS_FAILED = 'Failed to load the entity’s documents.';

export function DocumentsTab({ entityId }: { entityId: number }) {
  const q = useEntityDocumentsQuery(entityId);
  const canAttach = useCanChangeDocuments('ENTITY');
  if (q.isPending) return <TabLoading label="Loading documents" />;
  if (q.isError) return <TabError message={DOCUMENTS_FAILED} onRetry={() => void q.refetch()} />;
  const attach = canAttach ? (
    <div className={s.toolbar}>
      <AttachDocumentButton owner={{ type: 'ENTITY', id: entityId }} />
    </div>
  ) : null;
  if (q.data.documents.length === 0)
    return (
      <>
        {attach}
        <TabEmpty>{NO_DOCUMENTS}</TabEmpty>
      </>
    );
  return (
    <>
      {attach}
      <DocumentChipsWithViewer documents={q.data.documents} owner={{ type: 'ENTITY', id: entityId }} />
      <div className={s.tableScroll}>
        <RowTable className={s.table} aria-label="Documents">
          <thead>
            <tr>
              <th className={s.th} scope="col">
                Name
              </th>
              <th className={s.th} scope="col">
                Kind
              </th>
              <th className={s.th} scope="col">
                Belongs to
              </th>
              <th className={s.th} scope="col">
                Added
              </th>
            </tr>
          </thead>
          <tbody>
            {q.data.documents.map((d) => (
              <tr key={d.id} className={s.tr}>
                <td className={s.td}>{d.name}</td>
                <td className={s.td}>{d.media_type}</td>
                <td className={s.td}>
                  {d.owner_type === 'ENTITY' ? (
                    'This entity'
                  ) : (
                    <Link href={`/instruments/${d.owner_id}`} className={`${s.rowLink} ${s.mono}`}>
                      {d.owner_external_id}
                    </Link>
                  )}
                </td>
                <td className={s.td}>{compactTime(d.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </RowTable>
      </div>
    </>
  );
}
