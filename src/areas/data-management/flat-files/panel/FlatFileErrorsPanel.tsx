// The Processing Errors panel (Error Log), right-panel view 'view-errors' (?panel=view-errors:{fileId}):
// stream, file, queued and finished times, row counts, the errors grouped by type, Debug File and
// Download JSON. The status chip keeps the file live while it runs.
import { useState } from 'react';
import { Link } from 'wouter';
import type { PanelViewProps } from '../../../../app/panels/panel-views';
import { longTime } from '../../../../lib/time';
import { LoadingState } from '../../../../ui/LoadingState';
import { button, textLink } from '../../../../ui/recipes';
import { fetchAllFlatFileErrors, useFlatFileErrorsQuery, useFlatFileQuery, type FlatFile } from '../../../../api/flat-files/queries';
import { OBJECT_TYPE_LABELS } from '../flat-file.adapters';
import { FlatFileStatusChip } from '../FlatFileStatusChip';
import { DebugFile } from './DebugFile';
import { ErrorGroups } from './ErrorGroups';
import { errorsDocument, errorsFileName, ERRORS_READ, groupErrors, mappingHref } from './flat-file-errors.utils';
import * as s from './panel.styles';

export default function FlatFileErrorsPanel({ id }: PanelViewProps) {
  const fileId = id && /^[0-9]+$/.test(id) ? Number(id) : 0;
  const file = useFlatFileQuery(fileId, { enabled: fileId > 0 });
  if (!fileId) return <p className={s.note}>No file is selected.</p>;
  if (file.isPending) return <LoadingState label="Loading file" />;
  if (file.isError)
    return (
      <div className={s.body} role="alert">
        <p>{file.error.message === 'Not found' ? 'This file does not exist.' : 'The file could not be loaded.'}</p>
        <button type="button" className={textLink()} onClick={() => void file.refetch()}>
          Retry
        </button>
      </div>
    );
  return <ErrorLog file={file.data} />;
}

function ErrorLog({ file }: { file: FlatFile }) {
  const run = file.latest_execution;
  const version = run ? `${run.queued_at}|${file.status}` : 'none';
  const errors = useFlatFileErrorsQuery(file.id, ERRORS_READ, version, { enabled: run !== null });
  const groups = groupErrors(errors.data?.errors, run?.errors);
  return (
    <div className={s.body}>
      <dl className={s.facts}>
        <dt>Status</dt>
        <dd>
          <FlatFileStatusChip file={file} />
        </dd>
        <dt>Stream</dt>
        <dd>{file.stream}</dd>
        <dt>File</dt>
        <dd>{file.file_name}</dd>
        <dt>Object type</dt>
        <dd>{OBJECT_TYPE_LABELS[file.object_type]}</dd>
        <dt>Queued</dt>
        <dd>{longTime(run?.queued_at)}</dd>
        <dt>Finished</dt>
        <dd>{longTime(run?.finished_at)}</dd>
        <dt>Total rows</dt>
        <dd>{run?.total_count ?? 0}</dd>
        <dt>Succeeded</dt>
        <dd>{run?.success_count ?? 0}</dd>
        <dt>Failed</dt>
        <dd>{run?.failure_count ?? 0}</dd>
        <dt>Skipped</dt>
        <dd>{run?.skip_count ?? 0}</dd>
        {run?.is_dry_run ? (
          <>
            <dt>Run</dt>
            <dd>Dry run (nothing written)</dd>
          </>
        ) : null}
      </dl>
      <div className={s.actions}>
        <DownloadJson file={file} disabled={!run} />
        <DebugFile file={file} />
        <Link className={textLink()} href={mappingHref(file)}>
          Edit mapping
        </Link>
      </div>
      <h3 className={s.sectionTitle}>Errors</h3>
      {!run ? (
        <p className={s.note}>The file has not been processed yet.</p>
      ) : errors.isPending ? (
        <LoadingState label="Loading errors" />
      ) : errors.isError ? (
        <p role="alert">
          The errors could not be loaded.{' '}
          <button type="button" className={textLink()} onClick={() => void errors.refetch()}>
            Retry
          </button>
        </p>
      ) : groups.length === 0 ? (
        <p className={s.note}>No errors.</p>
      ) : (
        <ErrorGroups groups={groups} />
      )}
    </div>
  );
}

function DownloadJson({ file, disabled }: { file: FlatFile; disabled: boolean }) {
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const download = async () => {
    setState('busy');
    try {
      const all = await fetchAllFlatFileErrors(file.id);
      const blob = new Blob([JSON.stringify(errorsDocument(file, all), null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = errorsFileName(file);
      link.click();
      // the click has started the download; the URL is not needed after this task
      setTimeout(() => URL.revokeObjectURL(url), 0);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className={button({ size: 'sm' })} disabled={disabled || state === 'busy'} onClick={() => void download()}>
        Download JSON
      </button>
      {state === 'failed' ? (
        <p className={s.error} role="alert" style={{ flexBasis: '100%' }}>
          The errors could not be downloaded.
        </p>
      ) : null}
    </>
  );
}
