import type { AreaProps } from '../../app/routes.types';
import { CaseDetailPage } from './detail/CaseDetailPage';
import { CaseListPage } from './list/CaseListPage';
import { CasePdfPage } from './pdf/CasePdfPage';

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
