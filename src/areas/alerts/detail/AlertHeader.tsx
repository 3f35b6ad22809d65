// The alert's header on its page and in its panel: title and status, the assignee and queue chips
// (hidden in RULE_VALIDATION), the deadline with Edit Deadline, score, disposition, the status moves,
// tags and the way to the PDF (spec part 2, section 2 "Alert panel").
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { longTime } from '../../../lib/time';
import { hasPermission } from '../../../lib/permissions';
import { assignmentVisible, canChangeAssignment, dispositionLabel } from '../../../lib/work-rules';
import { Icon } from '../../../ui/icons';
import { button } from '../../../ui/recipes';
import { DetailHeader } from '../../../ui/DetailHeader';
import { LabelledValue } from '../../../ui/Facts';
import { AssignmentFields, StatusActions, StatusBadge, WorkNotes } from '../../../features/work';
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

export function AlertHeader({ alert, compact = false, closeOpen, onCloseOpenChange, deadlineOpen, onDeadlineOpenChange }: AlertHeaderProps) {
  const agent = useAgent();
  const showAssignment = assignmentVisible('ALERT', alert.status);
  const frozen = showAssignment && hasPermission(agent, 'edit_alerts') && !canChangeAssignment(agent, 'ALERT', alert.status);
  const size = compact ? 'sm' : 'md';
  const status = (
    <StatusActions objectType="ALERT" objectId={alert.id} status={alert.status} size={size} closeOpen={closeOpen} onCloseOpenChange={onCloseOpenChange} />
  );

  return (
    <DetailHeader
      title={alert.title}
      status={<StatusBadge status={alert.status} />}
      subtitle={`Alert ${alert.id} · ${alertTypeLabel(alert.alert_type)} · created ${longTime(alert.created_at)}`}
      compact={compact}
      actions={
        <>
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
        </>
      }
      moreActions={compact ? status : null}
    >
      <div className={compact ? s.compactFields : s.fields}>
        <AssignmentFields
          objectType="ALERT"
          item={alert}
          showAssignment={showAssignment}
          deadlineOpen={deadlineOpen}
          onDeadlineOpenChange={onDeadlineOpenChange}
        />
        <LabelledValue label="Score">
          <span className={s.fieldValue}>
            {alert.alert_score ? <span className={w.badge({ tone: riskTone(alert.alert_score) })}>{scoreText(alert.alert_score)}</span> : '—'}
          </span>
        </LabelledValue>
        <LabelledValue label="Amount">
          <span className={s.fieldValue}>{formatAmount(alert.amount_volume, alert.currency)}</span>
        </LabelledValue>
        {compact && alert.disposition ? (
          <LabelledValue label="Disposition">
            <span className={s.fieldValue}>{dispositionLabel(alert.disposition)}</span>
          </LabelledValue>
        ) : null}
      </div>
      <WorkNotes objectType="ALERT" item={alert} frozen={frozen}>
        {compact && alert.disposition_notes ? (
          <LabelledValue label="Disposition notes">
            <p className={s.description}>{alert.disposition_notes}</p>
          </LabelledValue>
        ) : null}
      </WorkNotes>
    </DetailHeader>
  );
}
