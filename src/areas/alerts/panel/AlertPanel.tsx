// The 'alert' right-panel view: a compact alert page (header with chips, deadline and status moves,
// condition cards, the explanation dialog, the linked lists, comments) with "Go to Detail Page".
import { useState } from 'react';
import type { PanelViewProps } from '../../../app/panels/panel-views';
import { ApiError } from '../../../api/errors';
import { LoadingState } from '../../../ui/LoadingState';
import { textLink } from '../../../ui/recipes';
import { CommentThread } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
import { useAlertQuery } from '../../../api/alerts/queries';
import { AlertHeader } from '../detail/AlertHeader';
import { ConditionCards } from '../detail/ConditionCards';
import { ExplanationDialog } from '../detail/ExplanationDialog';
import { useRuleExplanations } from '../detail/use-rule-explanations';
import { PanelSections } from './PanelSections';
import * as s from './panel.styles';

export default function AlertPanel({ id }: PanelViewProps) {
  const alertId = Number(id);
  const alert = useAlertQuery(Number.isInteger(alertId) ? alertId : 0);
  const explanations = useRuleExplanations(alert.data ?? { rules: [], variable_snapshots: [] });
  const [explainOpen, setExplainOpen] = useState(false);

  if (!Number.isInteger(alertId) || alertId < 1) return <p className={s.note}>No alert is selected.</p>;
  if (alert.isPending) return <LoadingState label="Loading the alert" />;
  if (alert.isError) {
    return alert.error instanceof ApiError && alert.error.status === 404 ? (
      <p className={s.note}>{`Alert ${alertId} does not exist or you may not open it.`}</p>
    ) : (
      <p className={s.error} role="alert">
        The alert could not be loaded.
        <button type="button" className={textLink()} onClick={() => void alert.refetch()}>
          Retry
        </button>
      </p>
    );
  }
  return (
    <div className={s.body}>
      <AlertHeader alert={alert.data} compact />
      <details className={s.section} open>
        <summary className={s.summary}>Rule conditions</summary>
        <div className={s.list}>
          <button type="button" className={`${w.linkButton} ${s.start}`} onClick={() => setExplainOpen(true)}>
            Why did this alert flag?
          </button>
          <ConditionCards explanations={explanations} />
        </div>
      </details>
      <PanelSections alert={alert.data} />
      <details className={s.section}>
        <summary className={s.summary}>Comments</summary>
        <CommentThread objectType="ALERT" objectId={alertId} />
      </details>
      <ExplanationDialog open={explainOpen} onOpenChange={setExplainOpen} explanations={explanations} hasSnapshots={alert.data.variable_snapshots.length > 0} />
    </div>
  );
}
