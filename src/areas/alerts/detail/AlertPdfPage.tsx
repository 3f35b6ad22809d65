// /alerts/{id}/pdf: the alert as a PDF (summary, rules, linked objects, comments) in the browser's
// viewer, with a Download button. The file comes through the typed client, so it carries the session.
import { css } from '../../../../styled-system/css';
import { ApiError } from '../../../api/errors';
import { LoadingState } from '../../../ui/LoadingState';
import { DetailPage } from '../../../ui/DetailPage';
import { DownloadButton } from '../../../ui/DownloadButton';
import { useObjectUrl } from '../../../ui/use-object-url';
import { useAlertPdfQuery } from '../../../api/alerts/queries';
import { LoadError } from '../../../ui/DataTable';
import { ALERT_FAILED, AlertMissing } from './AlertDetailPage';

const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
const heading = css({ fontSize: '2xl', fontWeight: 'semibold' });
const spacer = css({ flex: '1' });
const frame = css({
  width: '100%',
  height: 'calc(100vh - 14rem)',
  minHeight: '30rem',
  layerStyle: 'surface',
  borderRadius: 'lg',
});

export function alertPdfFileName(id: number): string {
  return `alert-${id}.pdf`;
}

export function AlertPdfPage({ id }: { id: number }) {
  const pdf = useAlertPdfQuery(id);
  const url = useObjectUrl(pdf.data);
  const notFound = pdf.error instanceof ApiError && pdf.error.status === 404;

  return (
    <DetailPage
      trail={[
        { href: '/alerts', label: 'Alerts' },
        { href: `/alerts/${id}`, label: `Alert ${id}` },
      ]}
      current="PDF"
    >
      <header className={header}>
        <h1 className={heading}>{`Alert ${id} PDF`}</h1>
        <span className={spacer} />
        <DownloadButton url={url} fileName={alertPdfFileName(id)} />
      </header>
      {pdf.isPending ? (
        <LoadingState label="Preparing the PDF" />
      ) : notFound ? (
        <AlertMissing id={id} />
      ) : pdf.isError ? (
        <LoadError message={ALERT_FAILED} onRetry={() => void pdf.refetch()} />
      ) : url ? (
        <iframe title={`Alert ${id} PDF`} src={url} className={frame} />
      ) : null}
    </DetailPage>
  );
}
