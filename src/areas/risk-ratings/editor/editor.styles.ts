// The risk model editor: sections, nested groups (segment, parameter, metric), rows of mappings
// and filters, and the small inputs of numbers.
import { css } from '../../../../styled-system/css';
import { bareList, card } from '../../../ui/recipes';

export const form = css({ display: 'flex', flexDirection: 'column', gap: '5' });
export const fieldset = css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '5' });
export const section = card({ padding: 'md', gap: 'md' });
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
export const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fill, minmax(13rem, 1fr))' }, gap: '4', alignItems: 'start' });
export const group = css({
  layerStyle: 'bordered',
  borderRadius: 'md',
  p: '4',
  m: '0',
  minWidth: '0',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
});
export const innerGroup = css({
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
export const legend = css({ fontSize: 'sm', fontWeight: 'semibold', px: '1' });
export const groupHeader = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', justifyContent: 'space-between' });
export const rows = css(bareList, { display: 'flex', flexDirection: 'column', gap: '2' });
export const row = css({ display: 'flex', gap: '3', alignItems: 'flex-start', flexWrap: 'wrap', '& > div': { flex: '1 1 8rem', minWidth: '7rem' } });
export const rowEnd = css({ alignSelf: 'flex-end', flex: '0 0 auto !important', minWidth: 'auto !important' });
export const addRow = css({ display: 'flex', gap: '2', alignItems: 'flex-end', flexWrap: 'wrap' });
export const note = css({ color: 'muted', fontSize: 'xs', lineHeight: '1.5' });
export { choices as checks } from '../../../ui/dialog.styles';
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
export const ruleInput = css({
  width: '100%',
  height: '10',
  px: '3',
  layerStyle: 'surface',
  borderRadius: 'md',
  fontSize: 'sm',
  mt: '1.5',
  _disabled: { bg: 'gray.50', color: 'muted' },
});
export const grow = css({ mr: 'auto' });
