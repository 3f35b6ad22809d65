// The rules list and the rule page: header, toolbar, table, cards, the tabs' tables and notes.
import { css } from '../../../styled-system/css';

export const page = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '6', minWidth: '0', maxWidth: '96rem' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold', wordBreak: 'break-word' });
export const spacer = css({ flex: '1' });
export const intro = css({ color: 'muted', fontSize: 'sm', maxWidth: '60rem', lineHeight: '1.5' });
export const muted = css({ color: 'muted' });
export const small = css({ fontSize: 'xs', color: 'muted' });
export const toolbar = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
export const search = css({
  height: '9',
  px: '3',
  minWidth: '16rem',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  fontSize: 'sm',
  bg: 'white',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
});
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
export const stack = css({ display: 'flex', flexDirection: 'column', gap: '1', alignItems: 'flex-start' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted' });
export const card = css({
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'lg',
  p: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  minWidth: '0',
});
export const cardTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
export const meta = css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'muted' });
export const alert = css({
  color: 'danger',
  bg: 'red.50',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'red.200',
  borderRadius: 'md',
  px: '3',
  py: '2',
  fontSize: 'sm',
});
export const note = css({ color: 'muted', fontSize: 'sm' });
export const reasons = css({ color: 'muted', fontSize: 'xs', listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '0.5' });
export const crumbs = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'muted' });
export const pager = css({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '3', px: '3', py: '2', fontSize: 'sm', color: 'muted' });
export const mono = css({ fontFamily: 'mono', fontSize: 'xs' });
export const progress = css({ width: '8rem', height: '2', accentColor: 'token(colors.brand)' });
export const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fill, minmax(12rem, 1fr))' },
  gap: '3',
  m: '0',
  '& dt': { fontSize: 'xs', color: 'muted', fontWeight: 'medium' },
  '& dd': { m: '0', fontSize: 'sm' },
});
export const variables = css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', p: '0', m: '0' });
export const variable = css({ borderWidth: '1px', borderStyle: 'solid', borderColor: 'gray.200', borderRadius: 'md', p: '3', fontSize: 'sm' });
export const code = css({ fontFamily: 'mono', fontSize: 'xs', bg: 'gray.100', px: '1', borderRadius: 'sm' });
export const tree = css({
  listStyle: 'none',
  m: '0',
  pl: '4',
  borderLeftWidth: '2px',
  borderLeftStyle: 'solid',
  borderLeftColor: 'gray.200',
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  fontSize: 'sm',
});
export const treeOperator = css({ fontWeight: 'semibold', fontSize: 'xs', color: 'muted', textTransform: 'uppercase', letterSpacing: 'wide' });
export const change = css({
  fontSize: 'xs',
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  '& del': { color: 'danger' },
  '& ins': { color: 'success', textDecoration: 'none' },
});
export const plainFieldset = css({ border: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1.5', fontSize: 'sm' });
export const column = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });
export const tabsBox = css({ bg: 'white', borderWidth: '1px', borderStyle: 'solid', borderColor: 'line', borderRadius: 'lg', minWidth: '0' });
export const tabList = css({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: '1',
  px: '2',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
export const tab = css({
  position: 'relative',
  px: '2.5',
  py: '3',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'muted',
  bg: 'transparent',
  border: 'none',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _hover: { color: 'ink' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '-2px' },
  '&[data-selected]': {
    color: 'brand',
    _after: { content: '""', position: 'absolute', left: '2', right: '2', bottom: '-1px', height: '2px', bg: 'brand', borderRadius: 'full' },
  },
});
export const tabPanel = css({ minWidth: '0', _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '-2px' } });
export const tabBody = css({ p: '4', display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });
