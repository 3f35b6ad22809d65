// The rule's printable page. In print the document lies over the shell (its navigation and top
// bar), from the page's top left, so only the document prints, without the shell knowing; the
// toolbar is hidden.
import { css } from '../../../../styled-system/css';

export const printRoot = css({
  _print: { position: 'absolute', top: '0', left: '0', width: '100%', minHeight: '100%', zIndex: 10000, bg: 'white', p: '0', maxWidth: 'none' },
});
export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', _print: { display: 'none' } });
export const document = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  bg: 'white',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'lg',
  p: '8',
  maxWidth: '60rem',
  _print: { borderWidth: '0', p: '0', maxWidth: 'none' },
});
export const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold', pt: '2', borderTopWidth: '1px', borderTopStyle: 'solid', borderColor: 'line' });
export const printed = css({ fontSize: 'xs', color: 'muted' });
