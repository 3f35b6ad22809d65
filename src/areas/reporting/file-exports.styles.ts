import { css } from '../../../styled-system/css';
import { ruledTable } from '../../ui/table.recipes';

export const table = ruledTable({ head: 'plain', valign: 'middle' });
export const num = css({ fontVariantNumeric: 'tabular-nums', textAlign: 'right', whiteSpace: 'nowrap' });
export const progress = css({ display: 'block', fontSize: 'xs', color: 'muted', fontVariantNumeric: 'tabular-nums' });
export const pager = css({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '3', py: '2', fontSize: 'sm', color: 'muted' });
