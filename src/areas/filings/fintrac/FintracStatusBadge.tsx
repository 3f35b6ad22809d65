// A FINTRAC report's status as a badge in the SAR badge's colours; an unknown status offers the
// contact-support tooltip on a button, so a keyboard reaches it too.
import { SAR_UNKNOWN_STATUS_TEXT } from '../../../../core/sar-status';
import { badge } from '../../../features/work/work.styles';
import { Tooltip } from '../../../ui/Tooltip';
import { fintracStatusLabel, fintracTone } from './fintrac-status';

export function FintracStatusBadge({ status }: { status: string }) {
  const tone = fintracTone(status);
  if (tone)
    return (
      <span className={badge({ tone })} data-tone={tone}>
        {fintracStatusLabel(status)}
      </span>
    );
  return (
    <Tooltip text={SAR_UNKNOWN_STATUS_TEXT}>
      <button type="button" className={badge({ tone: 'default' })} data-tone="unknown" aria-label={`${fintracStatusLabel(status)}: ${SAR_UNKNOWN_STATUS_TEXT}`}>
        {fintracStatusLabel(status)}
      </button>
    </Tooltip>
  );
}
