// /cases/{id}/pdf: the case as a PDF (summary, linked objects, comments) in the browser's viewer,
// with a Download button. The file comes through the typed client, so it carries the session.
import { Link } from 'wouter';
import { ApiError } from '../../../api/errors';
import { LoadingState } from '../../../ui/LoadingState';
import { button } from '../../../ui/recipes';
import { useObjectUrl } from '../../../ui/use-object-url';
import { useCasePdfQuery } from '../../../api/cases/queries';
import { CaseLoadError, CaseNotFound } from '../detail/CaseStates';
import * as s from './case-pdf.styles';

export function casePdfFileName(id: number): string {
  return `case-${id}.pdf`;
}

export function CasePdfPage({ id }: { id: number }) {
  const pdf = useCasePdfQuery(id);
  const url = useObjectUrl(pdf.data);
  const notFound = pdf.error instanceof ApiError && pdf.error.status === 404;

  return (
    <div className={s.page}>
      <header className={s.header}>
        <nav aria-label="Breadcrumb" className={s.crumbs}>
          <Link href="/cases" className={s.crumbLink}>
            Cases
          </Link>
          <span aria-hidden="true">/</span>
          <Link href={`/cases/${id}`} className={s.crumbLink}>
            {`Case ${id}`}
          </Link>
          <span aria-hidden="true">/</span>
          <span aria-current="page">PDF</span>
        </nav>
        <h1 className={s.title}>{`Case ${id} PDF`}</h1>
        <span className={s.spacer} />
        {url ? (
          <a href={url} download={casePdfFileName(id)} className={button({ variant: 'primary' })}>
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
        <CaseNotFound id={id} compact />
      ) : pdf.isError ? (
        <CaseLoadError
          compact
          onRetry={() => void pdf.refetch()}
          title="The PDF could not be prepared"
          text="Something went wrong while preparing the case's PDF. Please try again."
        />
      ) : url ? (
        <iframe title={`Case ${id} PDF`} src={url} className={s.frame} />
      ) : null}
    </div>
  );
}
