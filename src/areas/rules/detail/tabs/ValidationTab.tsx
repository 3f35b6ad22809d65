// The Validation tab: every validation run of the rule, newest first: its status, the window it
// judged, the events judged (the progress while it runs, followed every second), hits, alerts,
// customers and errors, who asked and when; a run's would-be alerts open in the alert list
// (status Rule validation). "Export" asks for a file of the runs in the table's columns.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { useRuleValidationsQuery, type Rule, type RuleValidation } from '../../../../api/rules/queries';
import { compactTime, longTime } from '../../../../lib/time';
import { DataTable, type Column } from '../../../../ui/DataTable';
import { listPage } from '../../../../ui/list.recipes';
import { Loaded } from '../../../../ui/Loaded';
import { button, textLink } from '../../../../ui/recipes';
import { listText as t } from '../../../../ui/WholeList';
import { ValidationBadge } from '../../../../features/rules/RuleBadges';
import { ExportListButton } from '../../../../features/exports/ExportListButton';
import { validationExportRequest } from './validation-export';
import * as s from '../../rules.styles';

const n = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-US'));

export const sampleAlertsPath = (ruleId: number) => `/alerts?view=all&status=RULE_VALIDATION&rule=${ruleId}`;

function Progress({ run }: { run: RuleValidation }) {
  if (run.status === 'queued') return <span className={t.muted}>Waiting to start</span>;
  if (run.status !== 'in_progress') return <>{n(run.evaluated_events)}</>;
  return (
    <span className={t.stack}>
      {/* the total is unknown until the run ends: an indeterminate bar with the count so far */}
      <progress className={s.progress} aria-label="Events judged so far" />
      <span>{n(run.evaluated_events)} so far</span>
    </span>
  );
}

/** Two lines in one cell: the value, and under it in small print what qualifies it. */
function Lines({ main, small }: { main: ReactNode; small: ReactNode }) {
  return (
    <div className={t.stack}>
      {main}
      {small ? <span className={t.small}>{small}</span> : null}
    </div>
  );
}

const columns = (ruleId: number): Column<RuleValidation>[] => [
  { header: 'Status', cell: (run) => <Lines main={<ValidationBadge run={run} />} small={run.error} /> },
  { header: 'Window', cell: (run) => `${compactTime(run.window_start)} – ${compactTime(run.window_end)}` },
  { header: 'Events judged', numeric: true, cell: (run) => <Progress run={run} /> },
  { header: 'Hits', numeric: true, cell: (run) => n(run.hits) },
  {
    header: 'Alerts',
    numeric: true,
    cell: (run) =>
      run.alerts ? (
        <Link href={sampleAlertsPath(ruleId)} className={textLink()} aria-label={`${n(run.alerts)} alerts: open the kept sample`}>
          {n(run.alerts)}
        </Link>
      ) : (
        n(run.alerts)
      ),
  },
  { header: 'Customers', numeric: true, cell: (run) => n(run.entities) },
  { header: 'Errors', numeric: true, cell: (run) => n(run.errors) },
  { header: 'Requested', cell: (run) => <Lines main={<span>{compactTime(run.created_at)}</span>} small={run.created_by?.full_name ?? 'System'} /> },
  { header: 'Finished', cell: (run) => (run.finished_at ? compactTime(run.finished_at) : '—') },
];

export function ValidationTab({ rule, canValidate, onValidate }: { rule: Rule; canValidate: boolean; onValidate: () => void }) {
  const runs = useRuleValidationsQuery(rule.id);
  return (
    <Loaded query={runs} loading="Loading validations" failed="The validations could not be loaded.">
      {(list) => (
        <div className={s.column}>
          <div className={s.toolbar}>
            <div role="status" aria-live="polite" className={s.note}>
              {statusText(list[0])}
            </div>
            {list.length > 0 ? (
              <ExportListButton noun="validation runs" count={list.length} request={(format) => validationExportRequest(rule.id, format)} />
            ) : null}
          </div>
          {list.length === 0 ? (
            <div className={listPage().state}>
              <p>Not validated yet. A validation judges past events with the rule's current definition and counts what it would have raised.</p>
              {canValidate ? (
                <button type="button" className={button({ variant: 'primary' })} onClick={onValidate}>
                  Validate
                </button>
              ) : null}
            </div>
          ) : (
            <div className={s.frame}>
              <DataTable aria-label="Validation runs" columns={columns(rule.id)} rows={list} rowKey={(run) => run.id} />
            </div>
          )}
        </div>
      )}
    </Loaded>
  );
}

/** What the newest run is doing, said when it changes. */
function statusText(latest: RuleValidation | undefined): string | null {
  switch (latest?.status) {
    case 'queued':
      return 'The validation is queued; this page follows it.';
    case 'in_progress':
      return `Judging past events: ${n(latest.evaluated_events)} so far.`;
    case 'success':
      return `The last validation finished ${longTime(latest.finished_at)}.`;
    case 'failed':
      return `The last validation failed${latest.error ? `: ${latest.error}` : '.'}`;
    default:
      return null;
  }
}
