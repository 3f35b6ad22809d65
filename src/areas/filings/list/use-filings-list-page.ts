// Everything the Filings list reads and does (the page renders, this hook gathers): the filters in
// the address, the report types the agent may read, a page of batches with their SARs or FINTRAC
// reports, the queues and agents to filter by, opening a batch's panel, and the palette's commands.
import { useLocation, useSearch } from 'wouter';
import { useAgentsQuery } from '../../../api/agents/queries';
import { useGroupedFilingsQuery, type ReportType } from '../../../api/filings/list';
import { useQueuesQuery } from '../../../api/queues/queries';
import { useAgent } from '../../../app/auth/auth-context';
import { usePanel } from '../../../app/panels/panel-context';
import { useRegisterCommands } from '../../../app/palette';
import { hasPermission, type CurrentAgent } from '../../../lib/permissions';
import { FILINGS_PATH } from '../sar/sar-paths';
import { formatFilingsSearch, hasFilters, listFilters, NO_FILTERS, parseFilingsSearch, type FilingsListSearch } from './filings-list-url';

/** The report types the agent may read: SAR and CTR batches with read_sars, FINTRAC with read_fintrac_filings. */
export function readableReportTypes(agent: Pick<CurrentAgent, 'permissions'>): ReportType[] {
  const sars = hasPermission(agent, 'read_sars');
  return [...(sars ? (['SAR', 'CTR'] as const) : []), ...(hasPermission(agent, 'read_fintrac_filings') ? (['FINTRAC'] as const) : [])];
}

const TYPE_TITLES = { SAR: 'Show SAR batches', CTR: 'Show CTR batches', FINTRAC: 'Show FINTRAC batches' } as const;

export function useFilingsListPage() {
  const agent = useAgent();
  const types = readableReportTypes(agent);
  const search = useSearch();
  const [, navigate] = useLocation();
  const defaultType = types[0] ?? 'SAR';
  const parsed = parseFilingsSearch(search, defaultType);
  // a type the agent may not read is shown as the first one it may
  const filters: FilingsListSearch = types.includes(parsed.reportType) ? parsed : { ...parsed, reportType: defaultType };
  // the query key is compared by value, so a new object each render asks for nothing new
  const asked = listFilters(filters);
  const list = useGroupedFilingsQuery(asked, filters.page);
  const sarList = filters.reportType === 'SAR';
  // SARs and FINTRAC reports are listed one by one within their batches, CTR batches as one row each
  const grouped = sarList || filters.reportType === 'FINTRAC';
  const queues = useQueuesQuery({ enabled: grouped });
  const agents = useAgentsQuery({ enabled: grouped });
  const panel = usePanel();

  const setFilters = (next: FilingsListSearch) => {
    const qs = formatFilingsSearch(next);
    if (qs !== formatFilingsSearch(filters)) navigate(`${FILINGS_PATH}${qs}`);
  };
  // any change of filter starts from the first page
  const update = (change: Partial<FilingsListSearch>) => setFilters({ ...filters, page: 0, ...change });

  // the filters of one report type's filings (statuses, queue, reviewer) mean nothing to another's
  const setReportType = (reportType: ReportType) => update({ reportType, statuses: [], queueId: null, reviewerId: null });
  const clear = () => setFilters({ ...filters, ...NO_FILTERS });
  useRegisterCommands(
    'filings.list',
    [
      ...types
        .filter((type) => type !== filters.reportType)
        .map((type) => ({
          id: `filings.type.${type}`,
          title: TYPE_TITLES[type],
          group: 'Filings',
          keywords: ['report type', type.toLowerCase()],
          run: () => setReportType(type),
        })),
      ...(hasFilters(filters)
        ? [{ id: 'filings.clear-filters', title: 'Show all filings', group: 'Filings', keywords: ['clear', 'filters'], run: clear }]
        : []),
    ],
    [search, types.join(',')],
  );

  return {
    filters,
    types,
    list,
    /** the list's filters now: what "Export" exports (SARs only) */
    asked,
    sarList,
    grouped,
    queues: queues.data ?? [],
    agents: agents.data ?? [],
    update,
    setReportType,
    setPage: (page: number) => setFilters({ ...filters, page }),
    clear,
    openBatch: (id: number) => panel.open('filings-batch', id),
  };
}
