// The alert area's detail routes: /alerts/{id} and its tab suffixes (alerts.detail, alerts.score,
// alerts.updates, alerts.consortium, alerts.customData) and the PDF (alerts.pdf).
import type { AreaProps } from '../../../app/routes.types';
import { AlertDetailPage, AlertMissing } from './AlertDetailPage';
import { AlertPdfPage } from './AlertPdfPage';

export function AlertDetailRoutes({ routeId, params }: AreaProps) {
  const id = Number(params.id);
  if (!Number.isInteger(id) || id < 1) return <AlertMissing id={0} />;
  if (routeId === 'alerts.pdf') return <AlertPdfPage id={id} />;
  return <AlertDetailPage id={id} routeId={routeId} />;
}
