// The instrument page's reads: the instrument, its alerts and its transactions (100 at a time).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { PAGE_SIZE } from '../entities/queries';
import { instrumentKeys } from './keys';

export type Instrument = components['schemas']['Instrument'];

export function useInstrumentQuery(id: number) {
  return useQuery({
    queryKey: instrumentKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/instruments/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export function useInstrumentAlertsQuery(id: number, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: instrumentKeys.alerts(id, offset),
    queryFn: () => unwrap(api.POST('/api/instruments/{id}/paginated-alerts', { params: { path: { id } }, body: { limit: PAGE_SIZE, offset } })),
    placeholderData: keepPreviousData,
    enabled: enabled && id > 0,
  });
}

export function useInstrumentTransactionsQuery(id: number, offset: number, enabled: boolean) {
  return useQuery({
    queryKey: instrumentKeys.transactions(id, offset),
    queryFn: () => unwrap(api.POST('/api/instruments/{id}/transactions', { params: { path: { id } }, body: { limit: PAGE_SIZE, offset } })),
    placeholderData: keepPreviousData,
    enabled: enabled && id > 0,
  });
}
