// Modal dialogs with forms (create case, edit queue, pick alerts): one look for the backdrop, the
// box, the fields and the action row, so every work dialog reads the same.
import { css } from '../../styled-system/css';
import { notice } from './recipes';

export const backdrop = css({ position: 'fixed', inset: '0', bg: 'rgba(16, 24, 40, 0.45)', zIndex: 60 });
export const positioner = css({ position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 61, p: '4' });
/** The dialog's box; `content` adds its width and lets a long form scroll inside the window. */
export const dialogBox = css.raw({
  width: '100%',
  bg: 'white',
  color: 'ink',
  borderRadius: 'lg',
  boxShadow: 'lg',
  p: '6',
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  outline: 'none',
});
export const content = css(dialogBox, { maxWidth: '34rem', maxHeight: 'calc(100vh - 2rem)', overflow: 'auto' });
export const wideContent = css({ maxWidth: '46rem' });
export const title = css({ fontSize: 'lg', fontWeight: 'semibold' });
export const description = css({ color: 'muted', fontSize: 'sm', lineHeight: '1.5' });
export const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const field = css({ display: 'flex', flexDirection: 'column', gap: '1.5' });
export const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });
export const label = css({ fontSize: 'sm', fontWeight: 'medium', color: 'ink' });
export const optional = css({ color: 'muted', fontWeight: 'normal' });
const control = {
  width: '100%',
  px: '3',
  layerStyle: 'surface',
  borderRadius: 'md',
  fontSize: 'sm',
  color: 'ink',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
  _disabled: { bg: 'gray.50', color: 'muted', cursor: 'not-allowed' },
  '&[aria-invalid=true]': { borderColor: 'danger' },
} as const;
export const input = css({ ...control, height: '10' });
export const select = css({ ...control, height: '10', pr: '2' });
export const textarea = css({ ...control, py: '2', minHeight: '24', resize: 'vertical', lineHeight: '1.5' });
export const hint = css({ color: 'muted', fontSize: 'xs', lineHeight: '1.5' });
/** Radio buttons or checkboxes side by side, each label beside its control. */
export const choices = css({
  display: 'flex',
  gap: '4',
  flexWrap: 'wrap',
  fontSize: 'sm',
  '& label': { display: 'inline-flex', alignItems: 'center', gap: '1.5' },
});
export const fieldError = css({ color: 'danger', fontSize: 'xs' });
/** The server's refusal, shown above the actions; what was typed stays in the fields. */
export const formError = notice();
export const actions = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '2' });
