// User management, the agent profile and the team page.
import { css } from '../../../styled-system/css';
import { focusRing } from '../../ui/recipes';

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
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  fontSize: 'sm',
  bg: 'white',
  _focusVisible: focusRing,
});
export const count = css({ color: 'muted', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' });
export const tableCard = css({ overflow: 'auto', bg: 'white', borderWidth: '1px', borderStyle: 'solid', borderColor: 'line', borderRadius: 'md' });
export const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
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
  '& td': { px: '3', py: '2', borderBottomWidth: '1px', borderBottomStyle: 'solid', borderBottomColor: 'gray.100', verticalAlign: 'middle' },
});
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
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
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
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
});
export const checkRow = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' });
export const fieldset = css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '1.5' });
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
