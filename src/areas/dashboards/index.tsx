import type { AreaProps } from '../../app/routes.types';
import { DashboardsPage } from './DashboardsPage';

/** The dashboards (/dashboards): KPIs, alerts, cases and SARs as charts. */
export default function Area(_props: AreaProps) {
  return <DashboardsPage />;
}
