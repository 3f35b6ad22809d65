// The risk reads every screen shares: the active risk model (cached indefinitely, spec part 2
// section 9) and an entity's latest score through the batcher (cached 1 hour). Screens that change
// which model is active invalidate riskKeys.all, so thresholds and scores are read again.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '../../../openapi/schema';
import { api, unwrap } from '../../api/client';
import { useAgent } from '../../app/auth/auth-context';
import { hasPermission } from '../../lib/permissions';
import { DEFAULT_THRESHOLDS, type RiskThresholds } from './risk-category';
import { SCORE_CACHE_MS } from './risk.constants';
import type { EntityRiskScore } from './risk-trace.utils';
import { createScoreBatcher } from './score-batcher';

export type RiskModel = components['schemas']['RiskModel'];

/** The call answers an empty object when no model is active. */
function isModel(answer: RiskModel | Record<string, unknown>): answer is RiskModel {
  return typeof answer.id === 'number';
}

export const riskKeys = {
  all: ['risk'] as const,
  activeModel: () => [...riskKeys.all, 'active-model'] as const,
  scores: () => [...riskKeys.all, 'score'] as const,
  score: (externalId: string) => [...riskKeys.scores(), externalId] as const,
};

/** One batcher for the whole console, so every score on screen shares its calls. */
const scoreBatcher = createScoreBatcher<EntityRiskScore>({
  fetchMany: async (ids) => (await unwrap(api.POST('/api/risk/entities/scores', { body: { entity_external_ids: ids } }))).results,
});

/** Both reads need read_risk_ratings; without it the screens fall back to the entity's own score. */
export function useCanReadRisk(): boolean {
  return hasPermission(useAgent(), 'read_risk_ratings');
}

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

/** The active model's thresholds; the defaults (80 and 40) when none is active or readable. */
export function useRiskThresholds(): RiskThresholds {
  const model = useActiveRiskModelQuery(useCanReadRisk());
  return model.data ?? DEFAULT_THRESHOLDS;
}

/**
 * An entity's latest score under the active model; null data when the organisation has no such
 * entity. A score that names another model than the cached active one means a model was activated
 * since it was read: the active model is read again so the thresholds match the score.
 */
export function useEntityRiskScore(externalId: string | null | undefined, enabled = true) {
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
