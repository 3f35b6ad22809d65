// The rules list (/rules): every rule of the organisation, the most recently changed first, with
// its status (shadow with its own icon), queue, last validation (status, when, hits), alerts raised
// in the last 30 days, owner and last change; filtered by statuses, queue and a search in the
// title. j/k move between the rules and Enter opens one; "New rule" for agents who may write rules.
import { Link } from 'wouter';
import type { Rule } from '../../../api/rules/queries';
import { compactTime } from '../../../lib/time';
import { LoadingState } from '../../../ui/LoadingState';
import { button, textLink } from '../../../ui/recipes';
import { RowTable } from '../../../ui/RowTable';
import { NEW_RULE_PATH, rulePath } from '../rule-paths';
import { RuleStatusBadge, ValidationBadge } from '../../../features/rules/RuleBadges';
import * as s from '../rules.styles';
import { hasFilters } from './rule-list-url';
import * as l from './rule-list.styles';
import { StatusFilter } from './StatusFilter';
import { useRuleListPage } from './use-rule-list-page';

export const NO_RULES_TEXT = 'No rules yet. Write one with New rule.';
export const NO_MATCH_TEXT = 'No rule matches these filters.';

export function RuleListPage() {
  const page = useRuleListPage();
  const { filters, rules } = page;
  const list = rules.data?.rules ?? [];
  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Rules</h1>
        <span className={s.spacer} />
        {page.canCreate ? (
          <Link href={NEW_RULE_PATH} className={button({ variant: 'primary' })}>
            New rule
          </Link>
        ) : null}
      </header>
      <p className={s.intro}>
        Detection rules judge every new transaction or action event. A draft is validated over past events before it runs in shadow (logging what it would
        raise) or becomes active (raising alerts).
      </p>
      <div className={s.toolbar} role="search" aria-label="Filter rules">
        <input
          type="search"
          className={s.search}
          aria-label="Search rules by title"
          placeholder="Search by title"
          maxLength={200}
          value={page.typed}
          onChange={(e) => page.setTyped(e.target.value)}
        />
        <StatusFilter selected={filters.statuses} onChange={page.setStatuses} />
        <label className={l.label}>
          Queue
          <select
            className={l.queueSelect}
            value={filters.queueId === null ? '' : String(filters.queueId)}
            onChange={(e) => page.setQueue(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">Any queue</option>
            {page.queues.map((q) => (
              <option key={q.id} value={q.id}>
                {q.title}
              </option>
            ))}
          </select>
        </label>
        {hasFilters(filters) ? (
          <button type="button" className={textLink()} onClick={page.clear}>
            Clear filters
          </button>
        ) : null}
        <span className={s.spacer} />
        {rules.data ? (
          <span className={s.small} role="status" aria-live="polite">
            {rules.data.count.toLocaleString('en-US')} {rules.data.count === 1 ? 'rule' : 'rules'}
          </span>
        ) : null}
      </div>
      <div className={s.tableFrame}>
        {rules.isPending ? (
          <LoadingState label="Loading rules" />
        ) : rules.isError ? (
          <div className={s.empty} role="alert">
            <p>The rules could not be loaded.</p>
            <button type="button" className={textLink()} onClick={() => void rules.refetch()}>
              Retry
            </button>
          </div>
        ) : list.length === 0 ? (
          <p className={s.empty}>{hasFilters(filters) ? NO_MATCH_TEXT : NO_RULES_TEXT}</p>
        ) : (
          <RowTable pageKeys className={s.table} aria-label="Rules">
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Title</th>
                <th scope="col">Queue</th>
                <th scope="col">Last validation</th>
                <th scope="col" className={s.numeric}>
                  Alerts (30 days)
                </th>
                <th scope="col">Owner</th>
                <th scope="col">Changed</th>
              </tr>
            </thead>
            <tbody>
              {list.map((rule) => (
                <RuleRow key={rule.id} rule={rule} />
              ))}
            </tbody>
          </RowTable>
        )}
      </div>
    </div>
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
      <td>{rule.queue?.title ?? <span className={s.muted}>None</span>}</td>
      <td>
        <div className={s.stack}>
          <ValidationBadge run={v} />
          {v ? (
            <span className={s.small}>
              {compactTime(v.finished_at ?? v.created_at)}
              {v.hits !== null ? ` · ${v.hits.toLocaleString('en-US')} ${v.hits === 1 ? 'hit' : 'hits'}` : ''}
            </span>
          ) : null}
        </div>
      </td>
      <td className={s.numeric}>{rule.alerts_30d.toLocaleString('en-US')}</td>
      <td>{rule.owner?.full_name ?? <span className={s.muted}>—</span>}</td>
      <td className={s.muted}>{compactTime(rule.updated_at)}</td>
    </tr>
  );
}
