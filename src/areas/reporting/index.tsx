import { ComingSoon } from '../../ui/ComingSoon';
import { FileExportsPage } from './FileExportsPage';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'reporting.home': { title: 'Reporting', text: 'Reports and insights about your operations.' },
  'reporting.fileExports': { title: 'File exports', text: 'Exports of lists and reports, ready to download.' },
};

export default function Area({ routeId, params }: AreaProps) {
  if (routeId === 'reporting.fileExports') return <FileExportsPage />;
  const page = PAGES[routeId] ?? PAGES['reporting.home'];
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
