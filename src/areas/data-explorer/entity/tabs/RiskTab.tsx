// The entity's current risk score and its category under the active risk model's thresholds (the
// defaults 80 and 40 when none is active); an unscored entity says why it may not have a score.
// The score's trace arrives with the risk ratings area.
import type { Entity } from '../api/entity-queries';
import { UNSCORED_TOOLTIP } from '../entity.constants';
import * as s from '../entity.styles';
import { formatScore, riskCategory } from '../entity.utils';
import { useRiskThresholds } from '../EntityHeader';
import { ToneBadge } from '../parts';

export function RiskTab({ entity }: { entity: Entity }) {
  const thresholds = useRiskThresholds();
  if (entity.risk_score === null) {
    return (
      <div className={s.sectionBody}>
        <p className={s.panelTitle}>Not scored</p>
        <p className={s.secondary}>{UNSCORED_TOOLTIP}</p>
      </div>
    );
  }
  const category = riskCategory(entity.risk_score, thresholds);
  return (
    <div className={s.sectionBody}>
      <div className={s.gauge}>
        <span className={s.bigScore} aria-label={`Risk score ${formatScore(entity.risk_score)} of 100`}>
          {formatScore(entity.risk_score)}
        </span>
        <ToneBadge tone={category.tone}>{category.label}</ToneBadge>
      </div>
      <p className={s.secondary}>{`High risk above ${thresholds.high_risk_floor}, low risk below ${thresholds.low_risk_ceiling}.`}</p>
    </div>
  );
}
