import { css } from '../../../../styled-system/css';

export const inline = css({ display: 'inline-flex', alignItems: 'center', gap: '1.5', maxWidth: '100%', minWidth: '0' });
export const restricted = css({ flexShrink: 0, display: 'inline-flex', color: 'warning' });
export const tag = css({
  px: '1.5',
  py: '0.5',
  borderRadius: 'sm',
  bg: 'gray.100',
  fontSize: 'xs',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  minWidth: '0',
});
export const more = css({ flexShrink: 0, color: 'muted', fontSize: 'xs' });
