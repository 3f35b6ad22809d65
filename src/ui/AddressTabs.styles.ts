// The tab list kept in the address (AddressTabs): a segmented control on grey, the chosen tab white.
// The same control serves as a group of toggle buttons (the alert list's views): a pressed button
// looks like the chosen tab.
import { css } from '../../styled-system/css';
import { segmented } from './recipes';

const control = segmented.raw();

// fit-content rather than alignSelf: the list keeps its own width in a page's column (where a flex
// item would otherwise stretch) and still follows the row's alignment when it sits in a header.
export const tabList = css(control.group, { display: 'inline-flex', width: 'fit-content' });
export const tab = css(control.item, {
  height: '7',
  px: '3',
  border: 'none',
  bg: 'transparent',
  _hover: { color: 'ink' },
  '&[aria-selected=true], &[aria-pressed=true]': { bg: 'white', color: 'ink', boxShadow: 'xs' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
});
// flex 1 and minHeight 0: on a page of fixed height (data mapping) the panel takes the rest and its
// list scrolls inside; on a page of natural height they change nothing.
export const tabPanel = css({ display: 'flex', flexDirection: 'column', gap: '3', flex: '1', minHeight: '0' });
