// The alert's header on its page and in its panel: title and status, the assignee and queue chips
// (hidden in RULE_VALIDATION), the deadline with Edit Deadline, score, disposition, the status moves,
// tags and the way to the PDF (spec part 2, section 2 "Alert panel").
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { longTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import { assignmentVisible, canChangeAssignment, dispositionLabel, statusLabel } from '../../../lib/work-rules';
import { Icon } from '../../../ui/icons';
import { button } from '../../../ui/recipes';
import { AssigneeChip, DeadlineField, QueueChip, StatusActions, StatusBadge, TagEditor } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
import { formatAmount } from '../list/alert-format';
import type { Alert } from '../../../api/alerts/queries';
import { alertTypeLabel, riskTone, scoreText } from './alert-detail-format';
import * as s from './alert-detail.styles';

export interface AlertHeaderProps {
  alert: Alert;
  /** The panel's narrow layout. */
  compact?: boolean;
  closeOpen?: boolean;
  onCloseOpenChange?: (open: boolean) => void;
  deadlineOpen?: boolean;
  onDeadlineOpenChange?: (open: boolean) => void;
}

export function assignableAlert(alert: Alert) {
  return {
    type: 'ALERT' as const,
    id: alert.id,
    status: alert.status,
    assigned_to_id: alert.assigned_to_id,
    assigned_to_name: alert.assigned_to_name,
    queue_id: alert.queue_id,
    queue_title: alert.queue?.title ?? null,
  };
}

export function AlertHeader({ alert, compact = false, closeOpen, onCloseOpenChange, deadlineOpen, onDeadlineOpenChange }: AlertHeaderProps) {
  const agent = useAgent();
  const object = assignableAlert(alert);
  const showAssignment = assignmentVisible('ALERT', alert.status);
  const frozen = showAssignment && hasPermission(agent, 'edit_alerts') && !canChangeAssignment(agent, 'ALERT', alert.status);
  const size = compact ? 'sm' : 'md';
  const TitleTag = compact ? 'h2' : 'h1';
  const status = (
    <StatusActions objectType="ALERT" objectId={alert.id} status={alert.status} size={size} closeOpen={closeOpen} onCloseOpenChange={onCloseOpenChange} />
  );

  return (
    <div className={compact ? s.panelHeader : s.headerCard}>
      <div className={s.titleRow}>
        <div className={s.titleBlock}>
          <TitleTag className={compact ? s.panelTitle : s.title}>
            <span>{alert.title}</span>
            <StatusBadge status={alert.status} />
          </TitleTag>
          <span className={s.subtitle}>{`Alert ${alert.id} · ${alertTypeLabel(alert.alert_type)} · created ${longTime(alert.created_at)}`}</span>
        </div>
        <div className={s.actions}>
          {compact ? (
            <Link href={`/alerts/${alert.id}`} className={button({ variant: 'primary', size })}>
              Go to Detail Page
            </Link>
          ) : null}
          <Link href={`/alerts/${alert.id}/pdf`} className={button({ variant: 'secondary', size })}>
            <Icon name="filing" size={16} />
            Download PDF
          </Link>
          {compact ? null : status}
        </div>
        {compact ? <div className={s.actions}>{status}</div> : null}
      </div>

      <div className={compact ? s.compactFields : s.fields}>
        {showAssignment ? (
          <>
            <div className={w.field}>
              <span className={w.fieldLabel}>Assignee</span>
              <AssigneeChip object={object} />
            </div>
            <div className={w.field}>
              <span className={w.fieldLabel}>Queue</span>
              <QueueChip object={object} />
            </div>
          </>
        ) : null}
        <DeadlineField
          objectType="ALERT"
          objectId={alert.id}
          status={alert.status}
          deadline={alert.deadline}
          startDate={alert.start_date}
          modalOpen={deadlineOpen}
          onModalOpenChange={onDeadlineOpenChange}
        />
        <div className={w.field}>
          <span className={w.fieldLabel}>Score</span>
          <span className={s.fieldValue}>
            {alert.alert_score ? <span className={w.badge({ tone: riskTone(alert.alert_score) })}>{scoreText(alert.alert_score)}</span> : '—'}
          </span>
        </div>
        <div className={w.field}>
          <span className={w.fieldLabel}>Amount</span>
          <span className={s.fieldValue}>{formatAmount(alert.amount_volume, alert.currency)}</span>
        </div>
        {compact && alert.disposition ? (
          <div className={w.field}>
            <span className={w.fieldLabel}>Disposition</span>
            <span className={s.fieldValue}>{dispositionLabel(alert.disposition)}</span>
          </div>
        ) : null}
      </div>
      {frozen ? <p className={s.frozenNote}>{`Assignee and queue cannot be changed while the alert is ${statusLabel(alert.status).toLowerCase()}.`}</p> : null}
      {compact && alert.disposition_notes ? (
        <div className={w.field}>
          <span className={w.fieldLabel}>Disposition notes</span>
          <p className={s.description}>{alert.disposition_notes}</p>
        </div>
      ) : null}
      <div className={w.field}>
        <span className={w.fieldLabel}>Tags</span>
        <TagEditor objectType="ALERT" objectId={alert.id} tags={alert.tags} />
      </div>
    </div>
  );
}
