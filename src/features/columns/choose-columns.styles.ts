// The Choose Columns modal: a search field, a scrolling list of rows (handle, checkbox, label and
// description) and the action row. The dialog box itself is the shared one (../dialog.styles).
import { css } from '../../../styled-system/css';
import { scrollBox } from '../../ui/recipes';

export const content = css({ maxWidth: '32rem', gap: '3' });
export const header = css({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: '3' });
export const count = css({ color: 'muted', fontSize: 'sm', whiteSpace: 'nowrap' });
export const list = css(scrollBox.raw(), { listStyle: 'none', m: '0', p: '1', maxHeight: 'min(26rem, calc(100vh - 18rem))', bg: 'gray.50' });
export const row = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '2',
  px: '2',
  py: '1.5',
  bg: 'white',
  borderRadius: 'md',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'transparent',
  '&[data-dragging=true]': { opacity: 0.4 },
});
/** The floating copy of the row under the pointer while it is dragged. */
export const overlayRow = css({ borderColor: 'line', boxShadow: 'lg', cursor: 'grabbing' });
export const handle = css({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '7',
  height: '7',
  borderRadius: 'sm',
  border: 'none',
  bg: 'transparent',
  color: 'muted',
  cursor: 'grab',
  touchAction: 'none',
  _hover: { bg: 'gray.100', color: 'ink' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
  _disabled: { cursor: 'not-allowed', opacity: 0.35, _hover: { bg: 'transparent', color: 'muted' } },
});
export const check = css({ display: 'flex', alignItems: 'flex-start', gap: '2', flex: '1', minWidth: '0', py: '1' });
export const checkbox = css({ mt: '0.5', width: '4', height: '4', accentColor: 'brand', flex: 'none', cursor: 'pointer' });
export const text = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '0' });
export const label = css({ fontSize: 'sm', fontWeight: 'medium', color: 'ink', cursor: 'pointer' });
export const description = css({ fontSize: 'xs', color: 'muted', lineHeight: '1.4' });
export const kind = css({ fontSize: 'xs', color: 'muted', fontWeight: 'normal' });
export const note = css({ fontSize: 'xs', color: 'muted' });
export const empty = css({ p: '4', textAlign: 'center', color: 'muted', fontSize: 'sm' });
export const failed = css({ color: 'danger', fontSize: 'sm' });
export const actions = css({ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: '2', pt: '1', flexWrap: 'wrap' });
export const resetButton = css({ mr: 'auto' });
