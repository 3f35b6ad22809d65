// The entity page's reads (spec part 2, section 7 "Entities and instruments"). The entity itself is
// read by internal id; the blocked reasons, paginated alerts and check images by external id, as the
// spec's paths say. Every read of one entity is keyed under entityKeys.detail(id).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, unwrap } from '../../../../api/client';
import { useColdStorageEnabled } from '../../../../api/cold-storage';

type S = components['schemas'];
export type Entity = S['Entity'];
export type Instrument = S['Instrument'];
export type TransactionEvent = S['TransactionEvent'];
export type AlertItem = S['Alert'];
export type EntityDocument = S['EntityDocument'];
export type EntityLink = S['EntityLink'];
export type Counterparty = S['Counterparty'];
export type EntityLocation = S['EntityLocation'];
export type TransactionDirection = S['TransactionDirection'];

/** Spec part 2, section 9: blocked reasons cached 10 s; the transaction query's stale time 10 s. */
export const BLOCKED_REASONS_STALE_MS = 10_000;
export const TRANSACTIONS_STALE_MS = 10_000;
/** Spec part 2, section 7: paginated alerts and the list calls take 100 at a time. */
export const PAGE_SIZE = 100;

export const entityKeys = {
  all: ['entities'] as const,
  detail: (id: number) => [...entityKeys.all, 'detail', id] as const,
  blockedReasons: (externalId: string) => [...entityKeys.all, 'blocked-reasons', externalId] as const,
  alerts: (externalId: string, offset: number) => [...entityKeys.all, 'alerts', externalId, offset] as const,
  checkImages: (externalId: string) => [...entityKeys.all, 'check-images', externalId] as const,
  transactions: (id: number, direction: TransactionDirection, offset: number) => [...entityKeys.detail(id), 'transactions', direction, offset] as const,
  actionEvents: (id: number, offset: number) => [...entityKeys.detail(id), 'action-events', offset] as const,
  instruments: (id: number) => [...entityKeys.detail(id), 'instruments'] as const,
  documents: (id: number) => [...entityKeys.detail(id), 'documents'] as const,
  links: (id: number) => [...entityKeys.detail(id), 'links'] as const,
  counterparties: (id: number) => [...entityKeys.detail(id), 'counterparties'] as const,
  locations: (id: number) => [...entityKeys.detail(id), 'locations'] as const,
};

/** With cold storage on, the cached read (GET /entities/cached/{id}) and its data_loader. */
export function useEntityQuery(id: number) {
  const cached = useColdStorageEnabled();
  return useQuery({
    queryKey: entityKeys.detail(id),
    queryFn: () =>
      cached
        ? unwrap(api.GET('/api/entities/cached/{id}', { params: { path: { id } } }))
        : unwrap(api.GET('/api/entities/{id}', { params: { path: { id } } })),
    enabled: id > 0,
  });
}

export function useBlockedReasonsQuery(externalId: string | undefined) {
  return useQuery({
    queryKey: entityKeys.blockedReasons(externalId ?? ''),
    queryFn: () => unwrap(api.GET('/api/entities/{externalId}/entity-blocked-reasons', { params: { path: { externalId: externalId! } } })),
    staleTime: BLOCKED_REASONS_STALE_MS,
    gcTime: BLOCKED_REASONS_STALE_MS,
    enabled: Boolean(externalId),
  });
}

export function useEntityAlertsQuery(externalId: string | undefined, offset: number, enabled = true) {
  return useQuery({
    queryKey: entityKeys.alerts(externalId ?? '', offset),
    queryFn: () =>
      unwrap(api.POST('/api/entities/{externalId}/paginated-alerts', { params: { path: { externalId: externalId! } }, body: { limit: PAGE_SIZE, offset } })),
    placeholderData: keepPreviousData,
    enabled: enabled && Boolean(externalId),
  });
}

export function useCheckImagesQuery(externalId: string | undefined, enabled = true) {
  return useQuery({
    queryKey: entityKeys.checkImages(externalId ?? ''),
    queryFn: () => unwrap(api.GET('/api/entities/{externalId}/check-image-transactions', { params: { path: { externalId: externalId! } } })),
    enabled: enabled && Boolean(externalId),
  });
}

export function useEntityTransactionsQuery(id: number, direction: TransactionDirection, offset: number, enabled = true) {
  return useQuery({
    queryKey: entityKeys.transactions(id, direction, offset),
    queryFn: () =>
      unwrap(
        api.POST('/api/txn-events/list', {
          body: { entity_ids: [id], direction, hide_placeholder: false, hide_spooled: false, limit: PAGE_SIZE, offset, sort_column: 'event_time', sort_direction: 'descending' },
        }),
      ),
    staleTime: TRANSACTIONS_STALE_MS,
    placeholderData: keepPreviousData,
    enabled: enabled && id > 0,
  });
}

export function useEntityInstrumentsQuery(id: number, enabled = true) {
  return useQuery({
    queryKey: entityKeys.instruments(id),
    queryFn: () => unwrap(api.GET('/api/entities/{id}/instruments', { params: { path: { id } } })),
    enabled,
  });
}

export function useEntityDocumentsQuery(id: number) {
  return useQuery({ queryKey: entityKeys.documents(id), queryFn: () => unwrap(api.GET('/api/entities/{id}/documents', { params: { path: { id } } })) });
}

export function useEntityLinksQuery(id: number) {
  return useQuery({ queryKey: entityKeys.links(id), queryFn: () => unwrap(api.GET('/api/entities/{id}/links', { params: { path: { id } } })) });
}

export function useEntityCounterpartiesQuery(id: number) {
  return useQuery({
    queryKey: entityKeys.counterparties(id),
    queryFn: () => unwrap(api.GET('/api/entities/{id}/counterparties', { params: { path: { id } } })),
  });
}

export function useEntityLocationsQuery(id: number) {
  return useQuery({ queryKey: entityKeys.locations(id), queryFn: () => unwrap(api.GET('/api/entities/{id}/locations', { params: { path: { id } } })) });
}

export type ActionEventItem = S['ActionEventListItem'];

export function useEntityActionEventsQuery(id: number, offset: number) {
  return useQuery({
    queryKey: entityKeys.actionEvents(id, offset),
    queryFn: () =>
      unwrap(api.POST('/api/action-events/list', { body: { entity_ids: [id], limit: PAGE_SIZE, offset, sort_column: 'event_time', sort_direction: 'descending' } })),
    placeholderData: keepPreviousData,
  });
}
