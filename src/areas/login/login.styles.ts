import { css } from '../../../styled-system/css';
import { card as cardRecipe } from '../../ui/recipes';
import { dialogBox } from '../../ui/dialog.styles';

export const wrap = css({ flex: '1', display: 'flex', alignItems: 'center', justifyContent: 'center', p: '6' });
export const card = css(cardRecipe.raw({ padding: 'xl' }), { width: '100%', maxWidth: '26rem', display: 'flex', flexDirection: 'column', gap: '5' });
export const title = css({ fontSize: '2xl', fontWeight: 'semibold' });
export const text = css({ color: 'muted', lineHeight: '1.6', fontSize: 'sm' });
export const form = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const label = css({ fontSize: 'sm', fontWeight: 'medium', color: 'ink' });
export const input = css({
  height: '10',
  px: '3',
  layerStyle: 'surface',
  borderRadius: 'md',
  fontSize: 'md',
  color: 'ink',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
  '&[aria-invalid=true]': { borderColor: 'danger' },
});
export const error = css({ color: 'danger', fontSize: 'sm' });
export const divider = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  color: 'muted',
  fontSize: 'xs',
  textTransform: 'uppercase',
  letterSpacing: 'wide',
  _before: { content: '""', flex: '1', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'line' },
  _after: { content: '""', flex: '1', borderTopWidth: '1px', borderTopStyle: 'solid', borderTopColor: 'line' },
});
export const stack = css({ display: 'flex', flexDirection: 'column', gap: '2' });
export const hint = css({ color: 'muted', fontSize: 'xs', lineHeight: '1.5' });
export const srOnly = css({ srOnly: true });
export { backdrop, positioner } from '../../ui/dialog.styles';
export const dialog = css(dialogBox, { maxWidth: '28rem' });
export const dialogTitle = css({ fontSize: 'xl', fontWeight: 'semibold' });
export const actions = css({ display: 'flex', justifyContent: 'flex-end' });
