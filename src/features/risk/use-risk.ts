// The risk reads as the display pieces use them: only for agents who may read risk ratings, with
// the active model's thresholds (the defaults when none is active or readable).
import { useActiveRiskModelQuery } from '../../api/risk/queries';
import { useAgent } from '../../app/auth/auth-context';
import { hasPermission } from '../../lib/permissions';
import { DEFAULT_THRESHOLDS, type RiskThresholds } from './risk-category';

/** Both reads need read_risk_ratings; without it the screens fall back to the entity's own score. */
export function useCanReadRisk(): boolean {
  return hasPermission(useAgent(), 'read_risk_ratings');
}

/** The active model's thresholds; the defaults (80 and 40) when none is active or readable. */
export function useRiskThresholds(): RiskThresholds {
  const model = useActiveRiskModelQuery(useCanReadRisk());
  return model.data ?? DEFAULT_THRESHOLDS;
}
