// Everything the rules admin dashboard reads and does (the page renders, this hook gathers): every
// organisation's rules (one call; tens of rules per organisation), the filters applied here, and
// opening a rule's admin panel.
import { useMemo, useState } from 'react';
import { useRulesAdminQuery } from '../../api/rules/queries';
import { usePanel } from '../../app/panels/panel-context';
import { adminOrganisations, filterAdminRows, NO_ADMIN_FILTERS, type RulesAdminFilters } from './rules-admin.utils';

export function useRulesAdminPage() {
  const rules = useRulesAdminQuery();
  const panel = usePanel();
  const [filters, setFilters] = useState<RulesAdminFilters>(NO_ADMIN_FILTERS);
  const all = rules.data;
  const rows = useMemo(() => filterAdminRows(all ?? [], filters), [all, filters]);
  const organisations = useMemo(() => adminOrganisations(all ?? []), [all]);
  const openRule = (ruleId: number) => panel.open('rule-admin', ruleId);
  const openId = panel.current?.view === 'rule-admin' ? panel.current.id : null;
  return {
    rules,
    rows,
    organisations,
    filters,
    setFilters: (patch: Partial<RulesAdminFilters>) => setFilters((f) => ({ ...f, ...patch })),
    clear: () => setFilters(NO_ADMIN_FILTERS),
    openRule,
    openId,
  };
}
