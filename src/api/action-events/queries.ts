// Action event reads: the data explorer's list pages (POST /action-events/list, 100 rows a page),
// one event (POST /action-events/get, or with cold storage on GET /action-events/cached/{id} with
// its data_loader; cached 10 s, spec part 2, section 9) and its device signals.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { eventReads, type ListPage, type PageRange } from '../reads';
import { actionEventKeys } from './keys';

export type ActionEvent = components['schemas']['ActionEvent'];
export type ActionEventListItem = components['schemas']['ActionEventListItem'];
export type ActionType = components['schemas']['ActionType'];
/** The request without paging: one set of filters and one order, shared by every page of it. */
export type ActionEventListFilters = Omit<components['schemas']['ActionEventListRequest'], 'limit' | 'offset'>;

export type ActionEventPage = ListPage<'action_events', ActionEventListItem>;

export const ACTION_EVENT_CACHE_MS = 10_000;

const reads = eventReads({
  keys: actionEventKeys,
  list: (body: ActionEventListFilters & PageRange, signal) => unwrap(api.POST('/api/action-events/list', { body, signal })),
  live: (id) => unwrap(api.POST('/api/action-events/get', { body: { action_event_id: id } })),
  cached: (id) => unwrap(api.GET('/api/action-events/cached/{id}', { params: { path: { id } } })),
  staleTime: ACTION_EVENT_CACHE_MS,
  gcTime: ACTION_EVENT_CACHE_MS,
});
export const actionEventPageQuery = reads.pageQuery;
export const useActionEventQuery = reads.useEvent;

export type DeviceSignals = components['schemas']['DeviceSignals'];
export type DeviceSignal = components['schemas']['DeviceSignal'];

export function useDeviceSignalsQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: actionEventKeys.signals(id),
    queryFn: () => unwrap(api.GET('/api/action-events/{id}/device-signals', { params: { path: { id } } })),
    staleTime: ACTION_EVENT_CACHE_MS,
    enabled,
  });
}
