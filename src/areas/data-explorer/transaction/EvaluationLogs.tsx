// The transaction's rule evaluations (GET /txn-events/{externalId}/shadow_evaluation_log): each rule
// with PASS / FAIL / ERROR, live (ACTIVE) and shadow (ACTIVE_SHADOW) rules told apart by icon and by
// an accessible label (spec part 2, sections 3 and 4). The icon is an image with its name and a
// tooltip on hover, out of the tab order: an image is not a control (axe's focus-order-semantics),
// and one stop per rule would lengthen the page's tab order for a word a screen reader already says.
import { Link } from 'wouter';
import { textLink } from '../../../ui/recipes';
import { LoadingState } from '../../../ui/LoadingState';
import { Tooltip } from '../../../ui/Tooltip';
import { badge } from '../../../features/work/work.styles';
import { useEvaluationLogsQuery, type EvaluationLog } from '../../../api/transactions/queries';
import * as s from './transaction.styles';

const STATUS_TONE = { PASS: 'success', FAIL: 'error', ERROR: 'warning' } as const;
export const RULE_STATUS_LABEL = { ACTIVE: 'Live rule', ACTIVE_SHADOW: 'Shadow rule' } as const;

function RuleStatusIcon({ status }: { status: keyof typeof RULE_STATUS_LABEL }) {
  const label = RULE_STATUS_LABEL[status];
  return (
    <Tooltip text={label}>
      <span className={s.ruleIcon} role="img" aria-label={label} data-rule-status={status}>
        {status === 'ACTIVE' ? (
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <circle cx="12" cy="12" r="8" fill="currentColor" />
          </svg>
        ) : (
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeDasharray="3 3" aria-hidden="true">
            <circle cx="12" cy="12" r="8" />
          </svg>
        )}
      </span>
    </Tooltip>
  );
}

function rows(logs: EvaluationLog[]) {
  return logs.flatMap((log) => Object.entries(log.rule_executions).map(([ruleId, e]) => ({ key: `${log.evaluation_id}:${ruleId}`, ruleId, ...e })));
}

export function EvaluationLogs({ externalId, canReadRules }: { externalId: string; canReadRules: boolean }) {
  const logs = useEvaluationLogsQuery(externalId, canReadRules);
  if (!canReadRules) return <p className={s.note}>Reading rule evaluations needs access to rules.</p>;
  if (logs.isPending) return <LoadingState label="Loading evaluation logs" />;
  if (logs.isError) {
    return (
      <p className={s.error} role="alert">
        The evaluation logs could not be loaded.
        <button type="button" className={textLink()} onClick={() => void logs.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  const list = rows(logs.data);
  if (list.length === 0) return <p className={s.note}>No information to display</p>;
  return (
    <ul className={s.logList} aria-label="Rule evaluations">
      {list.map((r) => (
        <li key={r.key} className={s.logRow}>
          <RuleStatusIcon status={r.rule_status} />
          <Link href={`/rules/${r.ruleId}`} className={`${s.link} ${s.logName}`}>
            {r.rule_name}
          </Link>
          <span className={badge({ tone: STATUS_TONE[r.status] })}>{r.status}</span>
        </li>
      ))}
    </ul>
  );
}
