// The rules admin dashboard and its panel: header, toolbar, table, the panel's column.
import { css } from '../../../styled-system/css';

export const page = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '6', minWidth: '0', maxWidth: '110rem' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold' });
export const spacer = css({ flex: '1' });
export const intro = css({ color: 'muted', fontSize: 'sm', maxWidth: '60rem', lineHeight: '1.5' });
export const muted = css({ color: 'muted' });
export const small = css({ fontSize: 'xs', color: 'muted' });
export const toolbar = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
const control = {
  height: '9',
  px: '3',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  fontSize: 'sm',
  bg: 'white',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
} as const;
export const search = css({ ...control, minWidth: '16rem' });
export const select = css({ ...control, maxWidth: '16rem' });
export const label = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'muted' });
export const tableFrame = css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'line', borderRadius: 'lg', bg: 'white', overflowX: 'auto' });
export const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th': {
    textAlign: 'left',
    fontWeight: 'semibold',
    color: 'muted',
    fontSize: 'xs',
    px: '3',
    py: '2',
    borderBottomWidth: '1px',
    borderColor: 'line',
    whiteSpace: 'nowrap',
  },
  '& td': { px: '3', py: '2.5', borderBottomWidth: '1px', borderColor: 'gray.100', verticalAlign: 'top' },
  '& tr:last-child td': { borderBottomWidth: '0' },
});
export const numeric = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'right !important' as 'right', whiteSpace: 'nowrap' });
export const warn = css({ color: 'danger', fontWeight: 'semibold' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted' });
export const openButton = css({
  bg: 'transparent',
  border: 'none',
  p: '0',
  color: 'brand',
  fontWeight: 'medium',
  textAlign: 'left',
  cursor: 'pointer',
  _hover: { textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px', borderRadius: 'sm' },
});
export const column = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });
export const panelHead = css({ display: 'flex', flexDirection: 'column', gap: '1.5', alignItems: 'flex-start' });
export const panelTitle = css({ fontSize: 'md', fontWeight: 'semibold', wordBreak: 'break-word' });
