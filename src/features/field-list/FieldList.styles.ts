import { css } from '../../../styled-system/css';
import { focusRing, linkButton } from '../../ui/recipes';

export const list = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(7rem, 40%) 1fr',
  columnGap: '3',
  rowGap: '1.5',
  m: '0',
  fontSize: 'sm',
});
export const label = css({ color: 'muted', overflowWrap: 'anywhere' });
export const value = css({ m: '0', color: 'ink', overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' });
export const empty = css({ color: 'muted' });
export const link = css({ color: 'brand', textDecoration: 'none', _hover: { textDecoration: 'underline' }, _focusVisible: focusRing });
export const censored = css({
  display: 'inline-block',
  letterSpacing: 'wider',
  color: 'muted',
  cursor: 'help',
  borderRadius: 'sm',
  _focusVisible: focusRing,
});
export const none = css({ color: 'muted', fontSize: 'sm', m: '0' });
export const toggle = css(linkButton.raw(), { alignSelf: 'flex-start', fontSize: 'sm', fontWeight: 'medium', borderRadius: 'sm' });
export const revealRow = css({ display: 'inline-flex', alignItems: 'baseline', flexWrap: 'wrap', columnGap: '2', rowGap: '0.5' });
export const revealButton = css(linkButton.raw(), {
  fontSize: 'xs',
  fontWeight: 'medium',
  borderRadius: 'sm',
  _disabled: { color: 'muted', cursor: 'progress' },
});
export const revealError = css({ color: 'danger', fontSize: 'xs', flexBasis: '100%' });
