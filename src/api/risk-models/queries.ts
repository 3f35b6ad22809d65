// The risk model reads (openapi/paths/risk.yaml): the list and one model, each polled while a
// validation is queued or in progress.
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
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
