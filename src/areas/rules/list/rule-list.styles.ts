// The rules list's toolbar: the filter button and its menu, the queue picker.
import { css } from '../../../../styled-system/css';

export const filterButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  height: '9',
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
  '&[data-active]': { borderStyle: 'solid', borderColor: 'brand', color: 'brand' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
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
export const queueSelect = css({
  height: '9',
  px: '2',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  fontSize: 'sm',
  bg: 'white',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
});
export const label = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'muted' });
