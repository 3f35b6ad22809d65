import type { AreaProps } from '../../app/routes.types';
import { RiskModelPage } from './detail/RiskModelPage';
import { RiskModelListPage } from './list/RiskModelListPage';

export default function Area({ routeId, params }: AreaProps) {
  if (routeId === 'riskRatings.model') return <RiskModelPage id={Number(params.id)} />;
  return <RiskModelListPage />;
}
