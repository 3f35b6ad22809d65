// The rules area: the list (/rules), a new rule (/rules/new), a rule's tab (/rules/:id/:tab) and its
// editor (/rules/:id/edit), and the rule as a printable page (/rules/:id/pdf).
import type { AreaProps } from '../../app/routes.types';
import { RulePage } from './detail/RulePage';
import { EditRulePage, NewRulePage } from './editor/RuleEditorPage';
import { RuleListPage } from './list/RuleListPage';
import { RulePdfPage } from './pdf/RulePdfPage';

export default function Area({ routeId, params }: AreaProps) {
  if (routeId === 'rules.pdf') {
    const id = Number(params.id);
    return <RulePdfPage key={id} id={id} />;
  }
  if (routeId === 'rules.detail') {
    if (params.id === 'new') return <NewRulePage />;
    const id = Number(params.id);
    if (params.tab === 'edit') return <EditRulePage key={id} id={id} />;
    return <RulePage key={id} id={id} tab={params.tab} />;
  }
  return <RuleListPage />;
}
