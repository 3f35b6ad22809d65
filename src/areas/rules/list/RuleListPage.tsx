// The rules list (/rules): every rule of the organisation, the most recently changed first, with
// its status (shadow with its own icon), queue, last validation (status, when, hits), alerts raised
// in the last 30 days, owner and last change; filtered by statuses, queue and a search in the
// title. j/k move between the rules and Enter opens one; "New rule" for agents who may write rules;
// "Export" asks for a file of the rules of the current filters.
import { Link } from 'wouter';
import type { Rule } from '../../../api/rules/queries';
import { compactTime } from '../../../lib/time';
import { MultiFilter } from '../../../ui/FilterBar';
import { ListPage } from '../../../ui/ListPage';
import { button, textLink } from '../../../ui/recipes';
import { countText, ListTable, listText as t, PageIntro, SearchBar, SearchBarField, SelectFilter } from '../../../ui/WholeList';
import { RuleStatusBadge, ValidationBadge } from '../../../features/rules/RuleBadges';
import { NEW_RULE_PATH, rulePath } from '../rule-paths';
import { RULE_STATUSES, STATUS_LABELS } from '../rules.constants';
import { hasFilters } from './rule-list-url';
import { useRuleListPage } from './use-rule-list-page';
import { ExportListButton } from '../../../features/exports/ExportListButton';
import { ruleExportRequest } from './rule-export';

export const NO_RULES_TEXT = 'No rules yet. Write one with New rule.';
export const NO_MATCH_TEXT = 'No rule matches these filters.';

const COLUMNS = [
  { header: 'Status' },
  { header: 'Title' },
  { header: 'Queue' },
  { header: 'Last validation' },
  { header: 'Alerts (30 days)', numeric: true },
  { header: 'Owner' },
  { header: 'Changed' },
];
const STATUS_OPTIONS = RULE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

export function RuleListPage() {
  const page = useRuleListPage();
  const { filters, rules } = page;
  const newRule = page.canCreate ? (
    <Link href={NEW_RULE_PATH} className={button({ variant: 'primary' })}>
      New rule
    </Link>
  ) : null;
  const actions = (
    <>
      <ExportListButton noun="rules" count={rules.data?.count} request={(format) => ruleExportRequest(filters, format)} />
      {newRule}
    </>
  );
  return (
    <ListPage title="Rules" density="roomy" actions={actions}>
      <PageIntro>
        Detection rules judge every new transaction or action event. A draft is validated over past events before it runs in shadow (logging what it would
        raise) or becomes active (raising alerts).
      </PageIntro>
      <SearchBar
        label="Filter rules"
        filtered={hasFilters(filters)}
        onClear={page.clear}
        count={rules.data ? countText(rules.data.count, 'rule', 'rules') : null}
      >
        <SearchBarField label="Search rules by title" placeholder="Search by title" value={page.typed} onChange={page.setTyped} />
        {/* the address keeps the statuses in the list's own order, whatever the order of the ticks */}
        <MultiFilter
          label="Status"
          options={STATUS_OPTIONS}
          selected={filters.statuses}
          onChange={(next) => page.setStatuses(RULE_STATUSES.filter((x) => next.includes(x)))}
        />
        <SelectFilter
          label="Queue"
          anyLabel="Any queue"
          value={filters.queueId}
          options={page.queues.map((q) => ({ value: q.id, label: q.title }))}
          onChange={page.setQueue}
        />
      </SearchBar>
      <ListTable
        query={rules}
        loading="Loading rules"
        failed="The rules could not be loaded."
        empty={(data) => (data.rules.length > 0 ? null : hasFilters(filters) ? NO_MATCH_TEXT : NO_RULES_TEXT)}
        label="Rules"
        columns={COLUMNS}
      >
        {(data) => data.rules.map((rule) => <RuleRow key={rule.id} rule={rule} />)}
      </ListTable>
    </ListPage>
  );
}

function RuleRow({ rule }: { rule: Rule }) {
  const v = rule.last_validation;
  return (
    <tr data-rule-id={rule.id}>
      <td>
        <RuleStatusBadge status={rule.status} />
      </td>
      <td>
        <Link href={rulePath(rule.id)} className={textLink()}>
          {rule.title}
        </Link>
      </td>
      <td>{rule.queue?.title ?? <span className={t.muted}>None</span>}</td>
      <td>
        <div className={t.stack}>
          <ValidationBadge run={v} />
          {v ? (
            <span className={t.small}>
              {compactTime(v.finished_at ?? v.created_at)}
              {v.hits !== null ? ` · ${v.hits.toLocaleString('en-US')} ${v.hits === 1 ? 'hit' : 'hits'}` : ''}
            </span>
          ) : null}
        </div>
      </td>
      <td className={t.num}>{rule.alerts_30d.toLocaleString('en-US')}</td>
      <td>{rule.owner?.full_name ?? <span className={t.muted}>—</span>}</td>
      <td className={t.muted}>{compactTime(rule.updated_at)}</td>
    </tr>
  );
}
