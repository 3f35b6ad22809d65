// The 'filings-batch' right-panel view (?panel=filings-batch:{batchId}; spec part 2, "filings batch
// panel"): Batch {id} (the panel's title) with its total, accepted and rejected filings, date range and creator, and
// Download Batch: 201 saves the file, 202 says "Batch generation pending", anything else "Failed
// to download batch.". It reads the batch itself, so a shared link opens it too.
import { useState } from 'react';
import { css } from '../../../../styled-system/css';
import { downloadFilingBatch, useFilingBatchQuery, type BatchDownloadOutcome } from '../../../api/filings/list';
import { useAgent } from '../../../app/auth/auth-context';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { compactDate, compactTime } from '../../../lib/time';
import { Fact } from '../../../ui/Facts';
import { Loaded } from '../../../ui/Loaded';
import { button } from '../../../ui/recipes';
import { listText as t } from '../../../ui/WholeList';
import { readableReportTypes } from './use-filings-list-page';

export const DOWNLOAD_PENDING_TEXT = 'Batch generation pending';
export const DOWNLOAD_FAILED_TEXT = 'Failed to download batch.';

const s = {
  column: css({ display: 'flex', flexDirection: 'column', gap: '4' }),
  facts: css({ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: '3' }),
  pending: css({ fontSize: 'sm', color: 'ink' }),
  failed: css({ fontSize: 'sm', color: 'danger' }),
};

export default function FilingsBatchPanel({ id }: PanelViewProps) {
  const batchId = id && /^[0-9]{1,10}$/.test(id) ? Number(id) : 0;
  const agent = useAgent();
  const batch = useFilingBatchQuery(batchId, readableReportTypes(agent));
  // the outcome of the last download, of the batch it was for: the panel stays mounted when another batch is opened
  const [result, setResult] = useState<{ id: number; outcome: BatchDownloadOutcome } | null>(null);
  const [busy, setBusy] = useState(false);
  const outcome = result?.id === batchId ? result.outcome : null;
  if (!batchId || batchId > 2147483647) return <p className={t.muted}>No batch is selected.</p>;
  const download = async () => {
    setBusy(true);
    setResult(null);
    try {
      setResult({ id: batchId, outcome: await downloadFilingBatch(batchId) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Loaded query={batch} loading="Loading the batch" failed="The batch could not be loaded.">
      {(b) =>
        b ? (
          <div className={s.column}>
            <dl className={s.facts}>
              <Fact label="Report type">{b.report_type}</Fact>
              <Fact label="Total">{b.total.toLocaleString('en-US')}</Fact>
              <Fact label="Accepted">{b.accepted.toLocaleString('en-US')}</Fact>
              <Fact label="Rejected">{b.rejected.toLocaleString('en-US')}</Fact>
              <Fact label="Date range">{b.earliest && b.latest ? `${compactDate(b.earliest)} – ${compactDate(b.latest)}` : '—'}</Fact>
              <Fact label="Created by">{b.created_by.full_name}</Fact>
              <Fact label="Created">{compactTime(b.created_at)}</Fact>
            </dl>
            <div>
              <button type="button" className={button({ variant: 'primary' })} onClick={() => void download()} disabled={busy}>
                Download Batch
              </button>
            </div>
            <div role="status" aria-live="polite">
              {outcome === 'pending' ? <p className={s.pending}>{DOWNLOAD_PENDING_TEXT}</p> : null}
            </div>
            {outcome === 'failed' ? (
              <p role="alert" className={s.failed}>
                {DOWNLOAD_FAILED_TEXT}
              </p>
            ) : null}
          </div>
        ) : (
          <p className={t.muted}>{`Batch ${batchId} does not exist.`}</p>
        )
      }
    </Loaded>
  );
}
