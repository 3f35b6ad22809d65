import type { AreaProps } from '../../app/routes.types';
import { lazyWithReload } from '../../app/errors/lazy-with-reload';
import { AlertListPage } from './list/AlertListPage';

// The detail screens are a chunk of their own: the list does not download them to show its rows
// (docs/benchmarks.md, Area chunks); the shell fetches them when idle and the palette on intent.
const AlertDetailRoutes = lazyWithReload(() => import('./detail/AlertDetailRoutes').then((m) => ({ default: m.AlertDetailRoutes })));

export function preloadPage(routeId: string): void {
  if (routeId !== 'alerts.list') void AlertDetailRoutes.preload();
}

/** The alerts area: the list at /alerts; the detail screens (/alerts/:id and its suffixes) in detail/. */
export default function Area(props: AreaProps) {
  if (props.routeId === 'alerts.list') return <AlertListPage />;
  return <AlertDetailRoutes {...props} />;
}
