// The risk model calls (openapi/paths/risk.yaml): list, one model (polled while its validation is
// queued or in progress), create a draft, duplicate, save, validate, activate, archive.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { api, unwrap } from '../../../api/client';
import { riskKeys } from '../../../ui/risk';
import { riskModelKeys } from './keys';

type S = components['schemas'];
export type RiskModel = S['RiskModel'];
export type RiskModelInput = S['RiskModelInput'];
export type RiskValidation = S['RiskModelValidation'];
export type ValidationStatus = RiskValidation['status'];

/** How often a model whose validation is queued or in progress is read again. */
export const VALIDATION_POLL_MS = 1000;

export const isValidating = (model: Pick<RiskModel, 'last_validation'> | undefined) =>
  model?.last_validation?.status === 'queued' || model?.last_validation?.status === 'in_progress';

export function useRiskModelsQuery() {
  return useQuery({
    queryKey: riskModelKeys.list(),
    queryFn: async () => (await unwrap(api.GET('/api/risk/risk-models'))).risk_models,
    // a validation under way moves on the server: the list follows it
    refetchInterval: (query) => ((query.state.data ?? []).some(isValidating) ? VALIDATION_POLL_MS : false),
  });
}

export function useRiskModelQuery(id: number) {
  return useQuery({
    queryKey: riskModelKeys.detail(id),
    queryFn: () => unwrap(api.GET('/api/risk/risk-models/{id}', { params: { path: { id } } })),
    refetchInterval: (query) => (isValidating(query.state.data) ? VALIDATION_POLL_MS : false),
  });
}

/** Data settings a metric or a segment filter may read (needs read_custom_data_settings). */
export function useRiskDataSettingsQuery(enabled: boolean) {
  return useQuery({
    queryKey: riskModelKeys.dataSettings(),
    queryFn: async () => (await unwrap(api.GET('/api/data-settings'))).data_settings,
    enabled,
    staleTime: 60_000,
  });
}

/** A model changed on the server: the list and its detail are read again. */
function useStore() {
  const client = useQueryClient();
  return (model: RiskModel) => {
    client.setQueryData(riskModelKeys.detail(model.id), model);
    return client.invalidateQueries({ queryKey: riskModelKeys.list() });
  };
}

export function useCreateRiskModelMutation() {
  const store = useStore();
  return useMutation({
    mutationFn: (body: { title: string; description: string | null }) => unwrap(api.POST('/api/risk/risk-models', { body })),
    onSuccess: store,
  });
}

export function useDuplicateRiskModelMutation() {
  const store = useStore();
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/risk/risk-models/{id}/duplicate', { params: { path: { id } } })),
    onSuccess: store,
  });
}

export function useSaveRiskModelMutation(id: number) {
  const store = useStore();
  return useMutation({
    mutationFn: (body: RiskModelInput) => unwrap(api.PUT('/api/risk/risk-models/{id}', { params: { path: { id } }, body })),
    onSuccess: store,
  });
}

export type LifecycleAction = 'validate' | 'activate' | 'archive';

export function useLifecycleMutation(id: number) {
  const client = useQueryClient();
  const store = useStore();
  return useMutation({
    mutationFn: (action: LifecycleAction) => {
      const params = { path: { id } };
      if (action === 'validate') return unwrap(api.POST('/api/risk/risk-models/{id}/validate', { params }));
      if (action === 'activate') return unwrap(api.POST('/api/risk/risk-models/{id}/activate', { params }));
      return unwrap(api.POST('/api/risk/risk-models/{id}/archive', { params }));
    },
    onSuccess: (model, action) => {
      // activation archives the model that was active: every model of the list may have changed
      if (action !== 'validate') {
        void client.invalidateQueries({ queryKey: riskModelKeys.all });
        // the active model (cached indefinitely) and the scores under it changed
        void client.invalidateQueries({ queryKey: riskKeys.all });
      }
      return store(model);
    },
  });
}
