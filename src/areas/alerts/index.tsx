import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'alerts.list': { title: "Alerts", text: "The alert queue: filters, sorting, assignment and bulk actions on the alerts your rules and models raise." },
  'alerts.pdf': { title: "Alert PDF", text: "A printable PDF of this alert with its hits, entities and transactions." },
  'alerts.score': { title: "Alert score", text: "This alert's score and the features that drove it." },
  'alerts.updates': { title: "Alert updates", text: "The history of this alert's status, assignment and comments." },
  'alerts.consortium': { title: "Consortium hits", text: "Matches for this alert across the consortium." },
  'alerts.customData': { title: "Alert custom data", text: "Custom data attached to this alert." },
  'alerts.detail': { title: "Alert", text: "The alert's hits, entities, instruments, transactions, deadline and actions." },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['alerts.list']!;
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
