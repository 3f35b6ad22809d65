import { css } from '../../../../styled-system/css';
import type { PanelViewProps } from '../panel-views';

const body = css({ color: 'muted', lineHeight: '1.6', fontSize: 'sm' });
const badge = css({
  display: 'inline-block',
  mb: '3',
  px: '2',
  py: '0.5',
  borderRadius: 'sm',
  bg: 'gray.100',
  color: 'muted',
  fontSize: 'xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
});

/** The body of a panel view whose content is not built yet. */
export default function ComingSoonPanel({ label, id }: PanelViewProps) {
  return (
    <div>
      <span className={badge}>Coming soon</span>
      <p className={body}>
        The {label} view{id ? ` for ${id}` : ''} will show its details, actions and history here.
      </p>
    </div>
  );
}
