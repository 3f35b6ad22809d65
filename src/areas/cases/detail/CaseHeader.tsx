// The case's header on its page and in its panel: title and status, assignee and queue chips (not
// editable when CLOSED or IN_REVIEW, spec part 2, section 4), the deadline with its modal, the status
// moves, tags and the actions that leave the case (PDF, add alerts).
import { Link } from 'wouter';
import { useAgent } from '../../../app/auth/auth-context';
import { hasPermission } from '../../../lib/permissions';
import { canChangeAssignment, dispositionLabel, statusLabel } from '../../../lib/work-rules';
import { Icon } from '../../../ui/icons';
import { button } from '../../../ui/recipes';
import { AssigneeChip, DeadlineField, QueueChip, StatusActions, StatusBadge, TagEditor } from '../../../features/work';
import * as w from '../../../features/work/work.styles';
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
  const object = {
    type: 'CASE' as const,
    id: kase.id,
    status: kase.status,
    assigned_to_id: kase.assigned_to_id,
    assigned_to_name: kase.assigned_to_name,
    queue_id: kase.queue_id,
    queue_title: kase.queue?.title ?? null,
  };
  const frozen = kase.status !== 'OPEN' && hasPermission(agent, 'edit_cases') && !canChangeAssignment(agent, 'CASE', kase.status);
  const size = compact ? 'sm' : 'md';
  const TitleTag = compact ? 'h2' : 'h1';

  return (
    <div className={compact ? s.panelHeader : s.headerCard}>
      <div className={s.titleRow}>
        <div className={s.titleBlock}>
          <TitleTag className={compact ? s.panelTitle : s.title}>
            <span>{kase.title}</span>
            <StatusBadge status={kase.status} />
          </TitleTag>
          <span className={s.subtitle}>
            Case {kase.id} · created {longTime(kase.created_at)} by {kase.created_by.full_name}
            {kase.queue_access_type === 'restricted' ? ' · restricted queue' : ''}
          </span>
        </div>
        <div className={s.actions}>
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
        </div>
      </div>

      <div className={s.fields}>
        <div className={w.field}>
          <span className={w.fieldLabel}>Assignee</span>
          <AssigneeChip object={object} />
        </div>
        <div className={w.field}>
          <span className={w.fieldLabel}>Queue</span>
          <QueueChip object={object} />
        </div>
        <DeadlineField
          objectType="CASE"
          objectId={kase.id}
          status={kase.status}
          deadline={kase.deadline}
          startDate={kase.start_date}
          modalOpen={deadlineOpen}
          onModalOpenChange={onDeadlineOpenChange}
        />
        {kase.disposition ? (
          <div className={w.field}>
            <span className={w.fieldLabel}>Disposition</span>
            <span className={s.fieldValue}>{dispositionLabel(kase.disposition)}</span>
          </div>
        ) : null}
      </div>
      {frozen ? <p className={s.frozenNote}>{`Assignee and queue cannot be changed while the case is ${statusLabel(kase.status).toLowerCase()}.`}</p> : null}
      {kase.disposition_notes ? (
        <div className={w.field}>
          <span className={w.fieldLabel}>Disposition notes</span>
          <p className={s.description}>{kase.disposition_notes}</p>
        </div>
      ) : null}

      <div className={w.field}>
        <span className={w.fieldLabel}>Tags</span>
        <TagEditor objectType="CASE" objectId={kase.id} tags={kase.tags} />
      </div>
      {!compact && kase.description ? (
        <div className={w.field}>
          <span className={w.fieldLabel}>Description</span>
          <p className={s.description}>{kase.description}</p>
        </div>
      ) : null}
    </div>
  );
}
