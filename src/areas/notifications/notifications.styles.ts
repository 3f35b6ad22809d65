import { css } from '../../../styled-system/css';
import { dataTable } from '../../ui/table.recipes';

export const page = css({ p: '6', display: 'flex', flexDirection: 'column', gap: '4', maxWidth: '72rem', width: '100%' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
export const count = css({ color: 'muted', fontSize: 'sm' });
export const spacer = css({ flex: '1' });
export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
export const toggle = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontSize: 'sm', cursor: 'pointer' });
export const tableWrap = css({ layerStyle: 'surface', borderRadius: 'lg', overflow: 'hidden' });
// the shared table, roomier, its header free to wrap; a row opens its notification
const list = dataTable.raw({ density: 'lg' });
export const table = css(list.table);
export const th = css(list.th, { whiteSpace: 'normal' });
export const row = css(list.tr, { cursor: 'pointer' });
export const unreadRow = css({ fontWeight: 'semibold' });
export const td = css(list.td);
export const dotCell = css({ width: '2.5rem', px: '4' });
export const dot = css({ display: 'inline-block', width: '2', height: '2', borderRadius: 'full', bg: 'brand' });
export const titleButton = css({
  bg: 'transparent',
  border: 'none',
  p: '0',
  font: 'inherit',
  color: 'ink',
  textAlign: 'left',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
});
export const timeCell = css({ whiteSpace: 'nowrap', color: 'muted', fontWeight: 'normal' });
export const actionCell = css({ width: '9rem', textAlign: 'right' });
export const pager = css({ display: 'flex', alignItems: 'center', gap: '3', justifyContent: 'flex-end', fontSize: 'sm', color: 'muted' });
export const select = css({ height: '8', px: '2', layerStyle: 'surface', borderRadius: 'md' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted' });
