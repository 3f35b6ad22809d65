// The 'case' view of the right panel (?panel=case:{id}): the case's header, its linked objects as
// compact lists, its comments and its activity, in 370 px.
import { useState } from 'react';
import { useAgent } from '../../../app/auth/auth-context';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { LoadingState } from '../../../ui/LoadingState';
import { useCaseQuery } from '../../../api/cases/queries';
import { AddAlertsDialog } from './AddAlertsDialog';
import { CaseHeader, canAddAlerts } from './CaseHeader';
import { CaseLoadError, CaseNotFound } from './CaseStates';
import { CaseConversation } from './CaseConversation';
import { CaseLinkedSections } from './LinkedSections';
import * as s from './case-panel.styles';

export default function CasePanel({ id }: PanelViewProps) {
  const caseId = Number(id);
  const valid = Number.isInteger(caseId) && caseId > 0;
  const query = useCaseQuery(caseId, { enabled: valid });
  const agent = useAgent();
  const [adding, setAdding] = useState(false);

  if (!valid) return <CaseNotFound id={caseId} compact />;
  if (query.isPending) return <LoadingState label="Loading case" />;
  if (query.isError) return <CaseLoadError compact onRetry={() => void query.refetch()} />;
  const kase = query.data;
  if (!kase) return <CaseNotFound id={caseId} compact />;

  return (
    <div className={s.body}>
      <CaseHeader kase={kase} compact onAddAlerts={() => setAdding(true)} />
      <CaseLinkedSections kase={kase} compact />
      <CaseConversation kase={kase} idPrefix="case-panel" />
      {canAddAlerts(agent, kase) ? <AddAlertsDialog kase={kase} open={adding} onClose={() => setAdding(false)} /> : null}
    </div>
  );
}
