// The rules area: the list (/rules), a new rule (/rules/new), a rule's tab (/rules/:id/:tab) and its
// editor (/rules/:id/edit). The rule PDF route is not built yet.
import type { AreaProps } from '../../app/routes.types';
import { ComingSoon } from '../../ui/ComingSoon';
import { RulePage } from './detail/RulePage';
import { EditRulePage, NewRulePage } from './editor/RuleEditorPage';
import { RuleListPage } from './list/RuleListPage';

export default function Area({ routeId, params }: AreaProps) {
  if (routeId === 'rules.pdf') return <ComingSoon area={`Rule PDF ${params.id ?? ''}`} description="A printable PDF of this rule." />;
  if (routeId === 'rules.detail') {
    if (params.id === 'new') return <NewRulePage />;
    const id = Number(params.id);
    if (params.tab === 'edit') return <EditRulePage key={id} id={id} />;
    return <RulePage key={id} id={id} tab={params.tab} />;
  }
  return <RuleListPage />;
}
