// The risk ratings list and the model page: header, table, badges' rows, the validation summary.
import { css } from '../../../styled-system/css';
import { ruledTable } from '../../ui/table.recipes';
import { card as cardRecipe, notice } from '../../ui/recipes';

export const page = css({ display: 'flex', flexDirection: 'column', gap: '5', p: '6', minWidth: '0', maxWidth: '80rem' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold', wordBreak: 'break-word' });
export const spacer = css({ flex: '1' });
export const intro = css({ color: 'muted', fontSize: 'sm', maxWidth: '60rem', lineHeight: '1.5' });
export const muted = css({ color: 'muted' });
export const small = css({ fontSize: 'xs', color: 'muted' });
export const tableFrame = css({ layerStyle: 'surface', borderRadius: 'lg', overflowX: 'auto' });
export const table = css(ruledTable.raw({ head: 'plain', valign: 'top' }), { '& td': { py: '2.5' } });
export const stack = css({ display: 'flex', flexDirection: 'column', gap: '1', alignItems: 'flex-start' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted' });
export const backLink = css({ fontSize: 'sm' });
export const toolbar = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });
export const card = cardRecipe({ padding: 'md', gap: 'sm' });
export const cardTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
export const meta = css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'muted' });
export const alert = notice();
export const note = css({ color: 'muted', fontSize: 'sm' });

export const bar = css({ display: 'flex', height: '3', borderRadius: 'full', overflow: 'hidden', bg: 'gray.100' });
export const barLow = css({ bg: 'success' });
export const barMedium = css({ bg: 'warning' });
export const barHigh = css({ bg: 'danger' });
export const swatch = css({ display: 'inline-block', width: '2.5', height: '2.5', borderRadius: 'full', mr: '2' });
export const numeric = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'right' });
export const distribution = css({
  fontSize: 'sm',
  borderCollapse: 'collapse',
  '& th, & td': { px: '3', py: '1.5', textAlign: 'left' },
  '& th[scope=col]': { color: 'muted', fontSize: 'xs', fontWeight: 'semibold' },
});
