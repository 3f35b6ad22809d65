// The list pages (alerts, cases, the data explorer, data mapping): the page fills the window under
// the top bar, so the table scrolls inside its frame while the header and the filters stay put; and
// the filter bar above the table, whose buttons name what they filter by and open a menu or a
// popover of choices.
import { sva } from '../../styled-system/css';
import { focusRing } from './recipes';

export const listPage = sva({
  slots: ['page', 'header', 'title', 'count', 'spacer', 'frame', 'progress', 'state'],
  base: {
    page: { display: 'flex', flexDirection: 'column', minWidth: '0' },
    header: { display: 'flex', alignItems: 'center', flexWrap: 'wrap' },
    title: { fontWeight: 'semibold' },
    count: { color: 'muted', fontSize: 'sm' },
    spacer: { flex: '1' },
    frame: {
      flex: '1',
      minHeight: '0',
      display: 'flex',
      flexDirection: 'column',
      position: 'relative',
      layerStyle: 'surface',
      borderRadius: 'lg',
      overflow: 'hidden',
    },
    // a thin bar along the top of the table while a page of rows is on its way
    progress: {
      position: 'absolute',
      top: '0',
      left: '0',
      right: '0',
      height: '2px',
      zIndex: 3,
      bg: 'brand',
      opacity: 0.6,
      transformOrigin: 'left',
      animation: 'pulse 1.2s ease-in-out infinite',
    },
    state: { p: '10', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '3', color: 'muted', fontSize: 'sm' },
  },
  variants: {
    density: {
      // the work lists: as many rows as fit
      compact: {
        page: { gap: '3', height: 'calc(100dvh - token(sizes.topBar))', minHeight: '30rem', px: '5', pt: '4', pb: '4' },
        header: { gap: '4' },
        title: { fontSize: 'xl', lineHeight: '1.2' },
        count: { fontVariantNumeric: 'tabular-nums' },
      },
      roomy: {
        page: { height: 'calc(100vh - 72px)', gap: '4', p: '6' },
        header: { gap: '3' },
        title: { fontSize: '2xl' },
      },
    },
    /** The empty and failed states fill the table's frame and sit in its middle. */
    fill: {
      true: { state: { flex: '1', justifyContent: 'center', textAlign: 'center' } },
      false: {},
    },
  },
  defaultVariants: { density: 'compact', fill: false },
});

/** The cells of a list's virtual table. */
export const listCells = sva({
  slots: ['numeric', 'muted', 'truncate', 'mono', 'overdue', 'titleLink'],
  base: {
    numeric: { fontVariantNumeric: 'tabular-nums' },
    muted: { color: 'muted' },
    truncate: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: '0' },
    mono: { fontFamily: 'mono', fontSize: 'xs' },
    overdue: { color: 'danger', fontWeight: 'medium' },
    // the row's name, a real link for middle-click and "open in new tab"
    titleLink: {
      color: 'ink',
      fontWeight: 'medium',
      textDecoration: 'none',
      _hover: { color: 'brand', textDecoration: 'underline' },
      _focusVisible: focusRing,
    },
  },
});

export const filterBar = sva({
  slots: ['bar', 'trigger', 'menu', 'item', 'empty', 'separator', 'checkbox', 'radio', 'popover', 'heading', 'field', 'label', 'input', 'hint', 'clear'],
  base: {
    bar: { display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' },
    // a pill with a dashed outline until it filters, then solid in the brand colour
    trigger: {
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
    },
    menu: {
      layerStyle: 'surface',
      borderRadius: 'md',
      boxShadow: 'lg',
      zIndex: 55,
      outline: 'none',
      py: '1',
      minWidth: '14rem',
      maxHeight: '20rem',
      overflowY: 'auto',
    },
    item: { display: 'flex', alignItems: 'center', gap: '2', px: '3', py: '1.5', fontSize: 'sm', cursor: 'pointer', '&[data-highlighted]': { bg: 'gray.100' } },
    empty: { px: '3', py: '2', fontSize: 'sm', color: 'muted' },
    separator: { my: '1', layerStyle: 'ruleAbove' },
    checkbox: {
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
    },
    radio: {
      width: '3.5',
      height: '3.5',
      flexShrink: 0,
      borderRadius: 'full',
      borderWidth: '1px',
      borderStyle: 'solid',
      borderColor: 'gray.400',
      '&[data-checked]': { borderColor: 'brand', borderWidth: '4px' },
    },
    popover: {
      layerStyle: 'surface',
      borderRadius: 'md',
      boxShadow: 'lg',
      zIndex: 55,
      outline: 'none',
      p: '3',
      display: 'flex',
      flexDirection: 'column',
      gap: '3',
    },
    heading: { fontSize: 'sm', fontWeight: 'semibold' },
    field: { display: 'flex', alignItems: 'center', gap: '2', justifyContent: 'space-between' },
    label: { fontSize: 'sm', color: 'muted' },
    input: { height: '8', px: '2', layerStyle: 'surface', borderRadius: 'md', fontSize: 'sm', minWidth: '0', _focusVisible: focusRing },
    hint: { fontSize: 'xs', color: 'muted', maxWidth: '18rem' },
    clear: {
      bg: 'transparent',
      border: 'none',
      p: '0',
      color: 'brand',
      fontSize: 'sm',
      cursor: 'pointer',
      textDecoration: 'underline',
      textUnderlineOffset: '2px',
      _focusVisible: focusRing,
    },
  },
  variants: {
    // the case list's filters are a little narrower than the explorer's
    size: {
      md: { trigger: { maxWidth: '20rem' }, label: { width: '3rem' } },
      lg: { popover: { minWidth: '16rem' }, label: { minWidth: '4rem' } },
    },
  },
  defaultVariants: { size: 'lg' },
});

/**
 * A popover that picks from a list: its search field, the list, an option, the line said when
 * nothing is there. `menu` is the alert list's options menu; `chip` the picker of a work chip (an
 * assignee, a queue, tags).
 */
export const pickerMenu = sva({
  slots: ['panel', 'search', 'list', 'option', 'empty'],
  base: {
    panel: { display: 'flex', flexDirection: 'column' },
    search: { layerStyle: 'bordered', borderRadius: 'md', fontSize: 'sm', _focusVisible: { ...focusRing, outlineOffset: '0' } },
    list: { listStyle: 'none', m: '0', overflowY: 'auto' },
    option: { display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer' },
    empty: { py: '3', color: 'muted', fontSize: 'sm' },
  },
  variants: {
    kind: {
      menu: {
        panel: { width: '17rem' },
        search: { m: '2', height: '8', px: '2' },
        list: { p: '1', maxHeight: '18rem' },
        // a button of its own, tinted under the pointer, ringed inside when focused, bold when current
        option: {
          _hover: { bg: 'gray.100' },
          _focusVisible: { ...focusRing, outlineOffset: '-2px' },
          '&[aria-current=true]': { fontWeight: 'semibold' },
          width: '100%',
          minHeight: '8',
          px: '2',
          borderRadius: 'sm',
          border: 'none',
          bg: 'transparent',
          color: 'ink',
          textAlign: 'left',
        },
        empty: { px: '3' },
      },
      chip: {
        panel: { width: '18rem', p: '2', gap: '2' },
        search: { height: '9', px: '2.5' },
        list: { p: '0', maxHeight: '16rem' },
        option: { px: '2', py: '1.5', borderRadius: 'md', '&[data-active]': { bg: 'blue.50' }, '&[aria-selected=true]': { fontWeight: 'semibold' } },
        empty: { px: '2' },
      },
    },
  },
});
