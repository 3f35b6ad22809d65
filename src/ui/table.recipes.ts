// The tables of detail pages, their tabs and panels (an alert's transactions, an entity's action
// events, a case's linked objects, an instrument's transactions): a header of small capitals on grey,
// rows ruled between, and the states that stand in for the rows.
import { sva } from '../../styled-system/css';
import { focusRing } from './recipes';

export const dataTable = sva({
  slots: ['scroll', 'table', 'th', 'tr', 'td', 'num', 'end', 'mono', 'link', 'empty', 'error', 'pager'],
  base: {
    scroll: { overflowX: 'auto' },
    table: { width: '100%', borderCollapse: 'collapse', fontSize: 'sm' },
    th: {
      textAlign: 'left',
      px: '4',
      py: '2',
      fontSize: 'xs',
      fontWeight: 'semibold',
      textTransform: 'uppercase',
      letterSpacing: 'wide',
      color: 'muted',
      bg: 'gray.50',
      whiteSpace: 'nowrap',
      layerStyle: 'ruleBelow',
    },
    tr: { layerStyle: 'ruleBelow', _last: { borderBottomWidth: '0' }, _hover: { bg: 'gray.50' } },
    td: { px: '4', py: '2', verticalAlign: 'middle' },
    // figures: right-aligned, in tabular digits, never broken
    num: { fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' },
    end: { textAlign: 'right' },
    mono: { fontFamily: 'mono', fontSize: 'xs' },
    link: { color: 'brand', fontWeight: 'medium', textDecoration: 'none', _hover: { textDecoration: 'underline' }, _focusVisible: focusRing },
    empty: { px: '4', py: '8', textAlign: 'center', color: 'muted', fontSize: 'sm' },
    error: { px: '4', py: '6', display: 'flex', gap: '2', alignItems: 'center', justifyContent: 'center', color: 'danger', fontSize: 'sm', flexWrap: 'wrap' },
    pager: {
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'flex-end',
      gap: '3',
      px: '4',
      py: '2',
      fontSize: 'sm',
      color: 'muted',
      layerStyle: 'ruleAbove',
    },
  },
});

/** The slots' classes, for cells that link or show an id inside a shared table. */
export const tableParts = dataTable();
