import { ComingSoon } from '../../ui/ComingSoon';
import type { AreaProps } from '../../app/routes.types';
import { FilingsListPage } from './list/FilingsListPage';
import { FintracPage } from './fintrac/FintracPage';
import { SarPage } from './sar/SarPage';

// The filings area: the list of filings grouped by batch (/filings), a SAR's page
// (/filings/sar/:id) and a FINTRAC report's page (/filings/fintrac/:id). The other report types' pages are built later; until then each says what it will show.
const PAGES: Record<string, { title: string; text: string }> = {
  'filings.list': { title: 'Filings', text: 'SARs and FINTRAC filings, grouped by batch, with their status.' },
  'filings.detail': { title: 'Filing', text: 'The filing form, its validation and its submission status.' },
};

export default function Area({ routeId, params }: AreaProps) {
  const id = Number(params.id);
  if (routeId === 'filings.list') return <FilingsListPage />;
  if (routeId === 'filings.detail' && params.reportType === 'sar' && Number.isInteger(id) && id > 0) return <SarPage id={id} />;
  if (routeId === 'filings.detail' && params.reportType === 'fintrac' && Number.isInteger(id) && id > 0) return <FintracPage id={id} />;
  const page = PAGES[routeId] ?? PAGES['filings.list'];
  return <ComingSoon area={params.id ? `${page.title} ${params.id}` : page.title} description={page.text} />;
}
