// /cases/{id}/pdf: the case as a PDF (summary, linked objects, comments) in the browser's viewer,
// with a Download button. The file comes through the typed client, so it carries the session.
import { ApiError } from '../../../api/errors';
import { LoadingState } from '../../../ui/LoadingState';
import { Breadcrumb } from '../../../ui/DetailPage';
import { DownloadButton } from '../../../ui/DownloadButton';
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
        <Breadcrumb
          trail={[
            { href: '/cases', label: 'Cases' },
            { href: `/cases/${id}`, label: `Case ${id}` },
          ]}
          current="PDF"
          className={s.crumbs}
        />
        <h1 className={s.title}>{`Case ${id} PDF`}</h1>
        <span className={s.spacer} />
        <DownloadButton url={url} fileName={casePdfFileName(id)} />
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
