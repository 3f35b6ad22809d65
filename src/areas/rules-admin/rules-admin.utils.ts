// The rules admin dashboard's filters (organisation, status, a search in the title and the
// organisation's name) and the texts its panel copies.
import type { RuleStatus, RulesAdminRow } from '../../api/rules/queries';
import { STATUS_LABELS } from '../../features/rules/rule-status';
import { longTime } from '../../lib/time';

export interface RulesAdminFilters {
  orgId: number | null;
  status: RuleStatus | null;
  q: string;
}

export const NO_ADMIN_FILTERS: RulesAdminFilters = { orgId: null, status: null, q: '' };

export const hasAdminFilters = (f: RulesAdminFilters) => f.orgId !== null || f.status !== null || f.q.trim() !== '';

export function filterAdminRows(rows: readonly RulesAdminRow[], f: RulesAdminFilters): RulesAdminRow[] {
  const q = f.q.trim().toLowerCase();
  return rows.filter(
    (r) =>
      (f.orgId === null || r.org_id === f.orgId) &&
      (f.status === null || r.status === f.status) &&
      (!q || r.title.toLowerCase().includes(q) || r.org_name.toLowerCase().includes(q)),
  );
}

/** The organisations present, by name, for the filter. */
export function adminOrganisations(rows: readonly RulesAdminRow[]): { id: number; name: string }[] {
  const byId = new Map<number, string>();
  for (const r of rows) byId.set(r.org_id, r.org_name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

const count = (n: number) => n.toLocaleString('en-US');

/** 1.5 as "1.5", 0 as "0". */
export const perDay = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** The rule's spec as stored, pretty-printed. */
export const specText = (row: RulesAdminRow) => JSON.stringify(row.spec, null, 2);

/** The rule's health in plain lines, to paste into a ticket. */
export function healthText(row: RulesAdminRow): string {
  return [
    `Organisation: ${row.org_name} (${row.org_id})`,
    `Rule: ${row.title} (${row.rule_id})`,
    `Status: ${STATUS_LABELS[row.status]}`,
    `Version: ${row.version}`,
    `Evaluations (7 days): ${count(row.evaluations_7d)}`,
    `Errors (7 days): ${count(row.errors_7d)}`,
    `Failures (7 days): ${count(row.failures_7d)}`,
    `Alerts per day (7 days): ${perDay(row.alerts_per_day_7d)}`,
    `Last evaluated: ${row.last_evaluated_at ? longTime(row.last_evaluated_at) : 'Never'}`,
  ].join('\n');
}
