// /rules/{id}/pdf: the rule as a printable document, made in the browser (the alert and case PDFs
// come from the server; there is no rule PDF operation in the contract, so "Print or save as PDF"
// uses the browser's own PDF printer). Title, status, version, queue, owner, description, the
// definition in words (the Definition tab's rendering), the last validation's result and the
// history.
import { useDataSettingsQuery } from '../../../api/data-settings/queries';
import { useRuleQuery, type Rule, type RuleValidation } from '../../../api/rules/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands } from '../../../app/palette';
import { RuleStatusBadge, ValidationBadge } from '../../../features/rules/RuleBadges';
import { hasPermission } from '../../../lib/permissions';
import { instantString, longTime } from '../../../lib/time';
import { LoadingState } from '../../../ui/LoadingState';
import { detailPage } from '../../../ui/detail.recipes';
import { Breadcrumb } from '../../../ui/DetailPage';
import { Fact } from '../../../ui/Facts';
import { button, notice } from '../../../ui/recipes';
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
        <Fact label="Result">
          <ValidationBadge run={run} />
        </Fact>
        <Fact label="Window">{run.window_start && run.window_end ? `${longTime(run.window_start)} to ${longTime(run.window_end)}` : '—'}</Fact>
        <Fact label="Finished">{run.finished_at ? longTime(run.finished_at) : '—'}</Fact>
        <Fact label="Events judged">{n(run.evaluated_events)}</Fact>
        <Fact label="Hits">{n(run.hits)}</Fact>
        <Fact label="Alerts it would raise">{n(run.alerts)}</Fact>
        <Fact label="Customers">{n(run.entities)}</Fact>
        <Fact label="Errors">{n(run.errors)}</Fact>
        <Fact label="Asked by">{run.created_by?.full_name ?? '—'}</Fact>
      </dl>
      {run.error ? <p className={notice()}>{run.error}</p> : null}
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
    <div className={`${detailPage({ width: 'md' }).page} ${p.printRoot}`}>
      <div className={p.toolbar}>
        <Breadcrumb
          trail={[
            { href: RULES_PATH, label: 'Rules' },
            { href: rulePath(rule.id), label: rule.title },
          ]}
          current="PDF"
        />
        <button type="button" className={button({ variant: 'primary' })} onClick={print}>
          {PRINT_TEXT}
        </button>
      </div>
      <article className={p.document} aria-labelledby="rule-pdf-title">
        <div className={p.heading}>
          <h1 id="rule-pdf-title" className={p.title}>
            {rule.title}
          </h1>
          <RuleStatusBadge status={rule.status} />
        </div>
        <dl className={s.facts}>
          <Fact label="Version">{rule.version}</Fact>
          <Fact label="Queue">{rule.queue?.title ?? 'None'}</Fact>
          <Fact label="Owner">{rule.owner?.full_name ?? '—'}</Fact>
          <Fact label="Changed">{longTime(rule.updated_at)}</Fact>
          <Fact label="Alerts in the last 30 days">{rule.alerts_30d.toLocaleString('en-US')}</Fact>
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
