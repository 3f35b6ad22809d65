import { css } from '../../styled-system/css';

/** Dense rows: a console list shows as many alerts as fit, aligned on one grid per row. */
export const ROW_HEIGHT = 36;
export const HEADER_HEIGHT = 34;

export const scroller = css({
  position: 'relative',
  flex: '1',
  minHeight: '0',
  overflow: 'auto',
  bg: 'white',
  overscrollBehavior: 'contain',
});
export const grid = css({ position: 'relative', fontSize: '13px', color: 'ink' });
export const headerRow = css({
  position: 'sticky',
  top: '0',
  zIndex: 2,
  display: 'grid',
  alignItems: 'stretch',
  height: `${HEADER_HEIGHT}px`,
  bg: 'gray.50',
  layerStyle: 'ruleBelow',
});
export const headerCell = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  px: '2',
  minWidth: '0',
  textStyle: 'caption',
  color: 'muted',
  whiteSpace: 'nowrap',
  userSelect: 'none',
});
export const alignEnd = css({ justifyContent: 'flex-end', textAlign: 'right' });
export const sortButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  height: '100%',
  maxWidth: '100%',
  p: '0',
  bg: 'transparent',
  border: 'none',
  font: 'inherit',
  color: 'inherit',
  textTransform: 'inherit',
  letterSpacing: 'inherit',
  cursor: 'pointer',
  _hover: { color: 'ink' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '-2px', borderRadius: 'sm' },
});
export const sortActive = css({ color: 'ink' });
export const sortMark = css({ fontSize: '10px', lineHeight: '1', width: '2' });
export const row = css({
  position: 'absolute',
  left: '0',
  right: '0',
  display: 'grid',
  alignItems: 'center',
  height: `${ROW_HEIGHT}px`,
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'gray.100',
  cursor: 'pointer',
  outline: 'none',
  _hover: { bg: 'gray.50' },
  // The active row: a brand bar on its left and a tint, plus the ring while it has focus.
  '&[aria-selected=true]': { bg: '#eef4ff', boxShadow: 'inset 3px 0 0 token(colors.brand)' },
  _focusVisible: { boxShadow: 'inset 3px 0 0 token(colors.brand), inset 0 0 0 2px token(colors.brand)' },
});
export const checkedRow = css({ bg: '#f5f8ff' });
export const cell = css({
  px: '2',
  minWidth: '0',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});
export const checkCell = css({ display: 'flex', alignItems: 'center', justifyContent: 'center', px: '0' });
export const checkbox = css({ width: '4', height: '4', m: '0', cursor: 'pointer', accentColor: 'brand' });
export const skeleton = css({ display: 'block', height: '2.5', width: '70%', borderRadius: 'sm', bg: 'gray.100' });
