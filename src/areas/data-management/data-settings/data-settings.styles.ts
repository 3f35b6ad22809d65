// The Data settings tab and the Data Setting panel.
import { css } from '../../../../styled-system/css';
import { bareList, focusRing, linkButton, scrollBox as scrollBoxRecipe, searchInput } from '../../../ui/recipes';
import { ruledTable } from '../../../ui/table.recipes';

export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const search = searchInput();
export const chips = css({ display: 'flex', gap: '1.5', flexWrap: 'wrap' });
export const chip = css({
  height: '8',
  px: '3',
  layerStyle: 'surface',
  borderRadius: 'full',
  color: 'ink',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'gray.50' },
  _focusVisible: focusRing,
  '&[aria-pressed=true]': { borderColor: 'brand', color: 'brand', bg: 'blue.50' },
});
export const spacer = css({ flex: '1' });
export const count = css({ color: 'muted', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' });
export const tableCard = css({
  flex: '1',
  minHeight: '0',
  overflow: 'auto',
  layerStyle: 'surface',
  borderRadius: 'md',
});
export const table = css(ruledTable.raw({ head: 'shaded', valign: 'top' }), {
  '& th': { position: 'sticky', top: '0' },
  '& tbody tr': { cursor: 'pointer', _hover: { bg: 'gray.50' } },
  '& tbody tr[aria-selected=true]': { bg: 'blue.50' },
});
export const rowButton = css(linkButton.raw({ underline: 'none' }), { fontWeight: 'medium', textAlign: 'left' });
export const keyPath = css({ fontFamily: 'mono', fontSize: 'xs', color: 'muted', wordBreak: 'break-all' });
export const badge = css({ display: 'inline-block', px: '1.5', borderRadius: 'sm', bg: 'gray.100', color: 'muted', fontSize: 'xs', ml: '1.5' });
export const stateBox = css({ p: '6', color: 'muted', fontSize: 'sm', textAlign: 'center' });

// --- Panel ---
export const panelBody = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '4' });
export const heading = css({ fontSize: 'md', fontWeight: 'semibold' });
export const fieldset = css({ border: 'none', p: '0', m: '0', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '4' });
export const parts = css(bareList, { display: 'flex', flexWrap: 'wrap', gap: '1' });
export const part = css({ px: '1.5', py: '0.5', borderRadius: 'sm', bg: 'gray.100', fontFamily: 'mono', fontSize: 'xs', whiteSpace: 'pre' });
export const warning = css({ color: 'warning', fontSize: 'xs' });
export const checkRow = css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm' });
export const valueList = css(bareList, { display: 'flex', flexDirection: 'column', gap: '1' });
export const valueItem = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '2',
  fontSize: 'sm',
  px: '2',
  py: '1',
  bg: 'gray.50',
  borderRadius: 'sm',
  wordBreak: 'break-all',
});
export const addRow = css({ display: 'flex', gap: '2', alignItems: 'flex-start' });
export const scrollBox = scrollBoxRecipe();
export const legend = css({ fontSize: 'sm', fontWeight: 'medium', mb: '1.5' });
export const note = css({ color: 'muted', fontSize: 'xs', lineHeight: '1.5' });
