// The instrument page's reads and its status changes (lock, unlock, deactivate). A change answers
// the instrument, which replaces the cached one; the owner's instrument list is refreshed too.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, unwrap } from '../../../../api/client';
import { entityKeys, PAGE_SIZE } from '../../entity/api/entity-queries';

export type Instrument = components['schemas']['Instrument'];
export type InstrumentAction = 'lock' | 'unlock' | 'deactivate';

export const instrumentKeys = {
  all: ['instruments'] as const,
  detail: (id: number) => [...instrumentKeys.all, 'detail', id] as const,
  alerts: (id: number, offset: number) => [...instrumentKeys.detail(id), 'alerts', offset] as const,
  transactions: (id: number, offset: number) => [...instrumentKeys.detail(id), 'transactions', offset] as const,
};

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

function callAction(id: number, action: InstrumentAction) {
  const params = { params: { path: { id } } };
  switch (action) {
    case 'lock':
      return unwrap(api.POST('/api/instruments/{id}/lock', params));
    case 'unlock':
      return unwrap(api.POST('/api/instruments/{id}/unlock', params));
    case 'deactivate':
      return unwrap(api.POST('/api/instruments/{id}/deactivate', params));
  }
}

export function useInstrumentActionMutation(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: InstrumentAction) => callAction(id, action),
    onSuccess: (instrument) => {
      client.setQueryData(instrumentKeys.detail(id), instrument);
      if (instrument.entity_id) void client.invalidateQueries({ queryKey: entityKeys.instruments(instrument.entity_id) });
    },
  });
}
