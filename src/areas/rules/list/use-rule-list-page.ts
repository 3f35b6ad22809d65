// Everything the rules list reads and does (the page renders, this hook gathers): the filters in
// the address (the search typed is sent a moment after the last key), the rules, the queues to
// filter by, and the palette's commands.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useQueuesQuery } from '../../../api/queues/queries';
import { useRulesQuery, type RuleListFilters } from '../../../api/rules/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands } from '../../../app/palette';
import { hasPermission } from '../../../lib/permissions';
import { NEW_RULE_PATH, RULES_PATH } from '../rule-paths';
import { formatRuleListSearch, hasFilters, NO_FILTERS, parseRuleListSearch } from './rule-list-url';

export const SEARCH_DELAY_MS = 250;

export function useRuleListPage() {
  const agent = useAgent();
  const search = useSearch();
  const [, navigate] = useLocation();
  const filters = useMemo(() => parseRuleListSearch(search), [search]);
  const [typed, setTyped] = useState(filters.q);

  const setFilters = (next: RuleListFilters, replace = false) => {
    const qs = formatRuleListSearch(next);
    if (qs === formatRuleListSearch(filters)) return;
    navigate(`${RULES_PATH}${qs}`, { replace });
  };

  // the search box follows the address (Back), and the address follows the box a moment after typing
  const [seen, setSeen] = useState(filters.q);
  if (seen !== filters.q) {
    setSeen(filters.q);
    setTyped(filters.q);
  }
  useEffect(() => {
    if (typed.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => setFilters({ ...filters, q: typed }, true), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a change of what was typed schedules a search
  }, [typed]);

  const rules = useRulesQuery(filters);
  const queues = useQueuesQuery();
  const canCreate = hasPermission(agent, 'create_rules');
  const newRule = () => navigate(NEW_RULE_PATH);
  const clear = () => {
    setTyped('');
    setFilters(NO_FILTERS);
  };

  useRegisterCommands(
    'rules.list',
    [
      ...(canCreate ? [{ id: 'rules.new', title: 'New rule', group: 'Rules', keywords: ['create', 'write', 'detection'], run: newRule }] : []),
      ...(hasFilters(filters) ? [{ id: 'rules.clear-filters', title: 'Show all rules', group: 'Rules', keywords: ['clear', 'filters'], run: clear }] : []),
      {
        id: 'rules.live',
        title: 'Show live rules (active and shadow)',
        group: 'Rules',
        keywords: ['active', 'shadow'],
        run: () => setFilters({ ...filters, statuses: ['ACTIVE_SHADOW', 'ACTIVE'] }),
      },
    ],
    [canCreate, hasFilters(filters), search],
  );

  return {
    filters,
    typed,
    setTyped,
    setStatuses: (statuses: RuleListFilters['statuses']) => setFilters({ ...filters, statuses }),
    setQueue: (queueId: number | null) => setFilters({ ...filters, queueId }),
    clear,
    rules,
    queues: queues.data ?? [],
    canCreate,
  };
}
