// The tables of detail pages, their tabs and panels (an alert's transactions, an entity's action
// events, a case's linked objects, an instrument's transactions): a header of small capitals on grey,
// rows ruled between, and the states that stand in for the rows.
import { cva, sva } from '../../styled-system/css';
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
      textStyle: 'caption',
      color: 'muted',
      bg: 'gray.50',
      whiteSpace: 'nowrap',
      layerStyle: 'ruleBelow',
    },
    tr: { layerStyle: 'ruleBelow', _last: { borderBottomWidth: '0' } },
    td: { px: '4', py: '2' },
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
  variants: {
    /** How much room the cells take: a narrow column of facts, a detail page, a page of its own. */
    density: {
      sm: { th: { px: '3' }, td: { px: '3' } },
      md: {},
      lg: { th: { py: '3' }, td: { py: '3' } },
    },
    hover: { true: { tr: { _hover: { bg: 'gray.50' } } }, false: {} },
    valign: { middle: { td: { verticalAlign: 'middle' } }, top: { td: { verticalAlign: 'top' } } },
  },
  defaultVariants: { density: 'md', hover: true, valign: 'middle' },
});

/** The slots' classes, for cells that link or show an id inside a shared table. */
export const tableParts = dataTable();

/**
 * Tables styled from the table element down (people, data settings, risk models, flat files): the
 * header cells and the rows ruled below, in the grey header of the people lists or the small bold
 * header of the model and file lists.
 */
export const ruledTable = cva({
  base: { width: '100%', borderCollapse: 'collapse', fontSize: 'sm', '& td': { px: '3', py: '2', borderBottomWidth: '1px' } },
  variants: {
    head: {
      shaded: {
        '& th': {
          textAlign: 'left',
          fontWeight: 'medium',
          color: 'muted',
          px: '3',
          py: '2',
          bg: 'gray.50',
          borderBottomWidth: '1px',
          borderBottomStyle: 'solid',
          borderBottomColor: 'line',
        },
        '& td': { borderBottomStyle: 'solid', borderBottomColor: 'gray.100' },
      },
      plain: {
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
        '& td': { borderColor: 'gray.100' },
        '& tr:last-child td': { borderBottomWidth: '0' },
      },
    },
    valign: { middle: { '& td': { verticalAlign: 'middle' } }, top: { '& td': { verticalAlign: 'top' } } },
  },
  defaultVariants: { head: 'shaded', valign: 'middle' },
});

/** The box a settings table sits in and the box of its loading, failed and empty states. */
export const tableCard = sva({
  slots: ['card', 'state'],
  base: { card: { layerStyle: 'surface' } },
  variants: {
    look: {
      // the tabs of user management and data mapping
      card: { card: { overflow: 'auto', borderRadius: 'md' }, state: { p: '6', color: 'muted', fontSize: 'sm', textAlign: 'center' } },
      // the list pages of risk models, files, queues
      frame: { card: { borderRadius: 'lg', overflowX: 'auto' }, state: { p: '8', textAlign: 'center', color: 'muted' } },
    },
    /** The card takes the rest of its column, and the table scrolls inside it. */
    fill: { true: { card: { flex: '1', minHeight: '0' } }, false: {} },
  },
  defaultVariants: { look: 'card', fill: false },
});
