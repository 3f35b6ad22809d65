// The detail pages (an alert, a case, an entity, an instrument) and their panels: the page's frame
// with its breadcrumb and two columns, the header card (title, id line, status, actions), the
// titled sections beside it, the labelled fields, and the tabs under the header.
import { css, cva, sva } from '../../styled-system/css';
import { focusRing } from './recipes';

export const detailPage = sva({
  slots: ['page', 'crumbs', 'crumbLink', 'layout', 'column'],
  base: {
    page: { p: '6', display: 'flex', flexDirection: 'column', gap: '4', width: '100%', minWidth: '0' },
    crumbs: { display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'muted' },
    crumbLink: { color: 'muted', textDecoration: 'none', _hover: { color: 'ink', textDecoration: 'underline' }, _focusVisible: focusRing },
    // the main column and, on a wide screen, a column of 26rem beside it
    layout: { display: 'grid', gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 1fr) 26rem' }, gap: '4', alignItems: 'start' },
    column: { display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' },
  },
  variants: {
    width: {
      md: { page: { maxWidth: '96rem' } },
      lg: { page: { maxWidth: '100rem' } },
    },
  },
  defaultVariants: { width: 'lg' },
});

/**
 * The header: a card on the page, a plain block in the panel. Work items (alerts, cases) carry their
 * status chip in the title and their actions beside it; records (entities, instruments) show their
 * external id in the monospace face.
 */
export const detailHeader = sva({
  slots: ['root', 'titleRow', 'titleBlock', 'title', 'subtitle', 'actions', 'note'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '4' },
    titleRow: { display: 'flex', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap' },
    titleBlock: { display: 'flex', flexDirection: 'column', gap: '1' },
    title: { fontWeight: 'semibold' },
    subtitle: { color: 'muted', fontSize: 'sm' },
    actions: { display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' },
    note: { fontSize: 'xs', color: 'muted' },
  },
  variants: {
    compact: {
      false: { root: { layerStyle: 'surface', borderRadius: 'lg', p: '5' }, title: { fontSize: '2xl', lineHeight: '1.25' } },
      true: { title: { fontSize: 'lg', lineHeight: '1.3' } },
    },
    kind: {
      work: { titleBlock: { flex: '1', minWidth: '16rem' }, title: { display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' } },
      record: {
        titleRow: { justifyContent: 'space-between' },
        titleBlock: { minWidth: '0' },
        title: { m: '0', overflowWrap: 'anywhere' },
        subtitle: { fontFamily: 'mono' },
      },
    },
  },
  compoundVariants: [
    { kind: 'work', compact: true, css: { title: { gap: '2' } } },
    { kind: 'record', compact: true, css: { root: { minWidth: '0' } } },
  ],
  defaultVariants: { compact: false, kind: 'work' },
});

/** A titled section of a detail page or panel: a card with a ruled header. */
export const section = sva({
  slots: ['root', 'header', 'title', 'body', 'note'],
  base: {
    root: { layerStyle: 'surface', borderRadius: 'lg', display: 'flex', flexDirection: 'column', minWidth: '0' },
    header: { display: 'flex', alignItems: 'center', gap: '2', px: '4', py: '3', layerStyle: 'ruleBelow' },
    title: { fontSize: 'sm', fontWeight: 'semibold', color: 'ink', flex: '1' },
    body: { p: '4', display: 'flex', flexDirection: 'column', gap: '3' },
    note: { color: 'muted', fontSize: 'sm' },
  },
});

/** A labelled value: a small caption over the value, a chip or a control. */
export const field = sva({
  slots: ['root', 'label'],
  base: {
    root: { display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' },
    label: { fontSize: 'xs', color: 'muted', fontWeight: 'medium', textTransform: 'uppercase', letterSpacing: 'wide' },
  },
});

/** The tabs under a detail page's header: they wrap onto a second row rather than scroll. */
export const detailTabs = sva({
  slots: ['list', 'tab', 'panel'],
  base: {
    list: { display: 'flex', flexWrap: 'wrap', columnGap: '1', px: '2', layerStyle: 'ruleBelow' },
    tab: {
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
      _focusVisible: { ...focusRing, outlineOffset: '-2px' },
      '&[data-selected]': {
        color: 'brand',
        _after: { content: '""', position: 'absolute', left: '2', right: '2', bottom: '-1px', height: '2px', bg: 'brand', borderRadius: 'full' },
      },
    },
    panel: { minWidth: '0', _focusVisible: { ...focusRing, outlineOffset: '-2px' } },
  },
});

/** An item of a list in a section: a name over a line of detail, ruled from the next. */
export const ruledItem = css.raw({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  px: '4',
  py: '2',
  layerStyle: 'ruleBelow',
  _last: { borderBottomWidth: '0' },
});

/** A definition list as two columns, each term muted beside its value: a panel's facts, a profile's details. */
export const factGrid = cva({
  base: { display: 'grid', '& dt': { color: 'muted' } },
  variants: {
    density: {
      // the terms as wide as the widest, long values broken anywhere
      panel: { gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1.5', '& dd': { minWidth: '0', wordBreak: 'break-word' } },
      // the same on a tinted card, in small print
      card: {
        gridTemplateColumns: 'auto 1fr',
        columnGap: '2',
        rowGap: '1',
        fontSize: 'xs',
        bg: 'gray.50',
        borderRadius: 'md',
        p: '2',
        '& dd': { minWidth: '0', wordBreak: 'break-word' },
      },
      page: { gridTemplateColumns: 'max-content 1fr', columnGap: '6', rowGap: '2', fontSize: 'sm', '& dd': { m: '0' } },
    },
  },
});
