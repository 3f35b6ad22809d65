// The rule editor: sections, a variable's card, the condition groups (nested, each indented), rows
// of fields, the window presets and the sticky actions.
import { css } from '../../../../styled-system/css';

export const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });
export const fieldset = css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '5' });
export const section = css({
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'lg',
  p: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  minWidth: '0',
});
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
export const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fill, minmax(14rem, 1fr))' }, gap: '4', alignItems: 'start' });
export const group = css({
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  p: '4',
  m: '0',
  minWidth: '0',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
});
export const conditionGroup = css({
  borderWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'gray.300',
  borderRadius: 'md',
  p: '3',
  m: '0',
  minWidth: '0',
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  bg: 'gray.50',
});
export const leaf = css({
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  flexWrap: 'wrap',
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'gray.200',
  borderRadius: 'md',
  p: '3',
  '& > div': { flex: '1 1 10rem', minWidth: '8rem' },
});
export const legend = css({ fontSize: 'sm', fontWeight: 'semibold', px: '1' });
export const groupHeader = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' });
export const grow = css({ flex: '1' });
export const row = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' });
export const rowEnd = css({ alignSelf: 'flex-end', flex: '0 0 auto !important', minWidth: 'auto !important' });
export const note = css({ color: 'muted', fontSize: 'xs', lineHeight: '1.5' });
export const checks = css({
  display: 'flex',
  gap: '1',
  columnGap: '4',
  flexWrap: 'wrap',
  fontSize: 'sm',
  border: 'none',
  p: '0',
  m: '0',
  '& label': { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
});
export const checksLegend = css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5', p: '0' });
export const presets = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' });
export const actions = css({
  display: 'flex',
  gap: '2',
  alignItems: 'center',
  justifyContent: 'flex-end',
  flexWrap: 'wrap',
  position: 'sticky',
  bottom: '0',
  bg: 'canvas',
  py: '3',
});
export const dirty = css({ color: 'warning', fontSize: 'sm', mr: 'auto' });
export const formError = css({ mr: 'auto' });
export const summary = css({ m: '0', pl: '5', fontSize: 'sm' });
