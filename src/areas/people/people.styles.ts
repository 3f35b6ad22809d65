// User management, the agent profile and the team page.
import { css } from '../../../styled-system/css';
import { focusRing } from '../../ui/recipes';
import { ruledTable } from '../../ui/table.recipes';

export const page = css({ display: 'flex', flexDirection: 'column', gap: '4', px: '5', pt: '4', pb: '6', minWidth: '0', maxWidth: '80rem' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.2' });
export const subtitle = css({ color: 'muted', fontSize: 'sm' });
export const spacer = css({ flex: '1' });
export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const search = css({
  height: '9',
  px: '3',
  minWidth: '16rem',
  layerStyle: 'surface',
  borderRadius: 'md',
  fontSize: 'sm',
  _focusVisible: focusRing,
});
export const count = css({ color: 'muted', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' });
export const tableCard = css({ overflow: 'auto', layerStyle: 'surface', borderRadius: 'md' });
export const table = ruledTable({ head: 'shaded', valign: 'middle' });
export const nameCell = css({ display: 'flex', alignItems: 'center', gap: '2' });
export const avatar = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '8',
  height: '8',
  borderRadius: 'full',
  bg: 'blue.100',
  color: 'brand',
  fontSize: 'xs',
  fontWeight: 'semibold',
  objectFit: 'cover',
});
export const bigAvatar = css({ width: '14', height: '14', fontSize: 'lg' });
export const muted = css({ color: 'muted' });
export const stateBox = css({ p: '6', color: 'muted', fontSize: 'sm', textAlign: 'center' });
export const card = css({
  layerStyle: 'surface',
  borderRadius: 'md',
  p: '5',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
});
export const details = css({
  display: 'grid',
  gridTemplateColumns: 'max-content 1fr',
  columnGap: '6',
  rowGap: '2',
  fontSize: 'sm',
  '& dt': { color: 'muted' },
  '& dd': { m: '0' },
});
export const list = css({ listStyle: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' });
export const switchRow = css({ display: 'flex', alignItems: 'flex-start', gap: '3', fontSize: 'sm', cursor: 'pointer', '& input': { mt: '1' } });
export const checkList = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  maxHeight: '12rem',
  overflowY: 'auto',
  p: '2',
  layerStyle: 'bordered',
  borderRadius: 'md',
});
export const checkRow = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' });
export const fieldset = css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '1.5' });
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
