import type { AreaProps } from '../../app/routes.types';
import { AlertDetailRoutes } from './detail/AlertDetailRoutes';
import { AlertListPage } from './list/AlertListPage';

/** The alerts area: the list at /alerts; the detail screens (/alerts/:id and its suffixes) in detail/. */
export default function Area(props: AreaProps) {
  if (props.routeId === 'alerts.list') return <AlertListPage />;
  return <AlertDetailRoutes {...props} />;
}
