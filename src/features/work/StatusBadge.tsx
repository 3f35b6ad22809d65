import { statusLabel, statusTone, type WorkStatus } from '../../lib/work-rules';
import { badge, badgeDot } from './work.styles';

/** An alert's or a case's status: OPEN success, CLOSED error, IN_REVIEW warning (spec part 2, section 4). */
export function StatusBadge({ status }: { status: WorkStatus }) {
  const tone = statusTone(status);
  return (
    <span className={badge({ tone })} data-tone={tone} data-status={status}>
      <span className={badgeDot} aria-hidden="true" />
      {statusLabel(status)}
    </span>
  );
}
