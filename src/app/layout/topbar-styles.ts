import { css } from '../../../styled-system/css';
import { notice } from '../../ui/recipes';

export const bar = css({
  position: 'sticky',
  top: '0',
  zIndex: 30,
  height: 'topBar',
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '4',
  bg: 'white',
  layerStyle: 'ruleBelow',
});
export const spacer = css({ flex: '1' });
export const searchTrigger = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  width: { base: '14rem', xl: '22rem' },
  height: '10',
  px: '3',
  borderRadius: 'md',
  layerStyle: 'bordered',
  bg: 'canvas',
  color: 'muted',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { borderColor: 'gray.400' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
});
export const badge = css({
  display: 'inline-flex',
  alignItems: 'center',
  height: '6',
  px: '2',
  borderRadius: 'sm',
  fontSize: 'xs',
  fontWeight: 'bold',
  letterSpacing: 'wide',
  bg: 'gray.100',
  color: 'ink',
  layerStyle: 'bordered',
});
export const warning = css(notice.raw({ tone: 'caution' }), { display: 'flex', alignItems: 'center', gap: '2', py: '1' });
export const popover = css({ width: '20rem', p: '4', display: 'flex', flexDirection: 'column', gap: '3' });
export const muted = css({ color: 'muted', fontSize: 'sm' });
export const sectionTitle = css({ textStyle: 'caption', color: 'muted' });
export const menuItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  borderRadius: 'sm',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'ink',
  '&[data-highlighted]': { bg: 'gray.100' },
  '&[data-disabled]': { color: 'muted', cursor: 'not-allowed' },
});
