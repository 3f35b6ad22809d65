// Entity reads (spec part 2, section 7 "Entities and instruments"): the entity page's and panel's
// reads, and the lookups of the data explorer's entity filter (search by phrase, names of the
// entities a link names). The entity's documents and check images are in src/api/documents.
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { useRecordQuery } from '../reads';
import { entityKeys } from './keys';

type S = components['schemas'];
export type Entity = S['Entity'];
export type AlertItem = S['Alert'];
export type EntityLink = S['EntityLink'];
export type Counterparty = S['Counterparty'];
export type EntityLocation = S['EntityLocation'];
export type TransactionDirection = S['TransactionDirection'];

/** Spec part 2, section 9: blocked reasons cached 10 s; the transaction query's stale time 10 s. */
export const BLOCKED_REASONS_STALE_MS = 10_000;
export const TRANSACTIONS_STALE_MS = 10_000;
/** Spec part 2, section 7: paginated alerts and the list calls take 100 at a time. */
export const PAGE_SIZE = 100;

/** With cold storage on, the cached read (GET /entities/cached/{id}) and its data_loader. */
export function useEntityQuery(id: number) {
  return useRecordQuery(
    entityKeys.detail(id),
    {
      live: () => unwrap(api.GET('/api/entities/{id}', { params: { path: { id } } })),
      cached: () => unwrap(api.GET('/api/entities/cached/{id}', { params: { path: { id } } })),
    },
    { enabled: id > 0 },
  );
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

export function useEntityTransactionsQuery(id: number, direction: TransactionDirection, offset: number, enabled = true) {
  return useQuery({
    queryKey: entityKeys.transactions(id, direction, offset),
    queryFn: () =>
      unwrap(
        api.POST('/api/txn-events/list', {
          body: {
            entity_ids: [id],
            direction,
            hide_placeholder: false,
            hide_spooled: false,
            limit: PAGE_SIZE,
            offset,
            sort_column: 'event_time',
            sort_direction: 'descending',
          },
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
      unwrap(
        api.POST('/api/action-events/list', { body: { entity_ids: [id], limit: PAGE_SIZE, offset, sort_column: 'event_time', sort_direction: 'descending' } }),
      ),
    placeholderData: keepPreviousData,
  });
}

export interface EntityOption {
  id: number;
  label: string;
  detail: string | null;
}

/** Spec part 2, section 5: search runs only for phrases longer than 1 character. */
export const MIN_SEARCH_LENGTH = 2;

export function useEntitySearchQuery(phrase: string, enabled: boolean) {
  const trimmed = phrase.trim();
  return useQuery({
    queryKey: entityKeys.search(trimmed),
    queryFn: async ({ signal }): Promise<EntityOption[]> => {
      const body = await unwrap(api.POST('/api/entities/search', { body: { phrase: trimmed }, signal }));
      return body.results.map((r) => ({ id: r.id, label: r.title, detail: r.external_id }));
    },
    enabled: enabled && trimmed.length >= MIN_SEARCH_LENGTH,
    // Spec part 2, section 9: search results stay fresh for 5 minutes.
    staleTime: 5 * 60_000,
  });
}

/** Names of the chosen entities (a link names them by id only). */
export function useEntityNames(ids: readonly number[], enabled: boolean): Map<number, EntityOption> {
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: entityKeys.option(id),
      queryFn: async ({ signal }: { signal: AbortSignal }): Promise<EntityOption> => {
        const e = await unwrap(api.GET('/api/entities/{id}', { params: { path: { id } }, signal }));
        return { id: e.id, label: e.name_readable, detail: e.external_id };
      },
      enabled,
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  const out = new Map<number, EntityOption>();
  results.forEach((r) => {
    if (r.data) out.set(r.data.id, r.data);
  });
  return out;
}
