// Action event reads: the data explorer's list pages (POST /action-events/list, 100 rows a page),
// one event (POST /action-events/get, or with cold storage on GET /action-events/cached/{id} with
// its data_loader; cached 10 s, spec part 2, section 9) and its device signals.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { listPageQuery, useRecordQuery } from '../reads';
import { actionEventKeys } from './keys';

export type ActionEvent = components['schemas']['ActionEvent'];
export type ActionEventListItem = components['schemas']['ActionEventListItem'];
export type ActionType = components['schemas']['ActionType'];
export type DeviceSignals = components['schemas']['DeviceSignals'];
export type DeviceSignal = components['schemas']['DeviceSignal'];
/** The request without paging: one set of filters and one order, shared by every page of it. */
export type ActionEventListFilters = Omit<components['schemas']['ActionEventListRequest'], 'limit' | 'offset'>;

export interface ActionEventPage {
  count: number;
  action_events: ActionEventListItem[];
}

export const ACTION_EVENT_CACHE_MS = 10_000;
/** Rows per request: the contract's default page, and the unit the virtual list fetches in. */
export const ACTION_EVENT_PAGE_SIZE = 100;

export function actionEventPageQuery(filters: ActionEventListFilters, page: number) {
  return listPageQuery(actionEventKeys.list(filters, page), { index: page, size: ACTION_EVENT_PAGE_SIZE, staleTime: ACTION_EVENT_CACHE_MS }, (range, signal) =>
    unwrap(api.POST('/api/action-events/list', { body: { ...filters, ...range }, signal })),
  );
}

export function useActionEventQuery(id: number) {
  return useRecordQuery(
    actionEventKeys.detail(id),
    {
      live: () => unwrap(api.POST('/api/action-events/get', { body: { action_event_id: id } })),
      cached: () => unwrap(api.GET('/api/action-events/cached/{id}', { params: { path: { id } } })),
    },
    { staleTime: ACTION_EVENT_CACHE_MS, gcTime: ACTION_EVENT_CACHE_MS, enabled: id > 0 },
  );
}

export function useDeviceSignalsQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: actionEventKeys.signals(id),
    queryFn: () => unwrap(api.GET('/api/action-events/{id}/device-signals', { params: { path: { id } } })),
    staleTime: ACTION_EVENT_CACHE_MS,
    enabled,
  });
}
