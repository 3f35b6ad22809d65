// /filings/sar/:id: a SAR's header (status badge, case, deadline with Edit Deadline while the SAR is
// neither archived nor submitted, filing in America/New_York, BSA
// ids), the lifecycle's actions the agent may take now (send to review, submit, archive), what the
// last prefiling validation found and FinCEN's messages, then the filing content in its editor, and
// what it reports: its transactions (100 at a time), alerts, related SARs and comments. The palette
// offers the page's actions.
import { useState } from 'react';
import { Link } from 'wouter';
import { ApiError } from '../../../api/errors';
import { useSetSarStatusMutation, type SarStatusAction } from '../../../api/filings/mutations';
import { useSarFilingQuery, type FieldProblem, type SarFiling } from '../../../api/filings/queries';
import { useRegisterCommands } from '../../../app/palette';
import { useAgent } from '../../../app/auth/auth-context';
import { useToast } from '../../../app/toasts/toast-context';
import { filedAt, longTime } from '../../../lib/time';
import { Fact } from '../../../ui/Facts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { detailHeader } from '../../../ui/detail.recipes';
import { DetailHeader } from '../../../ui/DetailHeader';
import { DetailPage } from '../../../ui/DetailPage';
import { LoadingState } from '../../../ui/LoadingState';
import { button, notice } from '../../../ui/recipes';
import { Section } from '../../../ui/Section';
import { css } from '../../../../styled-system/css';
import { canEditSarDeadline, SarDeadline } from './SarDeadline';
import { SarEditor } from './SarEditor';
import { SarRelated } from './SarRelated';
import { FILINGS_PATH } from './sar-paths';
import { problemsByField } from './sar.form';
import { SarStatusBadge } from './SarStatusBadge';
import { useSarEditor } from './use-sar-editor';

const h = detailHeader();
const s = {
  meta: css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', color: 'muted', fontSize: 'sm' }),
  problems: css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', pl: '4', listStyle: 'disc' }),
  fatal: css({ color: 'danger' }),
  warn: css({ color: 'warning' }),
  ok: css({ color: 'success', fontSize: 'sm' }),
  facts: css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: '3', mt: '3' }),
};

const ACTIONS: Record<SarStatusAction, { label: string; done: string; confirm?: { title: string; text: string } }> = {
  review: { label: 'Send to review', done: 'sent to review' },
  submit: {
    label: 'Submit for filing',
    done: 'queued for filing',
    confirm: {
      title: 'Submit this SAR for filing?',
      text: 'It goes into the next batch sent to FinCEN and can no longer be changed unless FinCEN turns it down.',
    },
  },
  archive: {
    label: 'Archive',
    done: 'archived',
    confirm: { title: 'Archive this SAR?', text: 'An archived SAR is kept but can no longer be changed or filed.' },
  },
};

export const SAR_LOAD_FAILED_TEXT = 'Failed to fetch SAR.';
export const SAR_ACTION_FAILED_TEXT = 'Failed to update SAR. Please try again.';

export function SarPage({ id }: { id: number }) {
  const query = useSarFilingQuery(id);
  if (query.isPending) return <LoadingState label="Loading SAR" />;
  if (query.isError)
    return (
      <DetailPage trail={[{ href: FILINGS_PATH, label: 'Filings' }]} current={`SAR ${id}`} width="md">
        <p className={notice()} role="alert">
          {query.error instanceof ApiError && query.error.status === 404 ? `SAR ${id} was not found.` : SAR_LOAD_FAILED_TEXT}
        </p>
      </DetailPage>
    );
  // the editor keeps what is typed while the status and problems follow the server
  return <SarView key={query.data.id} filing={query.data} />;
}

function Problems({ filing }: { filing: SarFiling }) {
  const all: FieldProblem[] = [...filing.problems, ...filing.fincen_messages];
  if (filing.status === 'PREFILING_VALIDATION_PENDING' || filing.status === 'PREFILING_VALIDATION_IN_PROCESS')
    return (
      <p className={s.meta} role="status">
        Checking the SAR as FinCEN would…
      </p>
    );
  if (!filing.validated_at) return null;
  if (!all.length)
    return (
      <p className={s.ok} role="status">
        Prefiling validation found nothing FinCEN would reject ({longTime(filing.validated_at)}).
      </p>
    );
  return (
    <Section id="sar-problems" title={`What FinCEN would say (${all.length})`}>
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

function SarView({ filing }: { filing: SarFiling }) {
  const toast = useToast();
  const editor = useSarEditor(filing);
  const change = useSetSarStatusMutation(filing.id);
  const [confirming, setConfirming] = useState<SarStatusAction | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deadlineOpen, setDeadlineOpen] = useState(false);
  const agent = useAgent();
  const deadlineEditable = canEditSarDeadline(agent, filing);
  const moves = filing.actions.filter((a): a is SarStatusAction => a !== 'edit');

  const run = (action: SarStatusAction) => {
    setError(null);
    change.mutate(action, {
      onSuccess: (sar) => {
        setConfirming(null);
        toast.show({ message: `${sar.name} ${ACTIONS[action].done}.`, type: 'Success' });
      },
      onError: (e) => {
        setConfirming(null);
        setError(e instanceof ApiError && (e.status === 409 || e.status === 403) ? e.message : SAR_ACTION_FAILED_TEXT);
      },
    });
  };
  const ask = (action: SarStatusAction) => (ACTIONS[action].confirm ? setConfirming(action) : run(action));

  useRegisterCommands(
    `filings.sar.${filing.id}`,
    [
      ...moves.map((a) => ({
        id: `filings.sar.${a}`,
        title: `${ACTIONS[a].label}: ${filing.name}`,
        group: 'This SAR',
        keywords: ['sar', a],
        run: () => ask(a),
      })),
      ...(deadlineEditable
        ? [
            {
              id: 'filings.sar.deadline',
              title: `Edit SAR deadline: ${filing.name}`,
              group: 'This SAR',
              keywords: ['sar', 'deadline'],
              run: () => setDeadlineOpen(true),
            },
          ]
        : []),
    ],
    [filing.id, filing.name, moves.join(','), deadlineEditable],
  );

  const confirm = confirming ? ACTIONS[confirming].confirm : undefined;
  return (
    <DetailPage trail={[{ href: FILINGS_PATH, label: 'Filings' }]} current={filing.name} width="md">
      <DetailHeader
        as="header"
        title={filing.name}
        status={<SarStatusBadge status={filing.status} />}
        subtitle={
          <span className={s.meta}>
            <span>SAR {filing.id}</span>
            {filing.case_id ? (
              <Link href={`/cases/${filing.case_id}`} className={css({ color: 'brand', textDecoration: 'underline' })}>
                Case {filing.case_id}
              </Link>
            ) : null}
            <span>{filing.transaction_ids.length.toLocaleString('en-US')} transactions</span>
            <span>Changed {longTime(filing.updated_at)}</span>
          </span>
        }
        actions={
          moves.length ? (
            <div className={h.actions} role="group" aria-label="SAR actions">
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
          <SarDeadline filing={filing} modalOpen={deadlineOpen} onModalOpenChange={setDeadlineOpen} />
          <Fact label="Batch">{filing.batch_id ? `Batch ${filing.batch_id}` : 'Not in a batch yet'}</Fact>
          <Fact label="Filed">{filing.filed_at ? filedAt(filing.filed_at) : 'Not filed'}</Fact>
          <Fact label="BSA ID">{filing.bsa_id ?? '—'}</Fact>
          <Fact label="BSA tracking ID">{filing.bsa_tracking_id ?? '—'}</Fact>
          <Fact label="Continuing activity review">{filing.car_alert_scheduled_at ? filedAt(filing.car_alert_scheduled_at) : '—'}</Fact>
        </dl>
        {error ? (
          <p className={notice()} role="alert">
            {error}
          </p>
        ) : null}
      </DetailHeader>
      <Problems filing={filing} />
      <SarEditor editor={editor} readOnly={!filing.actions.includes('edit')} problems={problemsByField([...filing.problems, ...filing.fincen_messages])} />
      <SarRelated id={filing.id} />
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
