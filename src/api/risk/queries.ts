// The risk reads every screen shares: the active risk model (cached indefinitely, spec part 2
// section 9) and an entity's latest score through the batcher (cached 1 hour). Both need
// read_risk_ratings; the caller says whether the agent has it.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../client';
import { riskKeys } from './keys';
import { createScoreBatcher } from './score-batcher';

export type RiskModel = components['schemas']['RiskModel'];
export type EntityRiskScore = components['schemas']['EntityRiskScore'];

/** Spec part 2, section 9: a risk score is cached 1 hour; the active model indefinitely. */
export const SCORE_CACHE_MS = 60 * 60 * 1000;

/** The call answers an empty object when no model is active. */
function isModel(answer: RiskModel | Record<string, unknown>): answer is RiskModel {
  return typeof answer.id === 'number';
}

/** One batcher for the whole console, so every score on screen shares its calls. */
const scoreBatcher = createScoreBatcher<EntityRiskScore>({
  fetchMany: async (ids) => (await unwrap(api.POST('/api/risk/entities/scores', { body: { entity_external_ids: ids } }))).results,
});

export function useActiveRiskModelQuery(enabled = true) {
  return useQuery({
    queryKey: riskKeys.activeModel(),
    queryFn: async (): Promise<RiskModel | null> => {
      const model = await unwrap(api.GET('/api/risk/active-risk-model'));
      return isModel(model) ? model : null;
    },
    staleTime: Infinity,
    gcTime: Infinity,
    enabled,
  });
}

/**
 * An entity's latest score under the active model; null data when the organisation has no such
 * entity. A score that names another model than the cached active one means a model was activated
 * since it was read: the active model is read again so the thresholds match the score.
 */
export function useEntityRiskScoreQuery(externalId: string | null | undefined, enabled = true) {
  const client = useQueryClient();
  return useQuery({
    queryKey: riskKeys.score(externalId ?? ''),
    queryFn: async () => {
      const answer = await scoreBatcher.load(externalId!);
      const active = client.getQueryData<RiskModel | null>(riskKeys.activeModel());
      if (answer && active !== undefined && (answer.risk_model?.id ?? null) !== (active?.id ?? null)) {
        void client.invalidateQueries({ queryKey: riskKeys.activeModel() });
      }
      return answer;
    },
    staleTime: SCORE_CACHE_MS,
    gcTime: SCORE_CACHE_MS,
    enabled: enabled && Boolean(externalId),
  });
}
