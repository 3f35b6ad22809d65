import type { ComponentType } from 'react';
import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';
import { AlertListPage } from './list/AlertListPage';

// The detail screens (/alerts/:id and its suffixes) are built beside the list in detail/. Until
// detail/AlertDetailRoutes.tsx exists the glob finds nothing and those routes say what they will
// show; once it exists it is bundled with the area like any import, with no change here.
const detailModules = import.meta.glob<{ AlertDetailRoutes: ComponentType<AreaProps> }>('./detail/AlertDetailRoutes.tsx', { eager: true });
const AlertDetailRoutes = Object.values(detailModules)[0]?.AlertDetailRoutes;

const DETAIL_PLACEHOLDERS: Record<string, { title: string; text: string }> = {
  'alerts.pdf': { title: 'Alert PDF', text: 'A printable PDF of this alert with its hits, entities and transactions.' },
  'alerts.score': { title: 'Alert score', text: "This alert's score and the features that drove it." },
  'alerts.updates': { title: 'Alert updates', text: "The history of this alert's status, assignment and comments." },
  'alerts.consortium': { title: 'Consortium hits', text: 'Matches for this alert across the consortium.' },
  'alerts.customData': { title: 'Alert custom data', text: 'Custom data attached to this alert.' },
  'alerts.detail': { title: 'Alert', text: "The alert's hits, entities, instruments, transactions, deadline and actions." },
};

export default function Area(props: AreaProps) {
  if (props.routeId === 'alerts.list') return <AlertListPage />;
  if (AlertDetailRoutes) return <AlertDetailRoutes {...props} />;
  const page = DETAIL_PLACEHOLDERS[props.routeId] ?? DETAIL_PLACEHOLDERS['alerts.detail']!;
  return <ComingSoon area={props.params.id ? `${page.title} ${props.params.id}` : page.title} description={page.text} />;
}
