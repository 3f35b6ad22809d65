// Alert reads (spec part 2, sections 7 "Alerts" and 9). The list screen reads pages of the
// filtered, sorted list (POST /api/alerts/list); the detail page and the panel read one alert
// (POST /api/investigations/retrieve/alert, or with cold storage on GET /api/alerts/cached/{id})
// with its linked lists, hits and dispositions; pickers read candidates and short summaries.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { ApiError } from '../errors';
import { useRecordQuery, type ListPage, type PageRange } from '../reads';
import { alertKeys } from './keys';

export type Alert = components['schemas']['Alert'];
export type AlertHit = components['schemas']['AlertHit'];
export type AlertSummary = components['schemas']['AlertSummary'];
export type AlertDisposition = components['schemas']['AlertDisposition'];
export type AlertListItem = components['schemas']['AlertListItem'];
export type AlertListRequest = components['schemas']['AlertListRequest'];
export type AlertStatus = components['schemas']['AlertStatus'];
export type AlertSortColumn = components['schemas']['AlertSortColumn'];
export type RuleSummary = components['schemas']['RuleSummary'];
/** The request without paging: one set of filters and one order, shared by every page of it. */
export type AlertListFilters = Omit<AlertListRequest, 'limit' | 'offset'>;

export type AlertListPage = ListPage<'alerts', AlertListItem>;

/** Rows per request: the contract's default page, and the unit the virtual list fetches in. */
export const ALERT_PAGE_SIZE = 100;
/** Pages stay fresh briefly so scrolling back does not refetch what was just read. */
export const ALERT_PAGE_STALE_MS = 15_000;
/** Spec part 2, section 9: alert query stale time 1 s; alert hits page size 10. */
export const ALERT_STALE_MS = 1000;
export const HITS_PAGE_SIZE = 10;
/** Not in the spec: rows per page of the alert's linked lists (the calls take up to 100). */
export const LINKED_PAGE_SIZE = 25;
/** How many candidates the case's alert picker lists; older alerts are added by id. */
export const ALERT_OPTIONS_LIMIT = 50;

export function fetchAlertPage(filters: AlertListFilters, page: number, signal?: AbortSignal): Promise<AlertListPage> {
  return unwrap(api.POST('/api/alerts/list', { body: { ...filters, limit: ALERT_PAGE_SIZE, offset: page * ALERT_PAGE_SIZE }, signal }));
}

/** Every page of one filter set shares the list key's prefix, so invalidating lists() reaches all. */
export function alertPageKey(filters: AlertListFilters, page: number) {
  return alertKeys.list({ ...filters, page });
}

/** One page of the list for a filter set, as a query the paged table observes. */
export function alertPageQueryOptions(filters: AlertListFilters, page: number) {
  return {
    queryKey: alertPageKey(filters, page),
    // The signal lets a page scrolled past before it arrives be cancelled instead of finishing.
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchAlertPage(filters, page, signal),
    staleTime: ALERT_PAGE_STALE_MS,
  };
}

/** GET /api/alerts/rules: the rules the list's rule filter offers. */
export async function fetchAlertRules(): Promise<RuleSummary[]> {
  return (await unwrap(api.GET('/api/alerts/rules'))).rules;
}

export function useAlertRulesQuery() {
  return useQuery({ queryKey: alertKeys.rules(), queryFn: fetchAlertRules, staleTime: 5 * 60_000 });
}

/**
 * Alerts to choose from when starting a case or adding alerts to one: the newest open and in-review
 * alerts the agent can see, optionally of one queue. Keyed under the lists, so what changes the
 * lists changes the candidates too.
 */
export function useAlertOptionsQuery(queueId: number | null, { enabled = true }: { enabled?: boolean } = {}) {
  const body = {
    statuses: ['OPEN', 'IN_REVIEW'] as Array<'OPEN' | 'IN_REVIEW'>,
    ...(queueId ? { queue_ids: [queueId] } : {}),
    sort_column: 'created_at' as const,
    sort_direction: 'descending' as const,
    limit: ALERT_OPTIONS_LIMIT,
    offset: 0,
  };
  return useQuery({
    queryKey: alertKeys.list({ ...body, purpose: 'case-picker' }),
    queryFn: async () => (await unwrap(api.POST('/api/alerts/list', { body }))).alerts,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    enabled,
  });
}

/** The full alert; a 404 answer (not in the organisation, or a restricted queue) is "not found". */
export async function fetchAlert(id: number): Promise<Alert> {
  const body = await unwrap(api.POST('/api/investigations/retrieve/alert', { body: { object_type: 'ALERT', object_ids: [id], short: false } }));
  const found = body.results.find((r): r is Alert => r.id === id && 'variable_snapshots' in r);
  // retrieve leaves out ids the caller cannot see, rather than answering 404.
  if (!found) throw new ApiError(404, 'not_found', 'Alert not found');
  return found;
}

/** The alert through the cold-storage cache (GET /alerts/cached/{id}), with its data_loader. */
export async function fetchCachedAlert(id: number): Promise<Alert> {
  return unwrap(api.GET('/api/alerts/cached/{id}', { params: { path: { id } } }));
}

export function useAlertQuery(id: number) {
  return useRecordQuery(
    alertKeys.detail(id),
    { live: () => fetchAlert(id), cached: () => fetchCachedAlert(id) },
    { staleTime: ALERT_STALE_MS, enabled: id > 0 },
  );
}

/** The short shape of some alerts (title, queue), in the order asked; alerts not visible are left out. */
export async function fetchAlertSummaries(ids: readonly number[]): Promise<AlertSummary[]> {
  const body = await unwrap(api.POST('/api/investigations/retrieve/alert', { body: { short: true, object_type: 'ALERT', object_ids: [...ids] } }));
  return body.results;
}

export function useAlertSummariesQuery(ids: readonly number[], { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: alertKeys.summaries(ids),
    queryFn: () => fetchAlertSummaries(ids),
    enabled: enabled && ids.length > 0,
    staleTime: 10_000,
  });
}

/** The alert's linked lists and its hits (its updates, newest first), a page each. */
const readList = {
  transactions: (id: number, body: PageRange) => unwrap(api.POST('/api/alerts/{id}/transactions', { params: { path: { id } }, body })),
  entities: (id: number, body: PageRange) => unwrap(api.POST('/api/alerts/{id}/entities', { params: { path: { id } }, body })),
  actionEvents: (id: number, body: PageRange) => unwrap(api.POST('/api/alerts/{id}/action-events', { params: { path: { id } }, body })),
  instruments: (id: number, body: PageRange) => unwrap(api.POST('/api/alerts/{id}/instruments', { params: { path: { id } }, body })),
  hits: (id: number, body: PageRange) => unwrap(api.POST('/api/alerts/{id}/hits', { params: { path: { id } }, body })),
};

/** A hook reading one of the alert's lists a page at a time, keeping the last page while the next loads. */
function pagedAlertList<T>(
  key: (id: number, offset: number) => readonly unknown[],
  read: (id: number, body: PageRange) => Promise<T>,
  limit = LINKED_PAGE_SIZE,
) {
  return function usePagedAlertList(id: number, offset: number, enabled = true) {
    return useQuery({ queryKey: key(id, offset), queryFn: () => read(id, { limit, offset }), placeholderData: keepPreviousData, enabled });
  };
}

export const useAlertTransactionsQuery = pagedAlertList(alertKeys.transactions, readList.transactions);
export const useAlertEntitiesQuery = pagedAlertList(alertKeys.entities, readList.entities);
export const useAlertActionEventsQuery = pagedAlertList(alertKeys.actionEvents, readList.actionEvents);
export const useAlertInstrumentsQuery = pagedAlertList(alertKeys.instruments, readList.instruments);
/** 10 at a time. */
export const useAlertHitsQuery = pagedAlertList(alertKeys.hits, readList.hits, HITS_PAGE_SIZE);

/** GET /alert/disposition?ids=: the alert's disposition and notes as recorded. */
export function useAlertDispositionQuery(id: number, enabled = true) {
  return useQuery({
    queryKey: alertKeys.dispositions(id),
    queryFn: async () => {
      const body = await unwrap(api.GET('/api/alert/disposition', { params: { query: { ids: String(id) } } }));
      return body.dispositions.find((d) => d.alert_id === id) ?? null;
    },
    enabled,
  });
}

export async function fetchAlertPdf(id: number): Promise<Blob> {
  // The contract types the body as a string; the client hands back what parseAs asks for.
  const body: unknown = await unwrap(api.GET('/api/alerts/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }));
  if (!(body instanceof Blob)) throw new Error('The PDF did not arrive as a file');
  return body;
}

/** The PDF is generated on each request; it is kept only while the page shows it. */
export function useAlertPdfQuery(id: number) {
  return useQuery({ queryKey: alertKeys.pdf(id), queryFn: () => fetchAlertPdf(id), staleTime: 0, gcTime: 0, retry: false });
}
