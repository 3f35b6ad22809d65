import { css } from '../../../../styled-system/css';
import { keyCap, pill } from '../../../ui/recipes';

// the view buttons: the segmented control of the address-kept tabs, as toggle buttons
export { tabList as views, tab as viewButton } from '../../../ui/AddressTabs.styles';
export const fieldGroup = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  height: '8',
  pl: '2.5',
  pr: '1',
  layerStyle: 'surface',
  borderRadius: 'md',
  fontSize: 'sm',
  color: 'muted',
  _focusWithin: { borderColor: 'brand' },
});
export const fieldActive = css({ borderColor: 'brand', color: 'ink' });
export const inlineInput = css({
  height: '6',
  px: '1',
  border: 'none',
  bg: 'transparent',
  color: 'ink',
  fontSize: 'sm',
  fontVariantNumeric: 'tabular-nums',
  outline: 'none',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', borderRadius: 'sm' },
});
export const dateInput = css({ width: '7.75rem' });
export const amountInput = css({ width: '4.75rem' });
export const dash = css({ color: 'muted' });
export const bulkBar = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  minHeight: '10',
  px: '3',
  py: '1',
  borderRadius: 'md',
  bg: '#eef4ff',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: '#c7d7fe',
  fontSize: 'sm',
});
export const bulkCount = css({ fontWeight: 'semibold', mr: '2', fontVariantNumeric: 'tabular-nums' });
export const bulkNote = css({ color: 'muted', fontSize: 'xs' });
export const keysHint = css({ color: 'muted', fontSize: 'xs', display: 'flex', gap: '3', alignItems: 'center' });
export const kbd = keyCap({ size: 'sm' });

export const inline = css({ display: 'flex', alignItems: 'center', gap: '1', minWidth: '0' });
export const more = css({
  flexShrink: 0,
  px: '1',
  borderRadius: 'sm',
  bg: 'gray.100',
  color: 'muted',
  fontSize: 'xs',
  fontWeight: 'medium',
});
export const status = css(pill, {
  borderWidth: '1px',
  borderStyle: 'solid',
  // Spec part 2, section 4 colours (given for cases, used for alerts alike): OPEN success,
  // CLOSED error, IN_REVIEW warning; RULE_VALIDATION is neutral.
  '&[data-status=OPEN]': { bg: '#ecfdf3', color: 'success', borderColor: '#abefc6' },
  '&[data-status=CLOSED]': { bg: '#fef3f2', color: 'danger', borderColor: '#fecdca' },
  '&[data-status=IN_REVIEW]': { bg: '#fffaeb', color: 'warning', borderColor: '#fedf89' },
  '&[data-status=RULE_VALIDATION]': { bg: 'gray.100', color: 'muted', borderColor: 'line' },
});
export const score = css({
  fontWeight: 'semibold',
  '&[data-risk=high]': { color: 'danger' },
  '&[data-risk=medium]': { color: 'warning' },
  '&[data-risk=low]': { color: 'success' },
});
export const tag = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  maxWidth: '8rem',
  px: '1.5',
  borderRadius: 'sm',
  bg: 'gray.100',
  fontSize: 'xs',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  flexShrink: 1,
  minWidth: '0',
});
export const tagDot = css({ flexShrink: 0, width: '2', height: '2', borderRadius: 'full' });
export const bulkBarIdle = css({ display: 'flex', alignItems: 'center', gap: '2', minHeight: '10', px: '1' });
