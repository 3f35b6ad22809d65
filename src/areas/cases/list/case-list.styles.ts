import { css } from '../../../../styled-system/css';
import { focusRing } from '../../../ui/recipes';

export const tabs = css({
  display: 'inline-flex',
  layerStyle: 'surface',
  borderRadius: 'md',
  overflow: 'hidden',
});
export const tab = css({
  px: '3',
  height: '8',
  fontSize: 'sm',
  border: 'none',
  bg: 'transparent',
  color: 'muted',
  cursor: 'pointer',
  _hover: { bg: 'gray.50' },
  _focusVisible: { ...focusRing, outlineOffset: '-2px' },
  '&[aria-pressed=true]': { bg: 'gray.100', color: 'ink', fontWeight: 'semibold' },
});
export const empty = css({ p: '10', textAlign: 'center', color: 'muted', fontSize: 'sm' });
