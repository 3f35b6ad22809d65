// The rules admin dashboard (/rules-admin, internal staff): every organisation's rules with their
// health over the last 7 days (evaluations, errors, failures, alerts per day) and when each was
// last evaluated; filtered by organisation and status, searched by title or organisation. j/k move
// between the rules and Enter opens the rule's admin panel.
import { ApiError } from '../../api/errors';
import type { RulesAdminRow } from '../../api/rules/queries';
import { RuleStatusBadge } from '../../features/rules/RuleBadges';
import { RULE_STATUSES, STATUS_LABELS } from '../../features/rules/rule-status';
import { compactTime } from '../../lib/time';
import { LoadingState } from '../../ui/LoadingState';
import { textLink } from '../../ui/recipes';
import { RowTable } from '../../ui/RowTable';
import * as s from './rules-admin.styles';
import { hasAdminFilters, perDay } from './rules-admin.utils';
import { useRulesAdminPage } from './use-rules-admin-page';

export const NO_ADMIN_RULES_TEXT = 'No organisation has a rule yet.';
export const NO_ADMIN_MATCH_TEXT = 'No rule matches these filters.';
/** The server asks the internal-staff flag besides the permission the route's guard asks. */
export const ADMIN_REFUSED_TEXT = 'The rules admin dashboard is for internal staff.';

export function RulesAdminPage() {
  const page = useRulesAdminPage();
  const { rules, rows, filters } = page;
  return (
    <div className={s.page}>
      <header className={s.header}>
        <h1 className={s.title}>Rules admin</h1>
      </header>
      <p className={s.intro}>
        Every organisation’s rules and how they ran over the last 7 days. Errors are evaluations the engine could not finish; failures are events the rule
        judged suspicious.
      </p>
      <div className={s.toolbar} role="search" aria-label="Filter rules">
        <input
          type="search"
          className={s.search}
          aria-label="Search rules by title or organisation"
          placeholder="Search by title or organisation"
          maxLength={200}
          value={filters.q}
          onChange={(e) => page.setFilters({ q: e.target.value })}
        />
        <label className={s.label}>
          Organisation
          <select
            className={s.select}
            value={filters.orgId === null ? '' : String(filters.orgId)}
            onChange={(e) => page.setFilters({ orgId: e.target.value === '' ? null : Number(e.target.value) })}
          >
            <option value="">Any organisation</option>
            {page.organisations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        </label>
        <label className={s.label}>
          Status
          <select
            className={s.select}
            value={filters.status ?? ''}
            onChange={(e) => page.setFilters({ status: e.target.value === '' ? null : (e.target.value as (typeof RULE_STATUSES)[number]) })}
          >
            <option value="">Any status</option>
            {RULE_STATUSES.map((st) => (
              <option key={st} value={st}>
                {STATUS_LABELS[st]}
              </option>
            ))}
          </select>
        </label>
        {hasAdminFilters(filters) ? (
          <button type="button" className={textLink()} onClick={page.clear}>
            Clear filters
          </button>
        ) : null}
        <span className={s.spacer} />
        {rules.data ? (
          <span className={s.small} role="status" aria-live="polite">
            {rows.length.toLocaleString('en-US')} {rows.length === 1 ? 'rule' : 'rules'}
          </span>
        ) : null}
      </div>
      <div className={s.tableFrame}>
        {rules.isPending ? (
          <LoadingState label="Loading rules" />
        ) : rules.error instanceof ApiError && rules.error.status === 403 ? (
          <p className={s.empty} role="alert">
            {ADMIN_REFUSED_TEXT}
          </p>
        ) : rules.isError ? (
          <div className={s.empty} role="alert">
            <p>The rules could not be loaded.</p>
            <button type="button" className={textLink()} onClick={() => void rules.refetch()}>
              Retry
            </button>
          </div>
        ) : rows.length === 0 ? (
          <p className={s.empty}>{hasAdminFilters(filters) ? NO_ADMIN_MATCH_TEXT : NO_ADMIN_RULES_TEXT}</p>
        ) : (
          <RowTable pageKeys className={s.table} aria-label="Rules of every organisation">
            <thead>
              <tr>
                <th scope="col">Organisation</th>
                <th scope="col">Rule</th>
                <th scope="col">Status</th>
                <th scope="col" className={s.numeric}>
                  Version
                </th>
                <th scope="col" className={s.numeric}>
                  Evaluations (7 days)
                </th>
                <th scope="col" className={s.numeric}>
                  Errors (7 days)
                </th>
                <th scope="col" className={s.numeric}>
                  Failures (7 days)
                </th>
                <th scope="col" className={s.numeric}>
                  Alerts per day (7 days)
                </th>
                <th scope="col">Last evaluated</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <AdminRow key={row.rule_id} row={row} open={page.openId === String(row.rule_id)} onOpen={() => page.openRule(row.rule_id)} />
              ))}
            </tbody>
          </RowTable>
        )}
      </div>
    </div>
  );
}

function AdminRow({ row, open, onOpen }: { row: RulesAdminRow; open: boolean; onOpen: () => void }) {
  return (
    <tr data-rule-id={row.rule_id} aria-current={open || undefined}>
      <td>{row.org_name}</td>
      <td>
        {/* the row's way in: j/k focus it, Enter opens the panel */}
        <button type="button" data-row-open className={s.openButton} onClick={onOpen}>
          {row.title}
        </button>
      </td>
      <td>
        <RuleStatusBadge status={row.status} />
      </td>
      <td className={s.numeric}>{row.version}</td>
      <td className={s.numeric}>{row.evaluations_7d.toLocaleString('en-US')}</td>
      <td className={`${s.numeric} ${row.errors_7d > 0 ? s.warn : ''}`}>{row.errors_7d.toLocaleString('en-US')}</td>
      <td className={s.numeric}>{row.failures_7d.toLocaleString('en-US')}</td>
      <td className={s.numeric}>{perDay(row.alerts_per_day_7d)}</td>
      <td className={s.muted}>{row.last_evaluated_at ? compactTime(row.last_evaluated_at) : 'Never'}</td>
    </tr>
  );
}
