import { css } from '../../../../styled-system/css';

export const trigger = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  height: '8',
  maxWidth: '16rem',
  px: '2.5',
  layerStyle: 'surface',
  borderRadius: 'md',
  color: 'ink',
  fontSize: 'sm',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  _hover: { bg: 'gray.50' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  '&[data-active=true]': { borderColor: 'brand', bg: '#f5f8ff' },
});
export const triggerLabel = css({ color: 'muted' });
export const triggerValue = css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis' });
export const caret = css({ color: 'muted', fontSize: '10px' });
export const content = css({ width: '17rem', display: 'flex', flexDirection: 'column' });
export const search = css({
  m: '2',
  height: '8',
  px: '2',
  layerStyle: 'bordered',
  borderRadius: 'md',
  fontSize: 'sm',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '0' },
});
export const list = css({ listStyle: 'none', m: '0', p: '1', maxHeight: '18rem', overflowY: 'auto' });
export const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  width: '100%',
  minHeight: '8',
  px: '2',
  borderRadius: 'sm',
  border: 'none',
  bg: 'transparent',
  color: 'ink',
  fontSize: 'sm',
  textAlign: 'left',
  cursor: 'pointer',
  _hover: { bg: 'gray.100' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '-2px' },
  '&[aria-current=true]': { fontWeight: 'semibold' },
});
export const optionText = css({ flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const hint = css({ color: 'muted', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' });
export const swatch = css({ flexShrink: 0, width: '2.5', height: '2.5', borderRadius: 'full' });
export const check = css({ width: '4', height: '4', m: '0', accentColor: 'brand' });
export const note = css({ px: '3', py: '3', color: 'muted', fontSize: 'sm' });
export const foot = css({
  display: 'flex',
  justifyContent: 'space-between',
  alignItems: 'center',
  px: '2',
  py: '1.5',
  layerStyle: 'ruleAbove',
});
export const clear = css({
  bg: 'transparent',
  border: 'none',
  p: '0',
  fontSize: 'sm',
  _disabled: { color: 'muted', textDecoration: 'none', cursor: 'default' },
});
