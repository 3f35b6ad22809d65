import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';
import { DataMappingPage } from './mapping/DataMappingPage';

// Routes still to be built say what they will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'dataManagement.flatFiles': { title: "Flat-file ingestion", text: "Flat files pulled from your connections, their status and their errors." },
};

export default function Area({ routeId, params }: AreaProps) {
  if (routeId === 'dataManagement.mapping') return <DataMappingPage />;
  const page = PAGES[routeId] ?? PAGES['dataManagement.flatFiles']!;
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
