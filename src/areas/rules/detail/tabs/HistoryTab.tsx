// The History tab: the rule's audited changes, newest first: what happened in words, who and when,
// and for a change the fields before and after.
import { useQueuesQuery } from '../../../../api/queues/queries';
import { useRuleHistoryQuery, type Rule, type RuleHistoryEntry } from '../../../../api/rules/queries';
import { longTime } from '../../../../lib/time';
import { DataTable, TableEmpty, type Column } from '../../../../ui/DataTable';
import { Loaded } from '../../../../ui/Loaded';
import { listText as t } from '../../../../ui/WholeList';
import * as s from '../../rules.styles';
import { historyChanges, historyText } from './history.utils';

function Changes({ entry, queueTitle }: { entry: RuleHistoryEntry; queueTitle: (id: number) => string | undefined }) {
  const changes = historyChanges(entry, queueTitle);
  if (changes.length === 0) return <span className={t.muted}>—</span>;
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
  const columns: Column<RuleHistoryEntry>[] = [
    { header: 'Change', cell: (entry) => historyText(entry) },
    { header: 'Who', cell: (entry) => entry.agent?.full_name ?? 'System' },
    { header: 'When', cell: (entry) => longTime(entry.created_at) },
    { header: 'Before → after', cell: (entry) => <Changes entry={entry} queueTitle={queueTitle} /> },
  ];
  return (
    <Loaded query={history} loading="Loading history" failed="The history could not be loaded.">
      {(entries) =>
        entries.length === 0 ? (
          <TableEmpty>No change recorded yet.</TableEmpty>
        ) : (
          <div className={s.frame}>
            <DataTable aria-label="Rule history" columns={columns} rows={entries} rowKey={(entry) => entry.id} />
          </div>
        )
      }
    </Loaded>
  );
}
