// Action event detail reads: the event (POST /action-events/get; cached 10 s, spec part 2,
// section 9) and its device signals (GET /action-events/{id}/device-signals).
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, unwrap } from '../../../../api/client';
import { useColdStorageEnabled } from '../../../../api/cold-storage';

export type ActionEvent = components['schemas']['ActionEvent'];
export type DeviceSignals = components['schemas']['DeviceSignals'];
export type DeviceSignal = components['schemas']['DeviceSignal'];

export const ACTION_EVENT_CACHE_MS = 10_000;

export const actionEventKeys = {
  all: ['action-events'] as const,
  details: () => [...actionEventKeys.all, 'detail'] as const,
  detail: (id: number) => [...actionEventKeys.details(), id] as const,
  signals: (id: number) => [...actionEventKeys.all, 'device-signals', id] as const,
};

/** With cold storage on, the cached read (GET /action-events/cached/{id}) and its data_loader. */
export function useActionEventQuery(id: number) {
  const cached = useColdStorageEnabled();
  return useQuery({
    queryKey: actionEventKeys.detail(id),
    queryFn: () =>
      cached
        ? unwrap(api.GET('/api/action-events/cached/{id}', { params: { path: { id } } }))
        : unwrap(api.POST('/api/action-events/get', { body: { action_event_id: id } })),
    staleTime: ACTION_EVENT_CACHE_MS,
    gcTime: ACTION_EVENT_CACHE_MS,
    enabled: id > 0,
  });
}

export function useDeviceSignalsQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: actionEventKeys.signals(id),
    queryFn: () => unwrap(api.GET('/api/action-events/{id}/device-signals', { params: { path: { id } } })),
    staleTime: ACTION_EVENT_CACHE_MS,
    enabled,
  });
}
