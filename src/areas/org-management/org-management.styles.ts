import { css } from '../../../styled-system/css';
import { dataTable } from '../../ui/table.recipes';
import { bareList, card as cardRecipe } from '../../ui/recipes';

export const page = css({ p: '6', display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '80rem', width: '100%' });
export const header = css({ display: 'flex', alignItems: 'baseline', gap: '4', flexWrap: 'wrap' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
export const muted = css({ color: 'muted', fontSize: 'sm' });
export const filters = css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'flex-end' });
export const filter = css({ display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'sm', minWidth: '12rem' });
export const label = css({ fontSize: 'xs', fontWeight: 'semibold', color: 'muted' });
export const control = css({
  height: '9',
  px: '2',
  layerStyle: 'surface',
  borderRadius: 'md',
  fontSize: 'sm',
});
export const tableWrap = css({ layerStyle: 'surface', borderRadius: 'lg', overflowX: 'auto' });
// the audit log: the shared table, narrower, its cells at the top and ruled below
const log = dataTable.raw({ density: 'sm', valign: 'top' });
export const table = css(log.table);
export const th = css(log.th);
export const td = css(log.td, { layerStyle: 'ruleBelow' });
export const nowrap = css({ whiteSpace: 'nowrap' });
export const code = css({ fontFamily: 'mono', fontSize: 'xs', wordBreak: 'break-word' });
export const fields = css(bareList, { display: 'flex', flexDirection: 'column', gap: '0.5' });
export const via = css({ display: 'block', color: 'muted', fontSize: 'xs' });
export const pager = css({ display: 'flex', alignItems: 'center', gap: '3', justifyContent: 'flex-end', fontSize: 'sm', color: 'muted' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted' });
export const card = css(cardRecipe.raw({ padding: 'md', gap: 'md' }), { maxWidth: '40rem' });
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
