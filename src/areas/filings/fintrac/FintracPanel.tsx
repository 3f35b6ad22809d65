// The 'fintrac' right-panel view (?panel=fintrac:{id}): a FINTRAC report's every field (name, status
// badge, type, reference, reviewer, queue, case, submitted, deadline, batch, filed, FINTRAC's report
// id, total, the 24-hour rule of an LCTR, when it was created, changed and last checked), its
// subjects and transactions counted, what the last check found, with a link to its page.
import { Link } from 'wouter';
import { useAgentsQuery } from '../../../api/agents/queries';
import { ApiError } from '../../../api/errors';
import { useFintracReportQuery } from '../../../api/filings/fintrac';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { longTime } from '../../../lib/time';
import { Fact } from '../../../ui/Facts';
import { tableParts as tp } from '../../../ui/table.recipes';
import { css } from '../../../../styled-system/css';
import { fintracPath } from './fintrac-paths';
import { FintracFacts } from './FintracPage';
import { FintracStatusBadge } from './FintracStatusBadge';

const s = {
  box: css({ display: 'flex', flexDirection: 'column', gap: '4', p: '4' }),
  title: css({ fontSize: 'md', fontWeight: 'semibold', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' }),
  facts: css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3' }),
  heading: css({ fontSize: 'sm', fontWeight: 'semibold' }),
  list: css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', pl: '4', listStyle: 'disc' }),
  fatal: css({ color: 'danger' }),
  warn: css({ color: 'warning' }),
  muted: css({ color: 'muted', fontSize: 'sm' }),
};

export default function FintracPanel({ id }: PanelViewProps) {
  const reportId = Number(id);
  const query = useFintracReportQuery(Number.isInteger(reportId) && reportId > 0 ? reportId : 0);
  const agents = useAgentsQuery();
  if (!Number.isInteger(reportId) || reportId <= 0) return <p className={s.box}>No report is named.</p>;
  if (query.isPending)
    return (
      <p className={s.box} role="status">
        Loading FINTRAC report…
      </p>
    );
  if (query.isError)
    return (
      <p className={s.box} role="alert">
        {query.error instanceof ApiError && query.error.status === 404 ? 'This FINTRAC report was not found.' : 'Failed to fetch FINTRAC report.'}
      </p>
    );
  const report = query.data;
  const reviewer = report.reviewer_id === null ? null : agents.data?.find((a) => a.id === report.reviewer_id);
  const said = [...report.problems, ...report.fintrac_messages];
  return (
    <div className={s.box}>
      <h2 className={s.title}>
        <span>{report.name}</span>
        <FintracStatusBadge status={report.status} />
      </h2>
      <Link href={fintracPath(report.id)} className={tp.link}>
        Open the report
      </Link>
      <dl className={s.facts}>
        <Fact label="Reviewer">{report.reviewer_id === null ? '—' : (reviewer?.full_name ?? `Agent ${report.reviewer_id}`)}</Fact>
        <Fact label="Case">
          {report.case_id ? (
            <Link href={`/cases/${report.case_id}`} className={tp.link}>
              Case {report.case_id}
            </Link>
          ) : (
            '—'
          )}
        </Fact>
        <FintracFacts report={report} />
        <Fact label="Changed">{longTime(report.updated_at)}</Fact>
        <Fact label="Subjects">{report.subjects.length.toLocaleString('en-US')}</Fact>
        <Fact label="Transactions">{report.transactions.length.toLocaleString('en-US')}</Fact>
      </dl>
      <section aria-labelledby="fintrac-panel-problems">
        <h3 id="fintrac-panel-problems" className={s.heading}>
          What FINTRAC would say ({said.length})
        </h3>
        {said.length ? (
          <ul className={s.list}>
            {said.map((p, i) => (
              <li key={i} className={p.level === 'FATAL' ? s.fatal : s.warn}>
                {p.level === 'FATAL' ? 'Rejected' : 'Warning'}: {p.message}
              </li>
            ))}
          </ul>
        ) : (
          <p className={s.muted}>{report.validated_at ? 'Nothing FINTRAC would reject.' : 'Not checked yet.'}</p>
        )}
      </section>
    </div>
  );
}
