// /filings/fintrac/:id: a FINTRAC report's header (status badge, type, reference, case, queue,
// deadline, batch, filed, FINTRAC's report id, total, the 24-hour rule of an LCTR), the lifecycle's
// actions the agent may take now (send to review, submit, archive), what the last prefiling
// validation found and FINTRAC's messages, then the report's content in its editor. The palette
// offers the page's actions.
import { useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useFintracReportQuery, useSetFintracStatusMutation, type FintracReport, type FintracStatusAction } from '../../../api/filings/fintrac';
import type { FieldProblem } from '../../../api/filings/queries';
import { useQueuesQuery } from '../../../api/queues/queries';
import { useRegisterCommands } from '../../../app/palette';
import { useToast } from '../../../app/toasts/toast-context';
import { longTime } from '../../../lib/time';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { detailHeader } from '../../../ui/detail.recipes';
import { DetailHeader } from '../../../ui/DetailHeader';
import { DetailPage } from '../../../ui/DetailPage';
import { Fact } from '../../../ui/Facts';
import { LoadingState } from '../../../ui/LoadingState';
import { button, notice } from '../../../ui/recipes';
import { Section } from '../../../ui/Section';
import { css } from '../../../../styled-system/css';
import { FILINGS_PATH } from '../sar/sar-paths';
import { FintracEditor } from './FintracEditor';
import { problemsByField } from './fintrac.form';
import { FintracStatusBadge } from './FintracStatusBadge';
import { useFintracEditor } from './use-fintrac-editor';

const h = detailHeader();
const s = {
  meta: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', color: 'muted', fontSize: 'sm' }),
  problems: css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', pl: '4', listStyle: 'disc' }),
  fatal: css({ color: 'danger' }),
  warn: css({ color: 'warning' }),
  ok: css({ color: 'success', fontSize: 'sm' }),
  facts: css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: '3', mt: '3' }),
};

export const REPORT_TYPE_LABELS = { STR: 'Suspicious transaction report', LCTR: 'Large cash transaction report' } as const;

const ACTIONS: Record<FintracStatusAction, { label: string; done: string; confirm?: { title: string; text: string } }> = {
  review: { label: 'Send to review', done: 'sent to review' },
  submit: {
    label: 'Submit for filing',
    done: 'queued for filing',
    confirm: {
      title: 'Submit this report for filing?',
      text: 'It goes into the next batch sent to FINTRAC and can no longer be changed unless FINTRAC turns it down.',
    },
  },
  archive: {
    label: 'Archive',
    done: 'archived',
    confirm: { title: 'Archive this report?', text: 'An archived report is kept but can no longer be changed or filed.' },
  },
};

export const FINTRAC_LOAD_FAILED_TEXT = 'Failed to fetch FINTRAC report.';
export const FINTRAC_ACTION_FAILED_TEXT = 'Failed to update FINTRAC report. Please try again.';

export const cad = (amount: number) => `${amount.toLocaleString('en-CA', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} CAD`;

export function FintracPage({ id }: { id: number }) {
  const query = useFintracReportQuery(id);
  if (query.isPending) return <LoadingState label="Loading FINTRAC report" />;
  if (query.isError)
    return (
      <DetailPage trail={[{ href: FILINGS_PATH, label: 'Filings' }]} current={`FINTRAC report ${id}`} width="md">
        <p className={notice()} role="alert">
          {query.error instanceof ApiError && query.error.status === 404 ? `FINTRAC report ${id} was not found.` : FINTRAC_LOAD_FAILED_TEXT}
        </p>
      </DetailPage>
    );
  // the editor keeps what is typed while the status and problems follow the server
  return <FintracView key={query.data.id} report={query.data} />;
}

function Problems({ report }: { report: FintracReport }) {
  const all: FieldProblem[] = [...report.problems, ...report.fintrac_messages];
  if (report.status === 'PREFILING_VALIDATION_PENDING' || report.status === 'PREFILING_VALIDATION_IN_PROCESS')
    return (
      <p className={s.meta} role="status">
        Checking the report as FINTRAC would…
      </p>
    );
  if (!report.validated_at && !report.fintrac_messages.length) return null;
  if (!all.length)
    return (
      <p className={s.ok} role="status">
        Prefiling validation found nothing FINTRAC would reject ({longTime(report.validated_at)}).
      </p>
    );
  return (
    <Section id="fintrac-problems" title={`What FINTRAC would say (${all.length})`}>
      <ul className={s.problems}>
        {all.map((p, i) => (
          <li key={i} className={p.level === 'FATAL' ? s.fatal : s.warn}>
            {p.level === 'FATAL' ? 'Rejected' : 'Warning'}: {p.message} <span className={s.meta}>({p.path})</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** Every field of the report that the editor does not hold. */
export function FintracFacts({ report }: { report: FintracReport }) {
  const queues = useQueuesQuery({ enabled: report.queue_id !== null });
  const queue = report.queue_id === null ? null : (queues.data?.find((q) => q.id === report.queue_id)?.title ?? `Queue ${report.queue_id}`);
  return (
    <>
      <Fact label="Report type">{REPORT_TYPE_LABELS[report.report_type]}</Fact>
      <Fact label="Reference">{report.reference}</Fact>
      <Fact label="Queue">{queue ?? '—'}</Fact>
      <Fact label="Total">{cad(report.total_amount)}</Fact>
      <Fact label="Submitted">{report.submitted ? 'Yes' : 'No'}</Fact>
      <Fact label="Deadline">{report.deadline ? longTime(report.deadline) : '—'}</Fact>
      <Fact label="Batch">{report.batch_id ? `Batch ${report.batch_id}` : 'Not in a batch yet'}</Fact>
      <Fact label="Filed">{report.filed_at ? longTime(report.filed_at) : 'Not filed'}</Fact>
      <Fact label="FINTRAC report ID">{report.fintrac_report_id ?? '—'}</Fact>
      <Fact label="Created">{longTime(report.created_at)}</Fact>
      <Fact label="Last checked">{report.validated_at ? longTime(report.validated_at) : 'Not yet'}</Fact>
      {report.report_type === 'LCTR' ? <Fact label="24-hour rule">{report.twenty_four_hour_rule ? 'Yes' : 'No'}</Fact> : null}
    </>
  );
}

function FintracView({ report }: { report: FintracReport }) {
  const toast = useToast();
  const editor = useFintracEditor(report);
  const change = useSetFintracStatusMutation(report.id);
  const [confirming, setConfirming] = useState<FintracStatusAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const moves = report.actions.filter((a): a is FintracStatusAction => a !== 'edit');

  const run = (action: FintracStatusAction) => {
    setError(null);
    change.mutate(action, {
      onSuccess: (saved) => {
        setConfirming(null);
        toast.show({ message: `${saved.name} ${ACTIONS[action].done}.`, type: 'Success' });
      },
      onError: (e) => {
        setConfirming(null);
        setError(e instanceof ApiError && (e.status === 409 || e.status === 403 || e.status === 400) ? e.message : FINTRAC_ACTION_FAILED_TEXT);
      },
    });
  };
  const ask = (action: FintracStatusAction) => (ACTIONS[action].confirm ? setConfirming(action) : run(action));

  useRegisterCommands(
    `filings.fintrac.${report.id}`,
    moves.map((a) => ({
      id: `filings.fintrac.${a}`,
      title: `${ACTIONS[a].label}: ${report.name}`,
      group: 'This FINTRAC report',
      keywords: ['fintrac', report.report_type.toLowerCase(), a],
      run: () => ask(a),
    })),
    [report.id, report.name, moves.join(',')],
  );

  const confirm = confirming ? ACTIONS[confirming].confirm : undefined;
  return (
    <DetailPage trail={[{ href: FILINGS_PATH, label: 'Filings' }]} current={report.name} width="md">
      <DetailHeader
        as="header"
        title={report.name}
        status={<FintracStatusBadge status={report.status} />}
        subtitle={
          <span className={s.meta}>
            <span>
              {report.report_type} {report.id}
            </span>
            {report.case_id ? (
              <Link href={`/cases/${report.case_id}`} className={css({ color: 'brand', textDecoration: 'underline' })}>
                Case {report.case_id}
              </Link>
            ) : null}
            <span>{report.transactions.length.toLocaleString('en-US')} transactions</span>
            <span>Changed {longTime(report.updated_at)}</span>
          </span>
        }
        actions={
          moves.length ? (
            <div className={h.actions} role="group" aria-label="Report actions">
              {moves.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={button({ variant: a === 'archive' ? 'secondary' : 'primary' })}
                  disabled={change.isPending || (a !== 'archive' && editor.dirty)}
                  title={a !== 'archive' && editor.dirty ? 'Save your changes first.' : undefined}
                  onClick={() => ask(a)}
                >
                  {ACTIONS[a].label}
                </button>
              ))}
            </div>
          ) : undefined
        }
      >
        <dl className={s.facts} aria-label="Filing">
          <FintracFacts report={report} />
        </dl>
        {error ? (
          <p className={notice()} role="alert">
            {error}
          </p>
        ) : null}
      </DetailHeader>
      <Problems report={report} />
      <FintracEditor
        report={report}
        editor={editor}
        readOnly={!report.actions.includes('edit')}
        problems={problemsByField([...report.problems, ...report.fintrac_messages])}
      />
      {confirm && confirming ? (
        <ConfirmDialog
          title={confirm.title}
          text={confirm.text}
          action={ACTIONS[confirming].label}
          tone={confirming === 'archive' ? 'danger' : 'primary'}
          busy={change.isPending}
          onConfirm={() => run(confirming)}
          onClose={() => setConfirming(null)}
        />
      ) : null}
    </DetailPage>
  );
}
