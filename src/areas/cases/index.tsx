import type { AreaProps } from '../../app/routes.types';
import { lazyWithReload } from '../../app/errors/lazy-with-reload';
import { CaseListPage } from './list/CaseListPage';

// A case and its PDF are chunks of their own: the list does not download them to show its rows
// (docs/benchmarks.md, Area chunks); the shell fetches the case page when idle, the palette on intent.
const CaseDetailPage = lazyWithReload(() => import('./detail/CaseDetailPage').then((m) => ({ default: m.CaseDetailPage })));
const CasePdfPage = lazyWithReload(() => import('./pdf/CasePdfPage').then((m) => ({ default: m.CasePdfPage })));

export function preloadPage(routeId: string): void {
  if (routeId === 'cases.detail') void CaseDetailPage.preload();
  if (routeId === 'cases.pdf') void CasePdfPage.preload();
}

/** The cases area: the list (/cases), a case (/cases/{id}) and its PDF (/cases/{id}/pdf). */
export default function CasesArea({ routeId, params }: AreaProps) {
  const id = Number(params.id);
  switch (routeId) {
    case 'cases.detail':
      return <CaseDetailPage key={id} id={id} />;
    case 'cases.pdf':
      return <CasePdfPage key={id} id={id} />;
    default:
      return <CaseListPage />;
  }
}
