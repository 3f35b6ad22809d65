import { css } from '../../../../styled-system/css';

// Like the data explorer: the page fills the viewport under the top bar and the list scrolls inside.
export const page = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  height: 'calc(100dvh - token(sizes.topBar))',
  minHeight: '30rem',
  px: '5',
  pt: '4',
  pb: '4',
  minWidth: '0',
});
export const header = css({ display: 'flex', alignItems: 'center', gap: '4', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold', lineHeight: '1.2' });
export const tabList = css({ display: 'inline-flex', p: '0.5', gap: '0.5', bg: 'gray.100', borderRadius: 'md' });
export const tab = css({
  height: '7',
  px: '3',
  border: 'none',
  borderRadius: 'sm',
  bg: 'transparent',
  color: 'muted',
  fontSize: 'sm',
  fontWeight: 'medium',
  cursor: 'pointer',
  _hover: { color: 'ink' },
  '&[aria-selected=true]': { bg: 'white', color: 'ink', boxShadow: 'xs' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
});
export const tabPanel = css({ display: 'flex', flexDirection: 'column', gap: '3', flex: '1', minHeight: '0' });
export const empty = css({ p: '6', color: 'muted', fontSize: 'sm' });
