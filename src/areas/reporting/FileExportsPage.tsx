// The file exports list at /reporting/file-exports (spec part 1 section 2; issue 23): id, created,
// type, source, size, status with its progress, download and cancel. Exports still being written
// are read again every 2 seconds, so their progress moves and Download turns on when ready.
import { useState } from 'react';
import { useCancelExportMutation } from '../../api/file-exports/mutations';
import { downloadFileExport, inFlight, useFileExportsQuery, type FileExportItem } from '../../api/file-exports/queries';
import { useToast } from '../../app/toasts/toast-context';
import { badge } from '../../features/work/work.styles';
import { compactTime, longTime } from '../../lib/time';
import { ListPage } from '../../ui/ListPage';
import { button } from '../../ui/recipes';
import { RowTable, TableHead } from '../../ui/RowTable';
import { TableCard } from '../../ui/TableCard';
import * as s from './file-exports.styles';

/** Spec part 2 section 8. */
export const FETCH_FAILED_TEXT = 'Failed to fetch the file exports.';
export const NO_EXPORTS_TEXT = 'No file exports yet. Use Export on a list to create one.';
const PAGE_SIZE = 25;

const STATUS: Record<FileExportItem['status'], { label: string; tone: 'success' | 'error' | 'warning' | 'neutral' | 'default' }> = {
  REQUESTED: { label: 'Requested', tone: 'default' },
  GENERATING: { label: 'Generating', tone: 'warning' },
  READY_FOR_DOWNLOAD: { label: 'Ready for download', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'error' },
  CANCELED: { label: 'Canceled', tone: 'neutral' },
};

const SOURCES: Record<FileExportItem['request_source'], string> = { CONSOLE: 'Console', API: 'API', SYSTEM: 'System' };

/** ALERTS_CSV: "Alerts (CSV)"; ALERTS: "Alerts (XLSX)"; RISK_RATINGS_CSV: "Risk ratings (CSV)"; EVENTS: "Action events (XLSX)". */
export function exportTypeLabel(type: FileExportItem['export_type']): string {
  const csv = type.endsWith('_CSV');
  const plain = type.replace(/_CSV$/, '');
  const base = plain === 'EVENTS' ? 'action events' : plain.toLowerCase().replace(/_/g, ' ');
  return `${base.charAt(0).toUpperCase()}${base.slice(1).replace('sar', 'SAR')} (${csv ? 'CSV' : 'XLSX'})`;
}

export function fileSize(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** A finished export's row count: "1 row", "12,345 rows". */
export const rowCount = (rows: number) => `${rows.toLocaleString()} ${rows === 1 ? 'row' : 'rows'}`;

export function FileExportsPage() {
  const [offset, setOffset] = useState(0);
  const list = useFileExportsQuery({ limit: PAGE_SIZE, offset });
  const cancel = useCancelExportMutation();
  const toast = useToast();
  const [downloading, setDownloading] = useState<number | null>(null);
  const rows = list.data?.file_exports ?? [];
  const total = list.data?.count ?? 0;

  const download = async (e: FileExportItem) => {
    setDownloading(e.id);
    const saved = await downloadFileExport(e.id);
    setDownloading(null);
    if (!saved) toast.show({ message: 'The file could not be downloaded. Please try again.', type: 'Error' });
  };
  const cancelExport = (e: FileExportItem) =>
    cancel.mutate(e.id, {
      onSuccess: () => toast.show({ message: `Export ${e.id} canceled.`, type: 'Success' }),
      onError: () => toast.show({ message: 'The export could not be canceled. Please try again.', type: 'Error' }),
    });

  return (
    <ListPage title="File exports">
      <TableCard query={list} loading="Loading file exports" failed={FETCH_FAILED_TEXT} empty={total === 0 ? NO_EXPORTS_TEXT : null} look="frame">
        {() => (
          <>
            <RowTable pageKeys className={s.table} aria-label="File exports">
              <TableHead columns={['Id', 'Created', 'Type', 'Source', 'Size', 'Status', 'Download', 'Cancel']} />
              <tbody>
                {rows.map((e) => {
                  const status = STATUS[e.status];
                  return (
                    <tr key={e.id} data-export-id={e.id} data-status={e.status}>
                      <td className={s.num}>{e.id}</td>
                      <td>
                        <time dateTime={e.created_at} title={longTime(e.created_at)}>
                          {compactTime(e.created_at)}
                        </time>
                      </td>
                      <td>{exportTypeLabel(e.export_type)}</td>
                      <td>{SOURCES[e.request_source]}</td>
                      <td className={s.num}>{fileSize(e.file_size)}</td>
                      <td>
                        <span className={badge({ tone: status.tone })}>{status.label}</span>
                        {e.status === 'GENERATING' && e.progress ? (
                          <span className={s.progress}>
                            {e.progress.rows_written.toLocaleString()} of {e.progress.rows_total.toLocaleString()} rows
                          </span>
                        ) : null}
                        {e.status === 'READY_FOR_DOWNLOAD' && e.progress ? <span className={s.progress}>{rowCount(e.progress.rows_written)}</span> : null}
                        {e.status === 'FAILED' && e.error_message ? <span className={s.progress}>{e.error_message}</span> : null}
                      </td>
                      <td>
                        <button
                          type="button"
                          className={button({ variant: 'secondary', size: 'sm' })}
                          disabled={e.status !== 'READY_FOR_DOWNLOAD' || downloading === e.id}
                          aria-label={`Download export ${e.id}`}
                          onClick={() => void download(e)}
                        >
                          Download
                        </button>
                      </td>
                      <td>
                        <button
                          type="button"
                          className={button({ variant: 'secondary', size: 'sm' })}
                          disabled={!inFlight(e) || (cancel.isPending && cancel.variables === e.id)}
                          aria-label={`Cancel export ${e.id}`}
                          onClick={() => cancelExport(e)}
                        >
                          Cancel
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </RowTable>
            {total > PAGE_SIZE ? (
              <nav className={s.pager} aria-label="File exports pages">
                <span>
                  {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
                </span>
                <button
                  type="button"
                  className={button({ variant: 'secondary', size: 'sm' })}
                  disabled={offset === 0}
                  onClick={() => setOffset(offset - PAGE_SIZE)}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className={button({ variant: 'secondary', size: 'sm' })}
                  disabled={offset + PAGE_SIZE >= total}
                  onClick={() => setOffset(offset + PAGE_SIZE)}
                >
                  Next
                </button>
              </nav>
            ) : null}
          </>
        )}
      </TableCard>
    </ListPage>
  );
}
