import { css } from '../../../../styled-system/css';

export const body = css({ display: 'flex', flexDirection: 'column', gap: '4', py: '4' });
export const pickers = css({ display: 'flex', gap: '4', flexWrap: 'wrap', alignItems: 'flex-end', '& > div': { minWidth: '14rem' } });
export const note = css({ color: 'muted', fontSize: 'sm' });
export const warning = css({ color: 'warning', fontSize: 'sm' });
export const table = css({
  width: '100%',
  maxWidth: '56rem',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th': { textAlign: 'left', fontWeight: 'semibold', color: 'muted', fontSize: 'xs', px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'line' },
  '& td': { px: '3', py: '1.5', borderBottomWidth: '1px', borderColor: 'gray.100' },
});
export const column = css({ fontFamily: 'mono', fontSize: 'sm' });
export const actions = css({ display: 'flex', gap: '2', alignItems: 'center' });
