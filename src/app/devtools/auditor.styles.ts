import { css, cva } from '../../../styled-system/css';
import { underlineTabs } from '../../ui/tabs.recipes';

export const dialog = css({ maxWidth: '76rem', height: 'calc(100vh - 2rem)' });
// the dialog's tabs: buttons underlined when chosen
export const { list: tabList, tab } = underlineTabs({ kind: 'buttons' });
export const scroller = css({ overflow: 'auto', maxHeight: 'calc(100vh - 22rem)', _focusVisible: { outline: '2px solid', outlineColor: 'brand' } });
export const table = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'xs',
  '& th, & td': {
    textAlign: 'left',
    verticalAlign: 'top',
    px: '2',
    py: '1.5',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'line',
  },
  '& thead th': { position: 'sticky', top: '0', bg: 'white', fontWeight: 'semibold', color: 'ink', zIndex: 1 },
  '& tbody th': { fontWeight: 'normal' },
});
export const caption = css({ position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)' });
export const target = css({ display: 'block', fontFamily: 'mono', color: 'ink' });
export const title = css({ display: 'block', color: 'muted' });
export const flag = cva({
  base: { display: 'inline-block', mr: '1', mb: '1', px: '1.5', borderRadius: 'sm', fontFamily: 'mono' },
  variants: { on: { true: { bg: 'green.50', color: 'success' }, false: { bg: 'red.50', color: 'danger' } } },
});
