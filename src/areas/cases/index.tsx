import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'cases.list': { title: "Cases", text: "Investigation cases with their status, assignee, deadline and linked alerts." },
  'cases.pdf': { title: "Case PDF export", text: "A printable PDF export of this case." },
  'cases.detail': { title: "Case", text: "The case's alerts, entities, transactions, SARs, comments and actions." },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['cases.list']!;
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
