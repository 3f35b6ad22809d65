import { css } from '../../../styled-system/css';

export const page = css({ p: '6', display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '72rem', width: '100%' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
export const count = css({ color: 'muted', fontSize: 'sm' });
export const spacer = css({ flex: '1' });
export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
export const toggle = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer' });
export const tableWrap = css({ bg: 'white', borderWidth: '1px', borderStyle: 'solid', borderColor: 'line', borderRadius: 'lg', overflow: 'hidden' });
export const table = css({ width: '100%', borderCollapse: 'collapse', fontSize: 'sm' });
export const th = css({
  textAlign: 'left',
  px: '4',
  py: '3',
  fontSize: 'xs',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  color: 'muted',
  bg: 'gray.50',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
export const row = css({
  cursor: 'pointer',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  _hover: { bg: 'gray.50' },
  _last: { borderBottomWidth: '0' },
});
export const unreadRow = css({ fontWeight: 'semibold' });
export const td = css({ px: '4', py: '3', verticalAlign: 'middle' });
export const dotCell = css({ width: '2.5rem', px: '4' });
export const dot = css({ display: 'inline-block', width: '2', height: '2', borderRadius: 'full', bg: 'brand' });
export const titleButton = css({
  bg: 'transparent',
  border: 'none',
  p: '0',
  font: 'inherit',
  color: 'ink',
  textAlign: 'left',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
});
export const timeCell = css({ whiteSpace: 'nowrap', color: 'muted', fontWeight: 'normal' });
export const actionCell = css({ width: '9rem', textAlign: 'right' });
export const pager = css({ display: 'flex', alignItems: 'center', gap: '3', justifyContent: 'flex-end', fontSize: 'sm', color: 'muted' });
export const select = css({ height: '8', px: '2', borderWidth: '1px', borderStyle: 'solid', borderColor: 'line', borderRadius: 'md', bg: 'white' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted' });
/** A native checkbox drawn as a switch (role="switch"), so it stays a plain form control. */
export const switchInput = css({
  appearance: 'none',
  position: 'relative',
  width: '9',
  height: '5',
  m: '0',
  borderRadius: 'full',
  bg: 'gray.300',
  cursor: 'pointer',
  transition: 'background 120ms',
  flexShrink: 0,
  _before: {
    content: '""',
    position: 'absolute',
    top: '2px',
    left: '2px',
    width: '4',
    height: '4',
    borderRadius: 'full',
    bg: 'white',
    boxShadow: 'sm',
    transition: 'transform 120ms',
  },
  _checked: { bg: 'brand', _before: { transform: 'translateX(16px)' } },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
});
