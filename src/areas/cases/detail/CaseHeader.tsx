// The case's header on its page and in its panel: title and status, assignee and queue chips (not
// editable when CLOSED or IN_REVIEW, spec part 2, section 4), the deadline with its modal, the status
// moves, tags and the actions that leave the case (PDF, add alerts).
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { canChangeAssignment, dispositionLabel } from '../../../lib/work-rules';
import { Icon } from '../../../ui/icons';
import { button } from '../../../ui/recipes';
import { DetailHeader } from '../../../ui/DetailHeader';
import { LabelledValue } from '../../../ui/Facts';
import { AssignmentFields, StatusActions, StatusBadge, WorkNotes } from '../../../features/work';
import type { Case } from '../../../api/cases/queries';
import { longTime } from '../../../lib/time';
import * as s from './case-detail.styles';

export interface CaseHeaderProps {
  kase: Case;
  /** The panel's narrow layout: no description block, smaller buttons. */
  compact?: boolean;
  onAddAlerts?: () => void;
  closeOpen?: boolean;
  onCloseOpenChange?: (open: boolean) => void;
  deadlineOpen?: boolean;
  onDeadlineOpenChange?: (open: boolean) => void;
}

/** Whether the agent may add alerts: edit_cases and read_alerts, and the case not CLOSED (the server answers 409). */
export function canAddAlerts(agent: Parameters<typeof hasPermission>[0], kase: Pick<Case, 'status'>): boolean {
  return kase.status !== 'CLOSED' && hasPermission(agent, 'edit_cases') && hasPermission(agent, 'read_alerts');
}

export function CaseHeader({ kase, compact = false, onAddAlerts, closeOpen, onCloseOpenChange, deadlineOpen, onDeadlineOpenChange }: CaseHeaderProps) {
  const agent = useAgent();
  const frozen = kase.status !== 'OPEN' && hasPermission(agent, 'edit_cases') && !canChangeAssignment(agent, 'CASE', kase.status);
  const size = compact ? 'sm' : 'md';

  return (
    <DetailHeader
      title={kase.title}
      status={<StatusBadge status={kase.status} />}
      subtitle={
        <>
          Case {kase.id} · created {longTime(kase.created_at)} by {kase.created_by.full_name}
          {kase.queue_access_type === 'restricted' ? ' · restricted queue' : ''}
        </>
      }
      compact={compact}
      className={compact ? s.panelRule : undefined}
      actions={
        <>
          {compact ? (
            <Link href={`/cases/${kase.id}`} className={button({ variant: 'secondary', size })}>
              Open case page
            </Link>
          ) : null}
          <Link href={`/cases/${kase.id}/pdf`} className={button({ variant: 'secondary', size })}>
            <Icon name="filing" size={16} aria-hidden="true" />
            Download PDF
          </Link>
          {onAddAlerts && canAddAlerts(agent, kase) ? (
            <button type="button" className={button({ variant: 'secondary', size })} onClick={onAddAlerts}>
              Add alerts
            </button>
          ) : null}
          <StatusActions objectType="CASE" objectId={kase.id} status={kase.status} size={size} closeOpen={closeOpen} onCloseOpenChange={onCloseOpenChange} />
        </>
      }
    >
      <div className={s.fields}>
        <AssignmentFields objectType="CASE" item={kase} deadlineOpen={deadlineOpen} onDeadlineOpenChange={onDeadlineOpenChange} />
        {kase.disposition ? (
          <LabelledValue label="Disposition">
            <span className={s.fieldValue}>{dispositionLabel(kase.disposition)}</span>
          </LabelledValue>
        ) : null}
      </div>
      <WorkNotes objectType="CASE" item={kase} frozen={frozen}>
        {kase.disposition_notes ? (
          <LabelledValue label="Disposition notes">
            <p className={s.description}>{kase.disposition_notes}</p>
          </LabelledValue>
        ) : null}
      </WorkNotes>
      {!compact && kase.description ? (
        <LabelledValue label="Description">
          <p className={s.description}>{kase.description}</p>
        </LabelledValue>
      ) : null}
    </DetailHeader>
  );
}
