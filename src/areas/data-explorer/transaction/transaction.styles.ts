import { css } from '../../../../styled-system/css';
import { bareList, focusRing } from '../../../ui/recipes';

export const page = css({ display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '60rem' });
export const body = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const header = css({ display: 'flex', flexDirection: 'column', gap: '1' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold', color: 'ink', overflowWrap: 'anywhere' });
export const crumb = css({ fontSize: 'sm', color: 'brand', textDecoration: 'none', _hover: { textDecoration: 'underline' }, _focusVisible: focusRing });
export const summary = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(9.5rem, 1fr))', gap: '3' });
export const stat = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' });
export const statLabel = css({ fontSize: 'xs', color: 'muted', fontWeight: 'medium', textTransform: 'uppercase', letterSpacing: 'wide' });
export const statValue = css({ fontSize: 'sm', color: 'ink', fontWeight: 'medium', overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' });
export const mono = css({ fontFamily: 'mono', fontSize: 'xs' });
export const section = css({
  layerStyle: 'ruleAbove',
  pt: '3',
  display: 'flex',
  flexDirection: 'column',
  gap: '2',
});
export const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold', color: 'ink', m: '0' });
export const sectionHead = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' });
export const note = css({ fontSize: 'sm', color: 'muted', m: '0' });
export const error = css({ fontSize: 'sm', color: 'danger', display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'baseline' });
export const riskButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  bg: 'transparent',
  border: 'none',
  p: '0',
  color: 'brand',
  fontSize: 'sm',
  fontWeight: 'semibold',
  cursor: 'pointer',
  textDecoration: 'underline',
  textDecorationStyle: 'dotted',
  textUnderlineOffset: '3px',
  borderRadius: 'sm',
  _focusVisible: focusRing,
});
export const popover = css({ p: '4', display: 'flex', flexDirection: 'column', gap: '3', maxWidth: 'calc(100vw - 2rem)' });
export const popoverTitle = css({ fontSize: 'md', fontWeight: 'semibold', m: '0' });
export const evidenceList = css(bareList, { display: 'flex', flexDirection: 'column', gap: '2' });
export const evidenceRow = css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '3', fontSize: 'sm' });
export const up = css({ color: 'danger', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const down = css({ color: 'success', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });
export const link = css({ color: 'brand', textDecoration: 'none', _hover: { textDecoration: 'underline' }, _focusVisible: focusRing });
export const logList = css(bareList, { display: 'flex', flexDirection: 'column', gap: '1.5' });
export const logRow = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' });
export const logName = css({ flex: '1', minWidth: '0', overflowWrap: 'anywhere' });
export const ruleIcon = css({ display: 'inline-flex', color: 'muted', flexShrink: 0 });
