// /alerts/{id} and its tab routes: the header (status, assignee and queue, deadline, status moves,
// tags, PDF), the overview with the rules' condition cards, the tabs, and comments and activity
// beside them.
import { useRef } from 'react';
import { Link } from 'wouter';
import { ColdStorageNotice } from '../../../features/cold-storage/ColdStorageNotice';
import { LoadingState } from '../../../ui/LoadingState';
import { textLink } from '../../../ui/recipes';
import { WorkDocuments } from '../../../features/documents/WorkDocuments';
import { AuditTrail, CommentThread, type CommentComposerHandle } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
import { AlertHeader } from './AlertHeader';
import { AlertOverview } from './AlertOverview';
import { AlertTabs } from './AlertTabs';
import * as s from './alert-detail.styles';
import { ExplanationDialog } from './ExplanationDialog';
import { useAlertDetailPage } from './use-alert-detail-page';

export function AlertMissing({ id }: { id: number }) {
  return (
    <div className={w.section}>
      <div className={w.sectionBody}>
        <h1 className={s.title}>Alert not found</h1>
        <p className={w.muted}>{`Alert ${id} does not exist or you may not open it.`}</p>
        <Link href="/alerts" className={textLink()}>
          Back to alerts
        </Link>
      </div>
    </div>
  );
}

export function AlertLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className={s.stateBox} role="alert">
      The alert could not be loaded.
      <button type="button" className={textLink()} onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function AlertDetailPage({ id, routeId }: { id: number; routeId: string }) {
  const composer = useRef<CommentComposerHandle>(null);
  const page = useAlertDetailPage(id, routeId, composer);
  const { alert, dialogs } = page;

  return (
    <div className={s.page}>
      <nav aria-label="Breadcrumb" className={s.crumbs}>
        <Link href="/alerts" className={s.crumbLink}>
          Alerts
        </Link>
        <span aria-hidden="true">/</span>
        <span aria-current="page">{`Alert ${id}`}</span>
      </nav>
      <ColdStorageNotice wait={page.coldStorage} />
      {alert.isPending ? (
        <LoadingState label="Loading the alert" />
      ) : page.notFound ? (
        <AlertMissing id={id} />
      ) : alert.isError ? (
        <AlertLoadError onRetry={() => void alert.refetch()} />
      ) : (
        <>
          <AlertHeader
            alert={alert.data}
            closeOpen={dialogs.closeOpen}
            onCloseOpenChange={dialogs.setCloseOpen}
            deadlineOpen={dialogs.deadlineOpen}
            onDeadlineOpenChange={dialogs.setDeadlineOpen}
          />
          <div className={s.layout}>
            <div className={s.column}>
              <AlertOverview alert={alert.data} explanations={page.explanations} onExplain={() => dialogs.setExplainOpen(true)} />
              <AlertTabs alert={alert.data} tabs={page.tabs} selected={page.tab} onSelect={page.selectTab} />
            </div>
            <aside className={s.column} aria-label="Documents, comments and activity">
              <WorkDocuments ownerType="ALERT" ownerId={id} closed={alert.data.status === 'CLOSED'} />
              <section className={w.section} aria-labelledby="alert-comments-title">
                <header className={w.sectionHeader}>
                  <h2 id="alert-comments-title" className={w.sectionTitle}>
                    Comments
                  </h2>
                </header>
                <CommentThread ref={composer} objectType="ALERT" objectId={id} />
              </section>
              <section className={w.section} aria-labelledby="alert-activity-title">
                <header className={w.sectionHeader}>
                  <h2 id="alert-activity-title" className={w.sectionTitle}>
                    Activity
                  </h2>
                </header>
                <div className={w.sectionBody}>
                  <AuditTrail objectType="ALERT" objectId={id} />
                </div>
              </section>
            </aside>
          </div>
          <ExplanationDialog
            open={dialogs.explainOpen}
            onOpenChange={dialogs.setExplainOpen}
            explanations={page.explanations}
            hasSnapshots={alert.data.variable_snapshots.length > 0}
          />
        </>
      )}
    </div>
  );
}
