// /alerts/{id}/pdf: the alert as a PDF (summary, rules, linked objects, comments) in the browser's
// viewer, with a Download button. The file comes through the typed client, so it carries the session.
import { Link } from 'wouter';
import { css } from '../../../../styled-system/css';
import { ApiError } from '../../../api/errors';
import { LoadingState } from '../../../ui/LoadingState';
import { button } from '../../../ui/recipes';
import { useObjectUrl } from '../../../ui/use-object-url';
import { useAlertPdfQuery } from '../../../api/alerts/queries';
import * as s from './alert-detail.styles';
import { AlertLoadError, AlertMissing } from './AlertDetailPage';

const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
const heading = css({ fontSize: '2xl', fontWeight: 'semibold' });
const spacer = css({ flex: '1' });
const frame = css({
  width: '100%',
  height: 'calc(100vh - 14rem)',
  minHeight: '30rem',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'lg',
  bg: 'white',
});

export function alertPdfFileName(id: number): string {
  return `alert-${id}.pdf`;
}

export function AlertPdfPage({ id }: { id: number }) {
  const pdf = useAlertPdfQuery(id);
  const url = useObjectUrl(pdf.data);
  const notFound = pdf.error instanceof ApiError && pdf.error.status === 404;

  return (
    <div className={s.page}>
      <nav aria-label="Breadcrumb" className={s.crumbs}>
        <Link href="/alerts" className={s.crumbLink}>
          Alerts
        </Link>
        <span aria-hidden="true">/</span>
        <Link href={`/alerts/${id}`} className={s.crumbLink}>
          {`Alert ${id}`}
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">PDF</span>
      </nav>
      <header className={header}>
        <h1 className={heading}>{`Alert ${id} PDF`}</h1>
        <span className={spacer} />
        {url ? (
          <a href={url} download={alertPdfFileName(id)} className={button({ variant: 'primary' })}>
            Download
          </a>
        ) : (
          <button type="button" className={button({ variant: 'primary' })} disabled>
            Download
          </button>
        )}
      </header>
      {pdf.isPending ? (
        <LoadingState label="Preparing the PDF" />
      ) : notFound ? (
        <AlertMissing id={id} />
      ) : pdf.isError ? (
        <AlertLoadError onRetry={() => void pdf.refetch()} />
      ) : url ? (
        <iframe title={`Alert ${id} PDF`} src={url} className={frame} />
      ) : null}
    </div>
  );
}
