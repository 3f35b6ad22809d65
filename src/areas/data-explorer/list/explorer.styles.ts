import { css } from '../../../../styled-system/css';
import { bareList, focusRing, pill } from '../../../ui/recipes';

export const options = css(bareList, { display: 'flex', flexDirection: 'column', maxHeight: '16rem', overflowY: 'auto' });
export const option = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '0',
  px: '2',
  py: '1.5',
  borderRadius: 'sm',
  fontSize: 'sm',
  cursor: 'pointer',
  textAlign: 'start',
  width: '100%',
  border: 'none',
  bg: 'transparent',
  _hover: { bg: 'gray.100' },
  _focusVisible: focusRing,
});
export const optionDetail = css({ fontSize: 'xs', color: 'muted' });
export const chips = css(bareList, { display: 'flex', flexWrap: 'wrap', gap: '1' });
export const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1',
  pl: '2',
  pr: '0.5',
  height: '6',
  borderRadius: 'full',
  bg: 'gray.100',
  fontSize: 'xs',
  maxWidth: '14rem',
});
export const chipRemove = css({
  border: 'none',
  bg: 'transparent',
  cursor: 'pointer',
  width: '5',
  height: '5',
  borderRadius: 'full',
  color: 'muted',
  _hover: { bg: 'gray.200', color: 'ink' },
  _focusVisible: focusRing,
});

export const idLink = css({
  color: 'ink',
  fontWeight: 'medium',
  fontFamily: 'mono',
  fontSize: 'xs',
  textDecoration: 'none',
  _hover: { textDecoration: 'underline', color: 'brand' },
});
export const badge = css(pill, {
  bg: 'gray.100',
  color: 'ink',
  '&[data-tone=success]': { bg: '#ecfdf3', color: 'success' },
  '&[data-tone=warning]': { bg: '#fffaeb', color: 'warning' },
  '&[data-tone=error]': { bg: '#fef3f2', color: 'danger' },
});
export const censored = css({ color: 'muted', cursor: 'help', letterSpacing: '0.1em' });
