// The rule's printable page. In print the document lies over the shell (its navigation and top
// bar), from the page's top left, so only the document prints, without the shell knowing; the
// toolbar is hidden.
import { css, cx } from '../../../../styled-system/css';
import { card } from '../../../ui/recipes';

export const printRoot = css({
  _print: { position: 'absolute', top: '0', left: '0', width: '100%', minHeight: '100%', zIndex: 10000, bg: 'white', p: '0', maxWidth: 'none' },
});
export const toolbar = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap', _print: { display: 'none' } });
// a card on the screen, the bare page on paper
export const document = cx(card({ padding: 'xl', gap: 'md' }), css({ maxWidth: '60rem', _print: { borderWidth: '0', p: '0', maxWidth: 'none' } }));
export const heading = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold', wordBreak: 'break-word' });
export const sectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold', pt: '2', layerStyle: 'ruleAbove' });
export const printed = css({ fontSize: 'xs', color: 'muted' });
