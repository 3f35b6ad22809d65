// The rules admin dashboard (/rules-admin, internal staff): every organisation's rules with their
// health over the last 7 days (evaluations, errors, failures, alerts per day) and when each was
// last evaluated; filtered by organisation and status, searched by title or organisation. j/k move
// between the rules and Enter opens the rule's admin panel.
import { ApiError } from '../../api/errors';
import type { RulesAdminRow } from '../../api/rules/queries';
import { RuleStatusBadge } from '../../features/rules/RuleBadges';
import { RULE_STATUSES, STATUS_LABELS } from '../../features/rules/rule-status';
import { compactTime } from '../../lib/time';
import { ListPage } from '../../ui/ListPage';
import { linkButton } from '../../ui/recipes';
import { countText, ListTable, listText as t, PageIntro, SearchBar, SearchBarField, SelectFilter } from '../../ui/WholeList';
import { warn } from './rules-admin.styles';
import { hasAdminFilters, perDay } from './rules-admin.utils';
import { useRulesAdminPage } from './use-rules-admin-page';

export const NO_ADMIN_RULES_TEXT = 'No organisation has a rule yet.';
export const NO_ADMIN_MATCH_TEXT = 'No rule matches these filters.';
/** The server asks the internal-staff flag besides the permission the route's guard asks. */
export const ADMIN_REFUSED_TEXT = 'The rules admin dashboard is for internal staff.';

const STATUS_OPTIONS = RULE_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));
const FIGURES = ['Version', 'Evaluations (7 days)', 'Errors (7 days)', 'Failures (7 days)', 'Alerts per day (7 days)'];
const COLUMNS = [
  ...['Organisation', 'Rule', 'Status'].map((header) => ({ header })),
  ...FIGURES.map((header) => ({ header, numeric: true })),
  { header: 'Last evaluated' },
];

export function RulesAdminPage() {
  const page = useRulesAdminPage();
  const { rules, rows, filters } = page;
  return (
    <ListPage title="Rules admin" density="roomy">
      <PageIntro>
        Every organisation’s rules and how they ran over the last 7 days. Errors are evaluations the engine could not finish; failures are events the rule
        judged suspicious.
      </PageIntro>
      <SearchBar
        label="Filter rules"
        filtered={hasAdminFilters(filters)}
        onClear={page.clear}
        count={rules.data ? countText(rows.length, 'rule', 'rules') : null}
      >
        <SearchBarField
          label="Search rules by title or organisation"
          placeholder="Search by title or organisation"
          value={filters.q}
          onChange={(q) => page.setFilters({ q })}
        />
        <SelectFilter
          label="Organisation"
          anyLabel="Any organisation"
          value={filters.orgId}
          options={page.organisations.map((o) => ({ value: o.id, label: o.name }))}
          onChange={(orgId) => page.setFilters({ orgId })}
        />
        <SelectFilter label="Status" anyLabel="Any status" value={filters.status} options={STATUS_OPTIONS} onChange={(status) => page.setFilters({ status })} />
      </SearchBar>
      <ListTable
        query={rules}
        loading="Loading rules"
        failed="The rules could not be loaded."
        refusal={rules.error instanceof ApiError && rules.error.status === 403 ? ADMIN_REFUSED_TEXT : null}
        empty={() => (rows.length > 0 ? null : hasAdminFilters(filters) ? NO_ADMIN_MATCH_TEXT : NO_ADMIN_RULES_TEXT)}
        label="Rules of every organisation"
        columns={COLUMNS}
      >
        {() => rows.map((row) => <AdminRow key={row.rule_id} row={row} open={page.openId === String(row.rule_id)} onOpen={() => page.openRule(row.rule_id)} />)}
      </ListTable>
    </ListPage>
  );
}

function AdminRow({ row, open, onOpen }: { row: RulesAdminRow; open: boolean; onOpen: () => void }) {
  return (
    <tr data-rule-id={row.rule_id} aria-current={open || undefined}>
      <td>{row.org_name}</td>
      <td>
        {/* the row's way in: j/k focus it, Enter opens the panel */}
        <button type="button" data-row-open className={linkButton()} onClick={onOpen}>
          {row.title}
        </button>
      </td>
      <td>
        <RuleStatusBadge status={row.status} />
      </td>
      <td className={t.num}>{row.version}</td>
      <td className={t.num}>{row.evaluations_7d.toLocaleString('en-US')}</td>
      <td className={`${t.num} ${row.errors_7d > 0 ? warn : ''}`}>{row.errors_7d.toLocaleString('en-US')}</td>
      <td className={t.num}>{row.failures_7d.toLocaleString('en-US')}</td>
      <td className={t.num}>{perDay(row.alerts_per_day_7d)}</td>
      <td className={t.muted}>{row.last_evaluated_at ? compactTime(row.last_evaluated_at) : 'Never'}</td>
    </tr>
  );
}
