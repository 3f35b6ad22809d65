// The Permission Control panel (370 px wide): presets, search, groups of checkboxes, Save to DB.
import { css } from '../../../../styled-system/css';
import { focusRing, notice as noticeRecipe, searchInput, segmented } from '../../../ui/recipes';

// the presets: a segmented control of radio buttons
const control = segmented.raw();

export const body = css({ display: 'flex', flexDirection: 'column', gap: '3', p: '4', minHeight: '0' });
export const heading = css({ fontSize: 'md', fontWeight: 'semibold' });
export const sub = css({ color: 'muted', fontSize: 'xs' });
export const notice = css(noticeRecipe.raw({ tone: 'warning' }), { fontSize: 'xs', lineHeight: '1.5' });
export const presets = css(control.group, { display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', border: 'none', m: '0' });
export const preset = css(control.item, {
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: '8',
  '&:has(input:checked)': { bg: 'white', color: 'ink', boxShadow: 'xs' },
  '&:has(input:disabled)': { cursor: 'default' },
  '&:has(input:focus-visible)': focusRing,
  '& input': { position: 'absolute', opacity: 0, width: '1px', height: '1px' },
});
export const search = searchInput({ width: 'full' });
export const groups = css({ display: 'flex', flexDirection: 'column', gap: '4', overflowY: 'auto', flex: '1', minHeight: '0', pr: '1' });
export const group = css({ border: 'none', p: '0', m: '0', display: 'flex', flexDirection: 'column', gap: '1.5' });
export const legend = css({ fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', letterSpacing: '0.04em', color: 'muted', mb: '1' });
export const item = css({
  display: 'grid',
  gridTemplateColumns: 'auto 1fr',
  columnGap: '2',
  alignItems: 'start',
  fontSize: 'sm',
  '& input': { mt: '0.5' },
  '& label': { cursor: 'pointer' },
  '&:has(input:disabled)': { color: 'muted', '& label': { cursor: 'default' } },
});
export const description = css({ gridColumn: '2', color: 'muted', fontSize: 'xs', lineHeight: '1.4' });
export const footer = css({ display: 'flex', alignItems: 'center', gap: '2', pt: '2', layerStyle: 'ruleAbove' });
export const spacer = css({ flex: '1' });
export const count = css({ color: 'muted', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' });
export const error = css({ color: 'danger', fontSize: 'xs' });
export const state = css({ p: '4', color: 'muted', fontSize: 'sm' });
