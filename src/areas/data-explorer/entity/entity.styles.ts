import { css } from '../../../../styled-system/css';
import { focusRing } from '../../../ui/recipes';

export const page = css({ p: '6', display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '100rem', width: '100%', minWidth: '0' });
export const crumbs = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', color: 'muted' });
export const crumbLink = css({ color: 'muted', textDecoration: 'none', _hover: { color: 'ink', textDecoration: 'underline' }, _focusVisible: focusRing });

export const headerCard = css({
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'lg',
  p: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
});
export const titleRow = css({ display: 'flex', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap', justifyContent: 'space-between' });
export const titleBlock = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold', lineHeight: '1.25', m: '0', overflowWrap: 'anywhere' });
export const panelTitle = css({ fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.3', m: '0', overflowWrap: 'anywhere' });
export const subtitle = css({ color: 'muted', fontSize: 'sm', fontFamily: 'mono' });
export const facts = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))', gap: '4', m: '0' });
export const compactFacts = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', m: '0' });
export const fact = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
export const factLabel = css({ fontSize: 'xs', color: 'muted', fontWeight: 'medium', textTransform: 'uppercase', letterSpacing: 'wide' });
export const factValue = css({
  fontSize: 'sm',
  color: 'ink',
  m: '0',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  flexWrap: 'wrap',
  overflowWrap: 'anywhere',
});
export const reasons = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', listStyle: 'none', m: '0', p: '0' });

export const layout = css({ display: 'grid', gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 1fr) 26rem' }, gap: '4', alignItems: 'start' });
export const column = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });

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
  _focusVisible: { ...focusRing, outlineOffset: '-2px' },
  '&[data-selected]': {
    color: 'brand',
    _after: { content: '""', position: 'absolute', left: '2', right: '2', bottom: '-1px', height: '2px', bg: 'brand', borderRadius: 'full' },
  },
});
export const tabPanel = css({ minWidth: '0', _focusVisible: { ...focusRing, outlineOffset: '-2px' } });
export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3', px: '4', py: '3', flexWrap: 'wrap', fontSize: 'sm' });

export const tableScroll = css({ overflowX: 'auto' });
export const table = css({ width: '100%', borderCollapse: 'collapse', fontSize: 'sm' });
export const th = css({
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
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
export const tr = css({
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  _last: { borderBottomWidth: '0' },
  _hover: { bg: 'gray.50' },
});
export const td = css({ px: '4', py: '2', verticalAlign: 'middle' });
export const num = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' });
export const mono = css({ fontFamily: 'mono', fontSize: 'xs' });
export const rowLink = css({ color: 'brand', fontWeight: 'medium', textDecoration: 'none', _hover: { textDecoration: 'underline' }, _focusVisible: focusRing });
export const empty = css({ px: '4', py: '8', textAlign: 'center', color: 'muted', fontSize: 'sm', m: '0' });
export const stateBox = css({
  px: '4',
  py: '6',
  display: 'flex',
  gap: '2',
  alignItems: 'center',
  justifyContent: 'center',
  color: 'danger',
  fontSize: 'sm',
  flexWrap: 'wrap',
});
export const pager = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: '3',
  px: '4',
  py: '2',
  fontSize: 'sm',
  color: 'muted',
  borderTopWidth: '1px',
  borderTopStyle: 'solid',
  borderTopColor: 'line',
});

export const sectionBody = css({ px: '4', py: '3', display: 'flex', flexDirection: 'column', gap: '3' });
export const list = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column' });
export const listItem = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  px: '4',
  py: '2',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  _last: { borderBottomWidth: '0' },
});
export const secondary = css({ fontSize: 'xs', color: 'muted', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
export const gauge = css({ display: 'flex', alignItems: 'baseline', gap: '3', flexWrap: 'wrap' });
export const bigScore = css({ fontSize: '4xl', fontWeight: 'semibold', lineHeight: '1', fontVariantNumeric: 'tabular-nums' });
export const inlineLinks = css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', m: '0', p: '0' });
