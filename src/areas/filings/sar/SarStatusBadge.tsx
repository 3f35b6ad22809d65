// A SAR's status as a badge in the spec's colours; an unknown status offers the contact-support
// tooltip on a button, so a keyboard reaches it too.
import { SAR_UNKNOWN_STATUS_TEXT, sarStatusLabel, sarTone } from '../../../../core/sar-status';
import { badge } from '../../../features/work/work.styles';
import { Tooltip } from '../../../ui/Tooltip';

export function SarStatusBadge({ status }: { status: string }) {
  const tone = sarTone(status);
  if (tone)
    return (
      <span className={badge({ tone })} data-tone={tone}>
        {sarStatusLabel(status)}
      </span>
    );
  return (
    <Tooltip text={SAR_UNKNOWN_STATUS_TEXT}>
      <button type="button" className={badge({ tone: 'default' })} data-tone="unknown" aria-label={`${sarStatusLabel(status)}: ${SAR_UNKNOWN_STATUS_TEXT}`}>
        {sarStatusLabel(status)}
      </button>
    </Tooltip>
  );
}
