import { css } from '../../../../styled-system/css';
import { focusRing } from '../../../ui/recipes';

export const page = css({ p: '6', display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '96rem', width: '100%', minWidth: '0' });
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
export const panelHeader = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  pb: '4',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
});
export const panelTitle = css({ fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.3', display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
export const titleRow = css({ display: 'flex', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap' });
export const titleBlock = css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minWidth: '16rem' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold', lineHeight: '1.25', display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const subtitle = css({ color: 'muted', fontSize: 'sm' });
export const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
export const fields = css({ display: 'flex', gap: '6', flexWrap: 'wrap', alignItems: 'flex-start' });
export const description = css({ fontSize: 'sm', lineHeight: '1.6', color: 'ink', whiteSpace: 'pre-wrap', maxWidth: '72ch' });
export const fieldValue = css({ fontSize: 'sm', color: 'ink' });
export const frozenNote = css({ fontSize: 'xs', color: 'muted' });

export const layout = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', xl: 'minmax(0, 1fr) 26rem' },
  gap: '4',
  alignItems: 'start',
});
export const column = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });

export const sectionCount = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '5',
  height: '5',
  px: '1.5',
  ml: '1',
  borderRadius: 'full',
  bg: 'gray.100',
  color: 'muted',
  fontSize: 'xs',
  fontWeight: 'semibold',
});
export const sectionEmpty = css({ px: '4', py: '3', color: 'muted', fontSize: 'sm' });
export const sectionFooter = css({ px: '4', py: '2', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'line' });
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
export const alignEnd = css({ textAlign: 'right' });
export const rowLink = css({ color: 'brand', fontWeight: 'medium', textDecoration: 'none', _hover: { textDecoration: 'underline' }, _focusVisible: focusRing });
export const mono = css({ fontFamily: 'mono', fontSize: 'xs' });
export const num = css({ fontVariantNumeric: 'tabular-nums' });

export const compactList = css({ listStyle: 'none', m: '0', p: '0' });
export const compactItem = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '0.5',
  px: '4',
  py: '2',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  _last: { borderBottomWidth: '0' },
  fontSize: 'sm',
});
export const compactPrimary = css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis' });
export const compactDetail = css({ color: 'muted', fontSize: 'xs', display: 'inline-flex', alignItems: 'center', gap: '1' });
export const compactLabel = css({ color: 'muted' });

export const stateBox = css({
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'lg',
  p: '10',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '3',
  textAlign: 'center',
});
export const stateTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });
export const stateText = css({ color: 'muted', fontSize: 'sm', maxWidth: '40rem', lineHeight: '1.6' });
