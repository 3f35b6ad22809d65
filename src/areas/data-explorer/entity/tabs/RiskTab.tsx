// The entity's latest risk score under the active risk model: the gauge in the category's colour
// and the full trace of how it was reached (spec part 2, sections 3, 4 and 8), read through the
// scores batcher the header shares, so opening the tab makes no second call.
import { RiskScoreDetail } from '../../../../features/risk';
import type { Entity } from '../../../../api/entities/queries';
import * as s from '../entity.styles';

export function RiskTab({ entity }: { entity: Entity }) {
  return (
    <div className={s.sectionBody}>
      <RiskScoreDetail externalId={entity.external_id} fallback={entity.risk_score} />
    </div>
  );
}
