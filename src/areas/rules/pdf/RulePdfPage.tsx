// /rules/{id}/pdf: the rule as a printable document, made in the browser (the alert and case PDFs
// come from the server; there is no rule PDF operation in the contract, so "Print or save as PDF"
// uses the browser's own PDF printer). Title, status, version, queue, owner, description, the
// definition in words (the Definition tab's rendering), the last validation's result and the
// history.
import { Link } from 'wouter';
import { useDataSettingsQuery } from '../../../api/data-settings/queries';
import { useRuleQuery, type Rule, type RuleValidation } from '../../../api/rules/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands } from '../../../app/palette';
import { RuleStatusBadge, ValidationBadge } from '../../../features/rules/RuleBadges';
import { hasPermission } from '../../../lib/permissions';
import { instantString, longTime } from '../../../lib/time';
import { LoadingState } from '../../../ui/LoadingState';
import { button, textLink } from '../../../ui/recipes';
import { RulePageError } from '../detail/RulePageError';
import { DefinitionTab } from '../detail/tabs/DefinitionTab';
import { HistoryTab } from '../detail/tabs/HistoryTab';
import { rulePath, RULES_PATH } from '../rule-paths';
import * as s from '../rules.styles';
import * as p from './rule-pdf.styles';

export const PRINT_TEXT = 'Print or save as PDF';

const n = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-US'));

export function RulePdfPage({ id }: { id: number }) {
  const query = useRuleQuery(id);
  if (query.isPending) return <LoadingState label="Loading rule" />;
  if (query.isError) return <RulePageError error={query.error} retry={() => void query.refetch()} />;
  return <RuleDocument rule={query.data} />;
}

function LastValidation({ run, current }: { run: RuleValidation | null; current: boolean }) {
  if (!run) return <p className={s.note}>The rule has not been validated.</p>;
  return (
    <>
      <dl className={s.facts}>
        <div>
          <dt>Result</dt>
          <dd>
            <ValidationBadge run={run} />
          </dd>
        </div>
        <div>
          <dt>Window</dt>
          <dd>{run.window_start && run.window_end ? `${longTime(run.window_start)} to ${longTime(run.window_end)}` : '—'}</dd>
        </div>
        <div>
          <dt>Finished</dt>
          <dd>{run.finished_at ? longTime(run.finished_at) : '—'}</dd>
        </div>
        <div>
          <dt>Events judged</dt>
          <dd>{n(run.evaluated_events)}</dd>
        </div>
        <div>
          <dt>Hits</dt>
          <dd>{n(run.hits)}</dd>
        </div>
        <div>
          <dt>Alerts it would raise</dt>
          <dd>{n(run.alerts)}</dd>
        </div>
        <div>
          <dt>Customers</dt>
          <dd>{n(run.entities)}</dd>
        </div>
        <div>
          <dt>Errors</dt>
          <dd>{n(run.errors)}</dd>
        </div>
        <div>
          <dt>Asked by</dt>
          <dd>{run.created_by?.full_name ?? '—'}</dd>
        </div>
      </dl>
      {run.error ? <p className={s.alert}>{run.error}</p> : null}
      {!current && run.status === 'success' ? <p className={s.note}>This run judged an earlier definition of the rule.</p> : null}
    </>
  );
}

function RuleDocument({ rule }: { rule: Rule }) {
  const agent = useAgent();
  const settings = useDataSettingsQuery({ enabled: hasPermission(agent, 'read_custom_data_settings') });
  const print = () => window.print();
  useRegisterCommands(
    'rules.pdf',
    [{ id: 'rules.pdf.print', title: `${PRINT_TEXT}: ${rule.title}`, group: 'This rule', keywords: ['pdf', 'print'], run: print }],
    [rule.id, rule.title],
  );
  return (
    <div className={`${s.page} ${p.printRoot}`}>
      <div className={p.toolbar}>
        <nav aria-label="Breadcrumb" className={s.crumbs}>
          <Link href={RULES_PATH} className={textLink()}>
            Rules
          </Link>
          <span aria-hidden="true">/</span>
          <Link href={rulePath(rule.id)} className={textLink()}>
            {rule.title}
          </Link>
          <span aria-hidden="true">/</span>
          <span aria-current="page">PDF</span>
        </nav>
        <span className={s.spacer} />
        <button type="button" className={button({ variant: 'primary' })} onClick={print}>
          {PRINT_TEXT}
        </button>
      </div>
      <article className={p.document} aria-labelledby="rule-pdf-title">
        <div className={s.header}>
          <h1 id="rule-pdf-title" className={s.title}>
            {rule.title}
          </h1>
          <RuleStatusBadge status={rule.status} />
        </div>
        <dl className={s.facts}>
          <div>
            <dt>Version</dt>
            <dd>{rule.version}</dd>
          </div>
          <div>
            <dt>Queue</dt>
            <dd>{rule.queue?.title ?? 'None'}</dd>
          </div>
          <div>
            <dt>Owner</dt>
            <dd>{rule.owner?.full_name ?? '—'}</dd>
          </div>
          <div>
            <dt>Changed</dt>
            <dd>{longTime(rule.updated_at)}</dd>
          </div>
          <div>
            <dt>Alerts in the last 30 days</dt>
            <dd>{rule.alerts_30d.toLocaleString('en-US')}</dd>
          </div>
        </dl>
        <h2 className={p.sectionTitle}>Definition</h2>
        {/* the Definition tab shows the description in its first card */}
        {rule.description ? null : <p className={s.note}>No description.</p>}
        <DefinitionTab rule={rule} settings={settings.data ?? []} />
        <h2 className={p.sectionTitle}>Last validation</h2>
        <LastValidation run={rule.last_validation} current={rule.validated_current} />
        <h2 className={p.sectionTitle}>History</h2>
        <HistoryTab rule={rule} />
        <p className={p.printed}>{`Printed ${longTime(instantString())} from Vigil.`}</p>
      </article>
    </div>
  );
}
