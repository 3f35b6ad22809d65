// /alerts/{id} and its tab routes: the header (status, assignee and queue, deadline, status moves,
// tags, PDF), the overview with the rules' condition cards, the tabs, and comments and activity
// beside them.
import { useRef } from 'react';
import { ColdStorageNotice } from '../../../features/cold-storage/ColdStorageNotice';
import { LoadError } from '../../../ui/DataTable';
import { LoadingState } from '../../../ui/LoadingState';
import { DetailColumns, DetailMissing, DetailPage } from '../../../ui/DetailPage';
import { Section } from '../../../ui/Section';
import { WorkDocuments } from '../../../features/documents/WorkDocuments';
import { AuditTrail, CommentThread, type CommentComposerHandle } from '../../../features/work';
import { AlertHeader } from './AlertHeader';
import { AlertOverview } from './AlertOverview';
import { AlertTabs } from './AlertTabs';
import { ExplanationDialog } from './ExplanationDialog';
import { useAlertDetailPage } from './use-alert-detail-page';

export function AlertMissing({ id }: { id: number }) {
  return (
    <DetailMissing title="Alert not found" text={`Alert ${id} does not exist or you may not open it.`} back={{ href: '/alerts', label: 'Back to alerts' }} />
  );
}

/** Not in the spec: the message when the alert cannot be read. */
export const ALERT_FAILED = 'The alert could not be loaded.';

export function AlertDetailPage({ id, routeId }: { id: number; routeId: string }) {
  const composer = useRef<CommentComposerHandle>(null);
  const page = useAlertDetailPage(id, routeId, composer);
  const { alert, dialogs } = page;

  return (
    <DetailPage trail={[{ href: '/alerts', label: 'Alerts' }]} current={`Alert ${id}`}>
      <ColdStorageNotice wait={page.coldStorage} />
      {alert.isPending ? (
        <LoadingState label="Loading the alert" />
      ) : page.notFound ? (
        <AlertMissing id={id} />
      ) : alert.isError ? (
        <LoadError message={ALERT_FAILED} onRetry={() => void alert.refetch()} />
      ) : (
        <>
          <AlertHeader
            alert={alert.data}
            closeOpen={dialogs.closeOpen}
            onCloseOpenChange={dialogs.setCloseOpen}
            deadlineOpen={dialogs.deadlineOpen}
            onDeadlineOpenChange={dialogs.setDeadlineOpen}
          />
          <DetailColumns
            main={
              <>
                <AlertOverview alert={alert.data} explanations={page.explanations} onExplain={() => dialogs.setExplainOpen(true)} />
                <AlertTabs alert={alert.data} tabs={page.tabs} selected={page.tab} onSelect={page.selectTab} />
              </>
            }
            sideLabel="Documents, comments and activity"
            side={
              <>
                <WorkDocuments ownerType="ALERT" ownerId={id} closed={alert.data.status === 'CLOSED'} />
                <Section id="alert-comments-title" title="Comments" bare>
                  <CommentThread ref={composer} objectType="ALERT" objectId={id} />
                </Section>
                <Section id="alert-activity-title" title="Activity">
                  <AuditTrail objectType="ALERT" objectId={id} />
                </Section>
              </>
            }
          />
          <ExplanationDialog
            open={dialogs.explainOpen}
            onOpenChange={dialogs.setExplainOpen}
            explanations={page.explanations}
            hasSnapshots={alert.data.variable_snapshots.length > 0}
          />
        </>
      )}
    </DetailPage>
  );
}
