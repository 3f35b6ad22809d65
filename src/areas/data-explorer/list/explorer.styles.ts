import { css } from '../../../../styled-system/css';
import { focusRing } from '../../../ui/recipes';

// The page fills the viewport under the top bar, so the list scrolls inside itself and the header,
// tabs and filters stay put.
export const page = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  height: 'calc(100dvh - token(sizes.topBar))',
  minHeight: '30rem',
  px: '5',
  pt: '4',
  pb: '4',
  minWidth: '0',
});
export const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.2' });
export const count = css({ color: 'muted', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' });
export const spacer = css({ flex: '1' });
export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
export const filterButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  height: '8',
  px: '3',
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'line',
  borderRadius: 'full',
  bg: 'white',
  color: 'ink',
  fontSize: 'sm',
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  maxWidth: '22rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  _hover: { bg: 'gray.50' },
  _focusVisible: focusRing,
  _disabled: { cursor: 'not-allowed', color: 'muted', bg: 'gray.50' },
  '&[data-active]': { borderStyle: 'solid', borderColor: 'brand', color: 'brand', bg: 'blue.50' },
});
export const linkButton = css({
  bg: 'transparent',
  border: 'none',
  p: '0',
  color: 'brand',
  fontSize: 'sm',
  cursor: 'pointer',
  textDecoration: 'underline',
  textUnderlineOffset: '2px',
  _focusVisible: focusRing,
});
export const surface = css({
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  boxShadow: 'lg',
  zIndex: 55,
  outline: 'none',
});
export const menu = css({ py: '1', minWidth: '14rem', maxHeight: '20rem', overflowY: 'auto' });
export const menuItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  cursor: 'pointer',
  '&[data-highlighted]': { bg: 'gray.100' },
});
export const menuEmpty = css({ px: '3', py: '2', fontSize: 'sm', color: 'muted' });
export const menuSeparator = css({ my: '1', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'line' });
export const checkbox = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '4',
  height: '4',
  flexShrink: 0,
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'gray.400',
  borderRadius: 'sm',
  fontSize: '10px',
  color: 'white',
  '&[data-checked]': { bg: 'brand', borderColor: 'brand' },
});
export const radio = css({
  width: '3.5',
  height: '3.5',
  flexShrink: 0,
  borderRadius: 'full',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'gray.400',
  '&[data-checked]': { borderColor: 'brand', borderWidth: '4px' },
});
export const popover = css({ p: '3', display: 'flex', flexDirection: 'column', gap: '3', minWidth: '16rem' });
export const popoverTitle = css({ fontSize: 'sm', fontWeight: 'semibold' });
export const field = css({ display: 'flex', alignItems: 'center', gap: '2', justifyContent: 'space-between' });
export const fieldLabel = css({ fontSize: 'sm', color: 'muted', minWidth: '4rem' });
export const input = css({
  height: '8',
  px: '2',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  fontSize: 'sm',
  bg: 'white',
  minWidth: '0',
  _focusVisible: focusRing,
});
export const hint = css({ fontSize: 'xs', color: 'muted', maxWidth: '18rem' });
export const options = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', maxHeight: '16rem', overflowY: 'auto' });
export const option = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '0',
  px: '2',
  py: '1.5',
  borderRadius: 'sm',
  fontSize: 'sm',
  cursor: 'pointer',
  textAlign: 'start',
  width: '100%',
  border: 'none',
  bg: 'transparent',
  _hover: { bg: 'gray.100' },
  _focusVisible: focusRing,
});
export const optionDetail = css({ fontSize: 'xs', color: 'muted' });
export const chips = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexWrap: 'wrap', gap: '1' });
export const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  pl: '2',
  pr: '0.5',
  height: '6',
  borderRadius: 'full',
  bg: 'gray.100',
  fontSize: 'xs',
  maxWidth: '14rem',
});
export const chipRemove = css({
  border: 'none',
  bg: 'transparent',
  cursor: 'pointer',
  width: '5',
  height: '5',
  borderRadius: 'full',
  color: 'muted',
  _hover: { bg: 'gray.200', color: 'ink' },
  _focusVisible: focusRing,
});
export const stateBox = css({ p: '10', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', color: 'muted', fontSize: 'sm' });
export const tableCard = css({
  flex: '1',
  minHeight: '0',
  display: 'flex',
  flexDirection: 'column',
  position: 'relative',
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'lg',
  overflow: 'hidden',
});

// Cells.
export const numeric = css({ fontVariantNumeric: 'tabular-nums' });
export const muted = css({ color: 'muted' });
export const idLink = css({
  color: 'ink',
  fontWeight: 'medium',
  fontFamily: 'mono',
  fontSize: 'xs',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline', color: 'brand' },
});
export const truncate = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: '0' });
export const mono = css({ fontFamily: 'mono', fontSize: 'xs' });
export const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  height: '5',
  px: '2',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  bg: 'gray.100',
  color: 'ink',
  '&[data-tone=success]': { bg: '#ecfdf3', color: 'success' },
  '&[data-tone=warning]': { bg: '#fffaeb', color: 'warning' },
  '&[data-tone=error]': { bg: '#fef3f2', color: 'danger' },
});
export const censored = css({ color: 'muted', cursor: 'help', letterSpacing: '0.1em' });
