// The Processing Errors panel (370 px): facts, error groups and their instances, debug.
import { css } from '../../../../../styled-system/css';
import { factGrid } from '../../../../ui/detail.recipes';

export const body = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '4', fontSize: 'sm' });
export const facts = factGrid({ density: 'panel' });
export const actions = css({ display: 'flex', gap: '2', flexWrap: 'wrap' });
export const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold' });
export const group = css({
  layerStyle: 'bordered',
  borderRadius: 'md',
  '& > summary': { cursor: 'pointer', px: '3', py: '2', fontWeight: 'medium', display: 'flex', justifyContent: 'space-between', gap: '2' },
});
export const instances = css({ listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '2', px: '3', pb: '3' });
export const instance = factGrid({ density: 'card' });
export const raw = css({ fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'pre-wrap', wordBreak: 'break-all', m: '0' });
export const note = css({ color: 'muted', fontSize: 'xs' });
export const key = css({ fontFamily: 'mono', fontSize: 'xs', bg: 'gray.50', borderRadius: 'md', px: '2', py: '1', wordBreak: 'break-all' });
export const error = css({ color: 'danger' });
