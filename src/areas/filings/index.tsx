import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';

// The area's screens are built later; until then each route says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'filings.list': { title: 'Filings', text: 'SARs and FINTRAC filings, grouped by batch, with their status.' },
  'filings.detail': { title: 'Filing', text: 'The filing form, its validation and its submission status.' },
};

export default function Area({ routeId, params }: AreaProps) {
  const page = PAGES[routeId] ?? PAGES['filings.list'];
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
