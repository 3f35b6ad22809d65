import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'dataManagement.flatFiles': { title: "Flat-file ingestion", text: "Flat files pulled from your connections, their status and their errors." },
  'dataManagement.mapping': { title: "Data mapping", text: "How incoming fields map onto entities, instruments and events, and custom data settings." },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['dataManagement.flatFiles']!;
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
