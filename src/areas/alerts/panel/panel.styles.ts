import { css } from '../../../../styled-system/css';
import { focusRing } from '../../../ui/recipes';

export const body = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const section = css({ layerStyle: 'ruleAbove', pt: '3' });
export const summary = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  fontWeight: 'semibold',
  cursor: 'pointer',
  listStyle: 'none',
  borderRadius: 'sm',
  _focusVisible: focusRing,
  '&::-webkit-details-marker': { display: 'none' },
  _before: { content: '"▸"', color: 'muted', fontSize: 'xs', transition: 'transform 120ms' },
  'details[open] > &': { _before: { transform: 'rotate(90deg)' } },
});
export const count = css({ ml: 'auto', color: 'muted', fontWeight: 'normal', fontSize: 'xs', fontVariantNumeric: 'tabular-nums' });
export const list = css({ listStyle: 'none', m: '0', mt: '2', p: '0', display: 'flex', flexDirection: 'column', gap: '1' });
export const item = css({ display: 'flex', flexDirection: 'column', gap: '0.5', px: '2', py: '1.5', borderRadius: 'md', _hover: { bg: 'gray.50' } });
export const primary = css({
  fontSize: 'sm',
  color: 'brand',
  fontWeight: 'medium',
  textDecoration: 'none',
  overflowWrap: 'anywhere',
  _hover: { textDecoration: 'underline' },
  _focusVisible: focusRing,
});
export const primaryText = css({ fontSize: 'sm', color: 'ink', fontWeight: 'medium', overflowWrap: 'anywhere' });
export const secondary = css({ fontSize: 'xs', color: 'muted', fontVariantNumeric: 'tabular-nums' });
export const note = css({ fontSize: 'sm', color: 'muted', mt: '2' });
export const error = css({ fontSize: 'sm', color: 'danger', mt: '2', display: 'flex', gap: '2', flexWrap: 'wrap' });
export const more = css({ mt: '1', fontSize: 'xs' });
export const start = css({ alignSelf: 'flex-start' });
