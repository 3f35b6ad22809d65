import { css } from '../../../../styled-system/css';
import { pickerMenu } from '../../../ui/list.recipes';

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
// the popover: its search, the list of options and the line said when none is there
export const { panel: content, search, list, option, empty: note } = pickerMenu({ kind: 'menu' });
export const optionText = css({ flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const hint = css({ color: 'muted', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' });
export const swatch = css({ flexShrink: 0, width: '2.5', height: '2.5', borderRadius: 'full' });
export const check = css({ width: '4', height: '4', m: '0', accentColor: 'brand' });
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
