// The data explorer's list calls: POST /api/txn-events/list and POST /api/action-events/list, one
// 100-row page per request, and the entity lookups behind the entity filter (search by phrase,
// names of the entities a link names).
import { useQueries, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, unwrap } from '../../../../api/client';

type S = components['schemas'];
export type TransactionEvent = S['TransactionEvent'];
export type ActionEventListItem = S['ActionEventListItem'];
export type TransactionStatus = S['TransactionStatus'];
export type InternalTxnType = S['InternalTxnType'];
export type ActionType = S['ActionType'];
/** The requests without paging: one set of filters and one order, shared by every page of it. */
export type TransactionListFilters = Omit<S['TransactionListRequest'], 'limit' | 'offset'>;
export type ActionEventListFilters = Omit<S['ActionEventListRequest'], 'limit' | 'offset'>;

export interface TransactionPage {
  count: number;
  txn_events: TransactionEvent[];
}
export interface ActionEventPage {
  count: number;
  action_events: ActionEventListItem[];
}

/** Rows per request: the contracts' default page, and the unit the virtual list fetches in. */
export const EXPLORER_PAGE_SIZE = 100;
/** Spec part 2, section 9: the transaction query's stale time is 10 s. */
export const EXPLORER_PAGE_STALE_MS = 10_000;

export const explorerKeys = {
  all: ['data-explorer'] as const,
  transactionLists: () => [...explorerKeys.all, 'transactions'] as const,
  transactionPage: (filters: TransactionListFilters, page: number) => [...explorerKeys.transactionLists(), { ...filters, page }] as const,
  actionEventLists: () => [...explorerKeys.all, 'action-events'] as const,
  actionEventPage: (filters: ActionEventListFilters, page: number) => [...explorerKeys.actionEventLists(), { ...filters, page }] as const,
  entitySearch: (phrase: string) => [...explorerKeys.all, 'entity-search', phrase] as const,
  entity: (id: number) => [...explorerKeys.all, 'entity', id] as const,
};

export function transactionPageQuery(filters: TransactionListFilters, page: number) {
  return {
    queryKey: explorerKeys.transactionPage(filters, page),
    // The signal cancels a page scrolled past before it arrives.
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      unwrap(api.POST('/api/txn-events/list', { body: { ...filters, limit: EXPLORER_PAGE_SIZE, offset: page * EXPLORER_PAGE_SIZE }, signal })),
    staleTime: EXPLORER_PAGE_STALE_MS,
  };
}

export function actionEventPageQuery(filters: ActionEventListFilters, page: number) {
  return {
    queryKey: explorerKeys.actionEventPage(filters, page),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      unwrap(api.POST('/api/action-events/list', { body: { ...filters, limit: EXPLORER_PAGE_SIZE, offset: page * EXPLORER_PAGE_SIZE }, signal })),
    staleTime: EXPLORER_PAGE_STALE_MS,
  };
}

export interface EntityOption {
  id: number;
  label: string;
  detail: string | null;
}

/** Spec part 2, section 5: search runs only for phrases longer than 1 character. */
export const MIN_SEARCH_LENGTH = 2;

export function useEntitySearch(phrase: string, enabled: boolean) {
  const trimmed = phrase.trim();
  return useQuery({
    queryKey: explorerKeys.entitySearch(trimmed),
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
      queryKey: explorerKeys.entity(id),
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
