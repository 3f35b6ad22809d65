// The History tab: the rule's audited changes, newest first: what happened in words, who and when,
// and for a change the fields before and after.
import { useQueuesQuery } from '../../../../api/queues/queries';
import { useRuleHistoryQuery, type Rule, type RuleHistoryEntry } from '../../../../api/rules/queries';
import { longTime } from '../../../../lib/time';
import { LoadingState } from '../../../../ui/LoadingState';
import { textLink } from '../../../../ui/recipes';
import { RowTable } from '../../../../ui/RowTable';
import * as s from '../../rules.styles';
import { historyChanges, historyText } from './history.utils';

function Changes({ entry, queueTitle }: { entry: RuleHistoryEntry; queueTitle: (id: number) => string | undefined }) {
  const changes = historyChanges(entry, queueTitle);
  if (changes.length === 0) return <span className={s.muted}>—</span>;
  return (
    <ul className={s.reasons}>
      {changes.map((c) => (
        <li key={c.field} className={s.change}>
          <span>{c.field}</span>
          {c.before !== null ? (
            <span>
              <del>{c.before}</del> → <ins>{c.after}</ins>
            </span>
          ) : (
            <ins>{c.after}</ins>
          )}
        </li>
      ))}
    </ul>
  );
}

export function HistoryTab({ rule }: { rule: Rule }) {
  const history = useRuleHistoryQuery(rule.id);
  const queues = useQueuesQuery();
  const queueTitle = (id: number) => queues.data?.find((q) => q.id === id)?.title;
  if (history.isPending) return <LoadingState label="Loading history" />;
  if (history.isError)
    return (
      <div className={s.empty} role="alert">
        <p>The history could not be loaded.</p>
        <button type="button" className={textLink()} onClick={() => void history.refetch()}>
          Retry
        </button>
      </div>
    );
  if (history.data.length === 0) return <p className={s.empty}>No change recorded yet.</p>;
  return (
    <div className={s.tableFrame}>
      <RowTable className={s.table} aria-label="Rule history">
        <thead>
          <tr>
            <th scope="col">Change</th>
            <th scope="col">Who</th>
            <th scope="col">When</th>
            <th scope="col">Before → after</th>
          </tr>
        </thead>
        <tbody>
          {history.data.map((entry) => (
            <tr key={entry.id}>
              <td>{historyText(entry)}</td>
              <td>{entry.agent?.full_name ?? 'System'}</td>
              <td>{longTime(entry.created_at)}</td>
              <td>
                <Changes entry={entry} queueTitle={queueTitle} />
              </td>
            </tr>
          ))}
        </tbody>
      </RowTable>
    </div>
  );
}
