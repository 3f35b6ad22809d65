// Full-screen document modals, the chip row and the previews.
import { css } from '../../../styled-system/css';

export const backdrop = css({ position: 'fixed', inset: '0', bg: 'rgba(16, 24, 40, 0.6)', zIndex: 70 });
export const positioner = css({ position: 'fixed', inset: '0', zIndex: 71, display: 'flex', p: { base: '0', md: '4' } });
export const content = css({
  flex: '1',
  display: 'flex',
  flexDirection: 'column',
  bg: 'white',
  color: 'ink',
  borderRadius: { base: '0', md: 'lg' },
  boxShadow: 'lg',
  overflow: 'hidden',
  outline: 'none',
});
export const header = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '5',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'line',
  flexWrap: 'wrap',
});
export const title = css({ fontSize: 'lg', fontWeight: 'semibold', mr: 'auto' });
export const body = css({ flex: '1', display: 'flex', minHeight: '0' });
export const list = css({
  width: '16rem',
  flexShrink: 0,
  borderRightWidth: '1px',
  borderColor: 'line',
  overflowY: 'auto',
  p: '2',
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
});
export const listItem = css({
  textAlign: 'left',
  px: '3',
  py: '2',
  borderRadius: 'md',
  fontSize: 'sm',
  cursor: 'pointer',
  bg: 'transparent',
  borderWidth: '1px',
  borderColor: 'transparent',
  _hover: { bg: 'gray.50' },
  '&[aria-current=true]': { bg: 'blue.50', borderColor: 'brand' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand' },
});
export const itemMeta = css({ display: 'block', color: 'muted', fontSize: 'xs' });
export const stage = css({ flex: '1', minWidth: '0', overflow: 'auto', bg: 'gray.100', display: 'flex', p: '4', gap: '4' });
export const figure = css({ flex: '1', minWidth: '0', display: 'flex', flexDirection: 'column', gap: '2', alignItems: 'center' });
export const caption = css({ fontSize: 'sm', color: 'ink', fontWeight: 'medium' });
export const frame = css({ overflow: 'auto', maxWidth: '100%', maxHeight: '100%' });
export const image = css({ display: 'block', maxWidth: 'none', boxShadow: 'sm', bg: 'white' });
export const pdf = css({ width: '100%', minHeight: '70vh', borderWidth: '1px', borderColor: 'line', bg: 'white' });
export const overlayBox = css({ position: 'relative', display: 'inline-block' });
export const overlayTop = css({ position: 'absolute', inset: '0' });
export const empty = css({ m: 'auto', color: 'muted', fontSize: 'sm', textAlign: 'center', p: '6' });
export const footer = css({ display: 'flex', alignItems: 'center', gap: '3', px: '5', py: '3', borderTopWidth: '1px', borderColor: 'line', flexWrap: 'wrap' });
export const spacer = css({ flex: '1' });
export const group = css({ display: 'inline-flex', gap: '1', alignItems: 'center', flexWrap: 'wrap' });
export const modes = css({
  display: 'inline-flex',
  gap: '1',
  flexWrap: 'wrap',
  '& [aria-pressed=true]': { bg: 'blue.50', borderColor: 'brand', color: 'brand' },
});
export const select = css({ height: '8', px: '2', borderWidth: '1px', borderColor: 'line', borderRadius: 'md', fontSize: 'sm', maxWidth: '22rem' });
export const fieldLabel = css({ fontSize: 'sm', color: 'ink', fontWeight: 'medium' });

export const slider = css({ display: 'flex', alignItems: 'center', gap: '3', minWidth: '16rem' });
export const sliderControl = css({ position: 'relative', flex: '1', height: '5', display: 'flex', alignItems: 'center' });
export const sliderTrack = css({ flex: '1', height: '1.5', bg: 'gray.200', borderRadius: 'full' });
export const sliderRange = css({ height: '100%', bg: 'brand', borderRadius: 'full' });
export const sliderThumb = css({
  width: '4',
  height: '4',
  bg: 'white',
  borderWidth: '2px',
  borderColor: 'brand',
  borderRadius: 'full',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
});

export const chips = css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' });
export const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  maxWidth: '14rem',
  px: '2.5',
  height: '7',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'line',
  bg: 'white',
  fontSize: 'xs',
  cursor: 'pointer',
  _hover: { bg: 'gray.50' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
});
export const chipText = css({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const note = css({ color: 'muted', fontSize: 'sm' });
export const confirm = css({ display: 'inline-flex', gap: '2', alignItems: 'center', fontSize: 'sm' });
