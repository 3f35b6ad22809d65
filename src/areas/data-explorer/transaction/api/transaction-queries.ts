// Transaction detail reads (spec part 2, section 7): the event (POST /txn-events/get; stale time
// 10 s, section 9), its score explanation, its rule evaluations and its label edits (polled every
// 5 s with a 5-minute lookback, section 4 "Tag edit").
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../../openapi/schema';
import { api, unwrap } from '../../../../api/client';
import { useColdStorageEnabled } from '../../../../api/cold-storage';

export type TransactionEvent = components['schemas']['TransactionEvent'];
export type ShapValue = components['schemas']['ShapValue'];
export type EvaluationLog = components['schemas']['EvaluationLog'];
export type CgdoType = components['schemas']['CgdoType'];
export type LabelEdit = components['schemas']['LabelEdit'];

export const TRANSACTION_STALE_MS = 10_000;
export const LABEL_EDIT_POLL_MS = 5_000;
export const LABEL_EDIT_LOOKBACK_MINS = 5;

export const transactionKeys = {
  all: ['transactions'] as const,
  details: () => [...transactionKeys.all, 'detail'] as const,
  detail: (id: number) => [...transactionKeys.details(), id] as const,
  shap: (id: number) => [...transactionKeys.all, 'shap', id] as const,
  evaluations: (externalId: string) => [...transactionKeys.all, 'evaluations', externalId] as const,
};

export const labelEditKeys = {
  all: ['label-edits'] as const,
  latest: (type: CgdoType, externalId: string) => [...labelEditKeys.all, type, externalId] as const,
};

/** With cold storage on, the cached read (GET /txn-events/cached/{id}), whose data_loader says when the event is still coming back. */
export function useTransactionQuery(id: number) {
  const cached = useColdStorageEnabled();
  return useQuery({
    queryKey: transactionKeys.detail(id),
    queryFn: () =>
      cached
        ? unwrap(api.GET('/api/txn-events/cached/{id}', { params: { path: { id } } }))
        : unwrap(api.POST('/api/txn-events/get', { body: { txn_event_id: id } })),
    staleTime: TRANSACTION_STALE_MS,
    enabled: id > 0,
  });
}

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

/**
 * The newest label edit of the object within the lookback, polled every 5 s while the view is
 * open. It is pending while it has not finished.
 */
export function useLatestLabelEditQuery(type: CgdoType, externalId: string | undefined) {
  return useQuery({
    queryKey: labelEditKeys.latest(type, externalId ?? ''),
    queryFn: async () => {
      const body = await unwrap(
        api.GET('/api/delta_lake_cgdo_data_label_edits', {
          params: { query: { cgdo_type: type, cgdo_external_id: externalId!, within_last_mins: LABEL_EDIT_LOOKBACK_MINS, limit: 1 } },
        }),
      );
      return body.data[0] ?? null;
    },
    refetchInterval: LABEL_EDIT_POLL_MS,
    placeholderData: keepPreviousData,
    enabled: Boolean(externalId),
  });
}
