// POST /api/alerts/list: one page of the filtered, sorted alert list with the total count.
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import { alertKeys } from './keys';

export type AlertListItem = components['schemas']['AlertListItem'];
export type AlertListRequest = components['schemas']['AlertListRequest'];
export type AlertStatus = components['schemas']['AlertStatus'];
export type AlertSortColumn = components['schemas']['AlertSortColumn'];
/** The request without paging: one set of filters and one order, shared by every page of it. */
export type AlertListFilters = Omit<AlertListRequest, 'limit' | 'offset'>;

export interface AlertListPage {
  count: number;
  alerts: AlertListItem[];
}

/** Rows per request: the contract's default page, and the unit the virtual list fetches in. */
export const ALERT_PAGE_SIZE = 100;

export function fetchAlertPage(filters: AlertListFilters, page: number, signal?: AbortSignal): Promise<AlertListPage> {
  return unwrap(api.POST('/api/alerts/list', { body: { ...filters, limit: ALERT_PAGE_SIZE, offset: page * ALERT_PAGE_SIZE }, signal }));
}

/** Every page of one filter set shares the list key's prefix, so invalidating lists() reaches all. */
export function alertPageKey(filters: AlertListFilters, page: number) {
  return alertKeys.list({ ...filters, page });
}

/** Pages stay fresh briefly so scrolling back does not refetch what was just read. */
export const ALERT_PAGE_STALE_MS = 15_000;

export function alertPageQueryOptions(filters: AlertListFilters, page: number) {
  return {
    queryKey: alertPageKey(filters, page),
    // The signal lets a page scrolled past before it arrives be cancelled instead of finishing.
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchAlertPage(filters, page, signal),
    staleTime: ALERT_PAGE_STALE_MS,
  };
}
