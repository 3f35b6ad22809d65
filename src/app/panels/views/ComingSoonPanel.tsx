import { css } from '../../../../styled-system/css';
import { ComingSoonBadge } from '../../../ui/ComingSoon';
import type { PanelViewProps } from '../panel-views';

const body = css({ color: 'muted', lineHeight: '1.6', fontSize: 'sm' });

/** The body of a panel view whose content is not built yet. */
export default function ComingSoonPanel({ label, id }: PanelViewProps) {
  return (
    <div>
      <ComingSoonBadge place="panel" />
      <p className={body}>
        The {label} view{id ? ` for ${id}` : ''} will show its details, actions and history here.
      </p>
    </div>
  );
}
