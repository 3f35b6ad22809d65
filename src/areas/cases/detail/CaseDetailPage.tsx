// /cases/{id}: the case's header, its linked objects, documents, comments and activity (issue 7, acceptance 4).
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useColdStorageWait } from '../../../features/cold-storage/cold-storage';
import { caseKeys } from '../../../api/cases/keys';
import { useAgent } from '../../../app/auth/auth-context';
import { rememberRecent, useRegisterCommands } from '../../../app/palette';
import { statusActions } from '../../../lib/work-rules';
import { ColdStorageNotice } from '../../../features/cold-storage/ColdStorageNotice';
import { LoadingState } from '../../../ui/LoadingState';
import { DetailColumns, DetailPage } from '../../../ui/DetailPage';
import { WorkDocuments } from '../../../features/documents/WorkDocuments';
import { useCaseQuery, type Case } from '../../../api/cases/queries';
import { AddAlertsDialog } from './AddAlertsDialog';
import { CaseHeader, canAddAlerts } from './CaseHeader';
import { CaseLoadError, CaseNotFound } from './CaseStates';
import { CaseLinkedSections } from './LinkedSections';
import { CaseConversation } from './CaseConversation';
import { CreateFilingButton } from './CreateFilingButton';
import { hasPermission } from '../../../lib/permissions';
import { css } from '../../../../styled-system/css';

export function CaseDetailPage({ id }: { id: number }) {
  const query = useCaseQuery(id);
  const kase = query.data;
  // a cold case shows its stub until it is back; then the case lists refetch
  const coldStorage = useColdStorageWait({ queryKey: caseKeys.detail(id), dataLoader: kase?.data_loader, subject: 'this case', related: [caseKeys.lists()] });

  // remembered once per case shown, not again on each refetch
  const shownId = kase?.id;
  const shownTitle = kase?.title;
  useEffect(() => {
    if (shownId !== undefined && shownTitle !== undefined) rememberRecent({ type: 'CASE', id: shownId, title: shownTitle, path: `/cases/${shownId}` });
  }, [shownId, shownTitle]);

  return (
    <DetailPage trail={[{ href: '/cases', label: 'Cases' }]} current={`Case ${id}`} width="md">
      <ColdStorageNotice wait={coldStorage} />
      {query.isPending ? (
        <LoadingState label="Loading case" />
      ) : query.isError ? (
        <CaseLoadError onRetry={() => void query.refetch()} />
      ) : kase ? (
        <CaseDetail kase={kase} />
      ) : (
        <CaseNotFound id={id} />
      )}
    </DetailPage>
  );
}

function CaseDetail({ kase }: { kase: Case }) {
  const agent = useAgent();
  const [, navigate] = useLocation();
  const [adding, setAdding] = useState(false);
  const [closing, setClosing] = useState(false);
  const [deadline, setDeadline] = useState(false);
  const mayAdd = canAddAlerts(agent, kase);
  const mayClose = statusActions(agent, 'CASE', kase.status).close;
  // a US SAR and a FINTRAC STR can each be written from the case, with its create permission
  const mayFile = { sar: hasPermission(agent, 'create_sars'), str: hasPermission(agent, 'create_fintrac_filings') };

  useRegisterCommands(
    'cases.detail',
    [
      { id: 'cases.detail.pdf', title: 'Download case PDF', group: 'Case', keywords: ['pdf', 'export', 'print'], run: () => navigate(`/cases/${kase.id}/pdf`) },
      ...(mayAdd ? [{ id: 'cases.detail.add-alerts', title: 'Add alerts to case', group: 'Case', keywords: ['alerts'], run: () => setAdding(true) }] : []),
      ...(mayClose ? [{ id: 'cases.detail.close', title: 'Close case', group: 'Case', keywords: ['disposition'], run: () => setClosing(true) }] : []),
      ...(kase.status === 'OPEN'
        ? [{ id: 'cases.detail.deadline', title: 'Edit case deadline', group: 'Case', keywords: ['deadline'], run: () => setDeadline(true) }]
        : []),
    ],
    [kase.id, mayAdd, mayClose, kase.status],
  );

  return (
    <>
      <CaseHeader
        kase={kase}
        onAddAlerts={() => setAdding(true)}
        closeOpen={closing}
        onCloseOpenChange={setClosing}
        deadlineOpen={deadline}
        onDeadlineOpenChange={setDeadline}
      />
      <DetailColumns
        main={
          <CaseLinkedSections
            kase={kase}
            sarActions={
              mayFile.sar || mayFile.str ? (
                <span className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
                  {mayFile.sar ? <CreateFilingButton caseId={kase.id} kind="SAR" /> : null}
                  {mayFile.str ? <CreateFilingButton caseId={kase.id} kind="STR" /> : null}
                </span>
              ) : undefined
            }
          />
        }
        side={
          <>
            <WorkDocuments ownerType="CASE" ownerId={kase.id} closed={kase.status === 'CLOSED'} />
            <CaseConversation kase={kase} idPrefix="case" />
          </>
        }
      />
      {mayAdd ? <AddAlertsDialog kase={kase} open={adding} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
