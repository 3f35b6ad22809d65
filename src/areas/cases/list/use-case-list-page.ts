// Everything the case list page reads and does (STYLE.md: the page renders, this hook gathers):
// URL state, the paged rows, the filter choices and the palette commands.
import { useMemo } from 'react';
import { useAddressState } from '../../../ui/use-address-state';
import { UNASSIGNED_AGENT_ID, useAgentsQuery } from '../../../api/agents/queries';
import { useQueuesQuery } from '../../../api/queues/queries';
import { useTagsQuery } from '../../../api/tags/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { useRegisterCommands } from '../../../app/palette';
import { hasPermission } from '../../../lib/permissions';
import { statusLabel } from '../../../lib/work-rules';
import { usePagedRows } from '../../../ui/VirtualTable.paging';
import { CASE_PAGE_SIZE, casePageQuery, type CaseListItem, type CaseListPage } from '../../../api/cases/queries';
import {
  CASE_STATUSES,
  clearCaseFilters,
  DEFAULT_FILTERS,
  formatCaseListSearch,
  hasActiveFilters,
  nextCaseSort,
  parseCaseListSearch,
  toCaseListRequest,
  type CaseListFilters,
} from './case-list-url';
import type { FilterOption } from '../../../ui/FilterBar';
import { agentTimeZone } from '../../../lib/time';

const formatFilters = (next: CaseListFilters, search: string) => formatCaseListSearch(search, next);

function useListUrl() {
  const [filters, setFilters] = useAddressState(parseCaseListSearch, formatFilters);
  return { filters, setFilters };
}

export function useCaseListPage({ onNewCase }: { onNewCase: () => void }) {
  const agent = useAgent();
  const { filters, setFilters } = useListUrl();
  const update = (patch: Partial<CaseListFilters>) => setFilters({ ...filters, ...patch });
  const timeZone = useMemo(() => agentTimeZone(), []);
  const request = useMemo(() => toCaseListRequest(filters, agent.id, timeZone), [filters, agent.id, timeZone]);
  const resetKey = JSON.stringify(request);

  const rows = usePagedRows<CaseListItem, CaseListPage>({
    resetKey,
    pageSize: CASE_PAGE_SIZE,
    pageQuery: (page) => casePageQuery(request, page),
    select: (data) => ({ count: data.count, rows: data.cases }),
  });

  const canSeeAgents = hasPermission(agent, 'read_agents') || hasPermission(agent, 'read_assignments');
  const queues = useQueuesQuery();
  const agents = useAgentsQuery({ enabled: canSeeAgents });
  const tags = useTagsQuery();
  const canCreate = hasPermission(agent, 'create_cases') && hasPermission(agent, 'read_alerts');

  const options = {
    statuses: CASE_STATUSES.map((v) => ({ value: v, label: statusLabel(v) })),
    // Restricted queues the agent cannot open would match nothing: not offered.
    queues: (queues.data ?? []).filter((q) => q.open_cases !== null).map((q) => ({ value: q.id, label: q.title })),
    assignees: [
      { value: UNASSIGNED_AGENT_ID, label: 'Unassigned' },
      ...(agents.data ?? []).map((a) => ({ value: a.id, label: a.id === agent.id ? `${a.full_name} (you)` : a.full_name })),
    ] satisfies FilterOption<number>[],
    tags: (tags.data ?? []).map((t) => ({ value: t.id, label: t.title })),
  };

  const showMine = () => setFilters({ ...filters, view: 'mine', assigneeIds: [] });
  const showAll = () => setFilters({ ...DEFAULT_FILTERS });
  const showUnassigned = () => setFilters({ ...filters, view: 'all', assigneeIds: [UNASSIGNED_AGENT_ID] });
  const onlyUnassigned = filters.view === 'all' && filters.assigneeIds.length === 1 && filters.assigneeIds[0] === UNASSIGNED_AGENT_ID;

  // The page's commands, offered only when they would change something.
  useRegisterCommands(
    'cases.list',
    [
      ...(filters.view !== 'mine' ? [{ id: 'cases.mine', title: 'Show my cases', group: 'Cases', keywords: ['assigned', 'me'], run: showMine }] : []),
      ...(filters.view === 'mine' || hasActiveFilters(filters)
        ? [{ id: 'cases.all', title: 'Show all cases', group: 'Cases', keywords: ['clear', 'filters'], run: showAll }]
        : []),
      ...(!onlyUnassigned
        ? [{ id: 'cases.unassigned', title: 'Show unassigned cases', group: 'Cases', keywords: ['nobody', 'assignee'], run: showUnassigned }]
        : []),
      ...(canCreate ? [{ id: 'cases.new', title: 'New case', group: 'Cases', keywords: ['create'], run: onNewCase }] : []),
    ],
    [filters.view, hasActiveFilters(filters), onlyUnassigned, canCreate],
  );

  return {
    filters,
    update,
    clear: () => setFilters(clearCaseFilters(filters)),
    sortBy: (column: string) => update(nextCaseSort(filters, column as CaseListFilters['sort'])),
    showMine,
    showAll: () => setFilters({ ...filters, view: 'all' }),
    rows,
    /** the list's request now: what "Export" exports */
    request,
    options,
    canCreate,
    canSeeAgents,
  };
}
