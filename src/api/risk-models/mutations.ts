// The risk model writes: create a draft, duplicate, save, validate, activate, archive. A model
// changed on the server replaces its cached copy and the list is read again.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../client';
import { riskKeys } from '../risk/keys';
import { riskModelKeys } from './keys';
import type { RiskModel, RiskModelInput } from './queries';

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
