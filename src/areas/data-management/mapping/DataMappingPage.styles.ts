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
