import { css } from '../../../../styled-system/css';
import { focusRing } from '../../../ui/recipes';

// The page fills the window below the top bar, so the table scrolls inside it and its header stays.
export const page = css({ height: 'calc(100vh - 72px)', display: 'flex', flexDirection: 'column', gap: '4', p: '6', minWidth: '0' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
export const count = css({ color: 'muted', fontSize: 'sm' });
export const spacer = css({ flex: '1' });
export const tabs = css({
  display: 'inline-flex',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  overflow: 'hidden',
  bg: 'white',
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
  maxWidth: '20rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  _hover: { bg: 'gray.50' },
  _focusVisible: focusRing,
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
export const menu = css({
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  boxShadow: 'lg',
  py: '1',
  minWidth: '14rem',
  maxHeight: '20rem',
  overflowY: 'auto',
  zIndex: 55,
  outline: 'none',
});
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
export const popover = css({
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  boxShadow: 'lg',
  p: '3',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  zIndex: 55,
  outline: 'none',
});
export const popoverTitle = css({ fontSize: 'sm', fontWeight: 'semibold' });
export const dateField = css({ display: 'flex', alignItems: 'center', gap: '2', justifyContent: 'space-between' });
export const dateLabel = css({ fontSize: 'sm', color: 'muted', width: '3rem' });
export const dateInput = css({
  height: '8',
  px: '2',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  fontSize: 'sm',
  _focusVisible: focusRing,
});
export const empty = css({ p: '10', textAlign: 'center', color: 'muted', fontSize: 'sm' });
export const footer = css({ display: 'flex', alignItems: 'center', gap: '3', fontSize: 'xs', color: 'muted' });
export const tableCard = css({
  flex: '1',
  minHeight: '0',
  display: 'flex',
  flexDirection: 'column',
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'lg',
  overflow: 'hidden',
});
