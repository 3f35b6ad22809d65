// /cases/{id}: the case's header, its linked objects, documents, comments and activity (issue 7, acceptance 4).
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useColdStorageWait } from '../../../features/cold-storage/cold-storage';
import { caseKeys } from '../../../api/cases/keys';
import { useAgent } from '../../../app/auth/auth-context';
import { rememberRecent, useRegisterCommands } from '../../../app/palette';
import { statusActions } from '../../../lib/work-rules';
import { ColdStorageNotice } from '../../../features/cold-storage/ColdStorageNotice';
import { LoadingState } from '../../../ui/LoadingState';
import { WorkDocuments } from '../../../features/documents/WorkDocuments';
import { AuditTrail, CommentThread } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
import { useCaseQuery, type Case } from '../../../api/cases/queries';
import { AddAlertsDialog } from './AddAlertsDialog';
import { CaseHeader, canAddAlerts } from './CaseHeader';
import { CaseLoadError, CaseNotFound } from './CaseStates';
import { CaseLinkedSections } from './LinkedSections';
import * as s from './case-detail.styles';

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
    <div className={s.page}>
      <nav aria-label="Breadcrumb" className={s.crumbs}>
        <Link href="/cases" className={s.crumbLink}>
          Cases
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{`Case ${id}`}</span>
      </nav>
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
    </div>
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
      <div className={s.layout}>
        <div className={s.column}>
          <CaseLinkedSections kase={kase} />
        </div>
        <div className={s.column}>
          <WorkDocuments ownerType="CASE" ownerId={kase.id} closed={kase.status === 'CLOSED'} />
          <section className={w.section} aria-labelledby="case-comments">
            <header className={w.sectionHeader}>
              <h2 id="case-comments" className={w.sectionTitle}>
                Comments
              </h2>
            </header>
            <div className={w.sectionBody}>
              <CommentThread objectType="CASE" objectId={kase.id} />
            </div>
          </section>
          <section className={w.section} aria-labelledby="case-activity">
            <header className={w.sectionHeader}>
              <h2 id="case-activity" className={w.sectionTitle}>
                Activity
              </h2>
            </header>
            <div className={w.sectionBody}>
              <AuditTrail objectType="CASE" objectId={kase.id} />
            </div>
          </section>
        </div>
      </div>
      {mayAdd ? <AddAlertsDialog kase={kase} open={adding} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
