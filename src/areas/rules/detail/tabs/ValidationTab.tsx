// The Validation tab: every validation run of the rule, newest first: its status, the window it
// judged, the events judged (the progress while it runs, followed every second), hits, alerts,
// customers and errors, who asked and when; a run's would-be alerts open in the alert list
// (status Rule validation).
import { Link } from 'wouter';
import { useRuleValidationsQuery, type Rule, type RuleValidation } from '../../../../api/rules/queries';
import { compactTime, longTime } from '../../../../lib/time';
import { LoadingState } from '../../../../ui/LoadingState';
import { button, textLink } from '../../../../ui/recipes';
import { ValidationBadge } from '../../../../features/rules/RuleBadges';
import * as s from '../../rules.styles';

const n = (v: number | null) => (v === null ? '—' : v.toLocaleString('en-US'));

export const sampleAlertsPath = (ruleId: number) => `/alerts?view=all&status=RULE_VALIDATION&rule=${ruleId}`;

function Progress({ run }: { run: RuleValidation }) {
  if (run.status === 'queued') return <span className={s.muted}>Waiting to start</span>;
  if (run.status !== 'in_progress') return <>{n(run.evaluated_events)}</>;
  return (
    <span className={s.stack}>
      {/* the total is unknown until the run ends: an indeterminate bar with the count so far */}
      <progress className={s.progress} aria-label="Events judged so far" />
      <span>{n(run.evaluated_events)} so far</span>
    </span>
  );
}

export function ValidationTab({ rule, canValidate, onValidate }: { rule: Rule; canValidate: boolean; onValidate: () => void }) {
  const runs = useRuleValidationsQuery(rule.id);
  if (runs.isPending) return <LoadingState label="Loading validations" />;
  if (runs.isError)
    return (
      <div className={s.empty} role="alert">
        <p>The validations could not be loaded.</p>
        <button type="button" className={textLink()} onClick={() => void runs.refetch()}>
          Retry
        </button>
      </div>
    );
  const list = runs.data;
  const latest = list[0];
  return (
    <div className={s.column}>
      <div role="status" aria-live="polite" className={s.note}>
        {latest?.status === 'queued' ? 'The validation is queued; this page follows it.' : null}
        {latest?.status === 'in_progress' ? `Judging past events: ${n(latest.evaluated_events)} so far.` : null}
        {latest?.status === 'success' ? `The last validation finished ${longTime(latest.finished_at)}.` : null}
        {latest?.status === 'failed' ? `The last validation failed${latest.error ? `: ${latest.error}` : '.'}` : null}
      </div>
      {list.length === 0 ? (
        <div className={s.empty}>
          <p>Not validated yet. A validation judges past events with the rule's current definition and counts what it would have raised.</p>
          {canValidate ? (
            <button type="button" className={button({ variant: 'primary' })} onClick={onValidate}>
              Validate
            </button>
          ) : null}
        </div>
      ) : (
        <div className={s.tableFrame}>
          <table className={s.table} aria-label="Validation runs">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Window</th>
                <th scope="col" className={s.numeric}>
                  Events judged
                </th>
                <th scope="col" className={s.numeric}>
                  Hits
                </th>
                <th scope="col" className={s.numeric}>
                  Alerts
                </th>
                <th scope="col" className={s.numeric}>
                  Customers
                </th>
                <th scope="col" className={s.numeric}>
                  Errors
                </th>
                <th scope="col">Requested</th>
                <th scope="col">Finished</th>
              </tr>
            </thead>
            <tbody>
              {list.map((run) => (
                <tr key={run.id} data-run-id={run.id}>
                  <td>
                    <div className={s.stack}>
                      <ValidationBadge run={run} />
                      {run.error ? <span className={s.small}>{run.error}</span> : null}
                    </div>
                  </td>
                  <td>
                    {compactTime(run.window_start)} – {compactTime(run.window_end)}
                  </td>
                  <td className={s.numeric}>
                    <Progress run={run} />
                  </td>
                  <td className={s.numeric}>{n(run.hits)}</td>
                  <td className={s.numeric}>
                    {run.alerts ? (
                      <Link href={sampleAlertsPath(rule.id)} className={textLink()} aria-label={`${n(run.alerts)} alerts: open the kept sample`}>
                        {n(run.alerts)}
                      </Link>
                    ) : (
                      n(run.alerts)
                    )}
                  </td>
                  <td className={s.numeric}>{n(run.entities)}</td>
                  <td className={s.numeric}>{n(run.errors)}</td>
                  <td>
                    <div className={s.stack}>
                      <span>{compactTime(run.created_at)}</span>
                      <span className={s.small}>{run.created_by?.full_name ?? 'System'}</span>
                    </div>
                  </td>
                  <td>{run.finished_at ? compactTime(run.finished_at) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
