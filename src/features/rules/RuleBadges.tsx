// A rule's status (each with its icon: shadow has its own, an eye, as the spec asks) and a
// validation run's status, as badges.
import { badge, badgeDot } from '../work/work.styles';
import { Icon, type IconName } from '../../ui/icons';
import type { RuleStatus, RuleValidation } from '../../api/rules/queries';
import { NOT_VALIDATED, STATUS_LABELS, STATUS_TONES, VALIDATION_LABELS, VALIDATION_TONES } from './rule-status';

const STATUS_ICONS: Record<RuleStatus, IconName> = { DRAFT: 'pencil', ACTIVE_SHADOW: 'eye', ACTIVE: 'play', ARCHIVED: 'archive' };

export function RuleStatusBadge({ status }: { status: RuleStatus }) {
  const tone = STATUS_TONES[status];
  return (
    <span className={badge({ tone })} data-tone={tone} data-status={status}>
      <Icon name={STATUS_ICONS[status]} size={14} />
      {STATUS_LABELS[status]}
    </span>
  );
}

export function ValidationBadge({ run }: { run: Pick<RuleValidation, 'status'> | null | undefined }) {
  if (!run) return <span className={badge({ tone: 'neutral' })}>{NOT_VALIDATED}</span>;
  const tone = VALIDATION_TONES[run.status];
  return (
    <span className={badge({ tone })} data-tone={tone}>
      <span className={badgeDot} aria-hidden="true" />
      {VALIDATION_LABELS[run.status]}
    </span>
  );
}
