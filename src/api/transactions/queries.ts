// Transaction event reads (spec part 2, section 7): the data explorer's list pages (POST
// /txn-events/list, 100 rows a page), one event (POST /txn-events/get, or with cold storage on GET
// /txn-events/cached/{id} with its data_loader; stale time 10 s, section 9), its score explanation
// and its rule evaluations.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { eventReads, type ListPage, type PageRange } from '../reads';
import { transactionKeys } from './keys';

export type TransactionEvent = components['schemas']['TransactionEvent'];
export type TransactionStatus = components['schemas']['TransactionStatus'];
export type InternalTxnType = components['schemas']['InternalTxnType'];
export type ShapValue = components['schemas']['ShapValue'];
export type EvaluationLog = components['schemas']['EvaluationLog'];
/** The request without paging: one set of filters and one order, shared by every page of it. */
export type TransactionListFilters = Omit<components['schemas']['TransactionListRequest'], 'limit' | 'offset'>;

export type TransactionPage = ListPage<'txn_events', TransactionEvent>;

/** Spec part 2, section 9: the transaction query's stale time is 10 s (its list pages too). */
export const TRANSACTION_STALE_MS = 10_000;

const reads = eventReads({
  keys: transactionKeys,
  list: (body: TransactionListFilters & PageRange, signal) => unwrap(api.POST('/api/txn-events/list', { body, signal })),
  live: (id) => unwrap(api.POST('/api/txn-events/get', { body: { txn_event_id: id } })),
  cached: (id) => unwrap(api.GET('/api/txn-events/cached/{id}', { params: { path: { id } } })),
  staleTime: TRANSACTION_STALE_MS,
});
export const transactionPageQuery = reads.pageQuery;
export const useTransactionQuery = reads.useEvent;

export function useShapValuesQuery(id: number, enabled: boolean) {
  return useQuery({
    queryKey: transactionKeys.shap(id),
    queryFn: async () => (await unwrap(api.GET('/api/ml/txn-score/shap-values/{id}', { params: { path: { id } } }))).values,
    staleTime: TRANSACTION_STALE_MS,
    enabled,
  });
}

export function useEvaluationLogsQuery(externalId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: transactionKeys.evaluations(externalId ?? ''),
    queryFn: async () =>
      (await unwrap(api.GET('/api/txn-events/{externalId}/shadow_evaluation_log', { params: { path: { externalId: externalId! } } }))).evaluation_logs,
    staleTime: TRANSACTION_STALE_MS,
    enabled: enabled && Boolean(externalId),
  });
}
