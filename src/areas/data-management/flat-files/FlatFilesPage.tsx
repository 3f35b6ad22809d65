// The flat-file ingestion page (/data-management/flat-file-ingestion, and the explorer's
// /data-explorer/upload-files): the organisation's files, newest first, each with its live status
// chip, its rows and its errors (the Processing Errors panel); upload, run again, delete.
import { useState } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { useToast } from '../../../app/toasts/toast-context';
import { compactTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import { button } from '../../../ui/recipes';
import { FILES_PAGE, useFlatFilesQuery, type FlatFile } from '../../../api/flat-files/queries';
import { useRunFlatFileMutation } from '../../../api/flat-files/mutations';
import { DeleteFileDialog } from './DeleteFileDialog';
import { formatBytes, OBJECT_TYPE_LABELS } from './flat-file.adapters';
import * as s from './flat-files.styles';
import { FlatFileStatusChip } from './FlatFileStatusChip';
import { UploadDialog } from './UploadDialog';
import { RowTable, TableHead } from '../../../ui/RowTable';
import { TableCard } from '../../../ui/TableCard';

export const NO_FILES_TEXT = 'No files uploaded yet.';

export function FlatFilesPage({ title = 'Flat-file ingestion' }: { title?: string }) {
  const agent = useAgent();
  const [limit, setLimit] = useState(FILES_PAGE);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<FlatFile | null>(null);
  const files = useFlatFilesQuery(limit);
  const canUpload = hasPermission(agent, 'create_datafile_uploads');
  const canDelete = hasPermission(agent, 'delete_datafile_uploads');
  const list = files.data?.files ?? [];

  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>{title}</h1>
        <span className={s.spacer} />
        {canUpload ? (
          <button type="button" className={button({ variant: 'primary' })} onClick={() => setUploading(true)}>
            Upload file
          </button>
        ) : null}
      </header>
      <p className={s.intro}>Files load entities, instruments, transactions and action events by external id. A dry run validates a file and writes nothing.</p>
      <TableCard query={files} loading="Loading files" failed="The files could not be loaded." empty={list.length === 0 ? NO_FILES_TEXT : null} look="frame">
        {() => (
          <RowTable pageKeys className={s.table} aria-label="Files">
            <TableHead columns={['File', 'Stream', 'Object type', 'Uploaded', 'Status']}>
              <th scope="col">
                <span className={s.muted}>Actions</span>
              </th>
            </TableHead>
            <tbody>
              {list.map((file) => (
                <FileRow key={file.id} file={file} canRun={canUpload} canDelete={canDelete} onDelete={() => setDeleting(file)} />
              ))}
            </tbody>
          </RowTable>
        )}
      </TableCard>
      {files.data && files.data.count > list.length && limit < 100 ? (
        <div className={s.more}>
          <button type="button" className={button({ size: 'sm' })} onClick={() => setLimit(100)}>
            Show more
          </button>
        </div>
      ) : null}
      {uploading ? <UploadDialog open onClose={() => setUploading(false)} /> : null}
      {deleting ? <DeleteFileDialog file={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

const BUSY = new Set<FlatFile['status']>(['pending_upload', 'queued', 'processing']);

function FileRow({ file, canRun, canDelete, onDelete }: { file: FlatFile; canRun: boolean; canDelete: boolean; onDelete: () => void }) {
  const panel = usePanel();
  const toast = useToast();
  const run = useRunFlatFileMutation();
  const start = (dryRun: boolean) =>
    run.mutate({ id: file.id, dryRun }, { onError: (error) => toast.show({ message: `${file.file_name} could not be run: ${error.message}`, type: 'Error' }) });
  const name = file.file_name;
  return (
    <tr data-file-id={file.id}>
      <td>
        <div className={s.fileName}>{name}</div>
        <div className={s.muted}>{formatBytes(file.byte_size)}</div>
      </td>
      <td>{file.stream}</td>
      <td>{OBJECT_TYPE_LABELS[file.object_type]}</td>
      <td className={s.muted}>{compactTime(file.created_at)}</td>
      <td>
        <FlatFileStatusChip file={file} />
      </td>
      <td>
        <div className={s.rowActions}>
          {file.latest_execution ? (
            <button
              type="button"
              className={button({ size: 'sm', variant: 'ghost' })}
              aria-label={`View errors of ${name}`}
              onClick={() => panel.open('view-errors', file.id)}
            >
              View errors
            </button>
          ) : null}
          {canRun && !BUSY.has(file.status) ? (
            <>
              <button
                type="button"
                className={button({ size: 'sm', variant: 'ghost' })}
                aria-label={`Dry run ${name}`}
                disabled={run.isPending}
                onClick={() => start(true)}
              >
                Dry run
              </button>
              <button
                type="button"
                className={button({ size: 'sm', variant: 'ghost' })}
                aria-label={`Run ${name}`}
                disabled={run.isPending}
                onClick={() => start(false)}
              >
                Run
              </button>
            </>
          ) : null}
          {canDelete && file.status !== 'queued' && file.status !== 'processing' ? (
            <button type="button" className={button({ size: 'sm', variant: 'ghost' })} aria-label={`Delete ${name}`} onClick={onDelete}>
              Delete
            </button>
          ) : null}
        </div>
      </td>
    </tr>
  );
}
