// One look for the work widgets (chips, badges, tags, comments, activity) on alert and case pages
// and in their panels.
import { css, cva } from '../../../styled-system/css';
import { avatar as avatarRecipe, bareList, focusRing, linkButton as linkButtonRecipe } from '../../ui/recipes';
import { pickerMenu } from '../../ui/list.recipes';

export const badge = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    height: '6',
    px: '2.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    borderWidth: '1px',
    borderStyle: 'solid',
  },
  variants: {
    tone: {
      success: { bg: 'green.50', color: 'success', borderColor: 'green.200' },
      error: { bg: 'red.50', color: 'danger', borderColor: 'red.200' },
      warning: { bg: 'orange.50', color: 'warning', borderColor: 'orange.200' },
      neutral: { bg: 'gray.100', color: 'muted', borderColor: 'gray.200' },
      default: { bg: 'gray.100', color: 'ink', borderColor: 'gray.200' },
    },
    // a ghost badge keeps its colour in the text and outline only
    ghost: { true: { bg: 'transparent' }, false: {} },
  },
  defaultVariants: { tone: 'neutral', ghost: false },
});
export const badgeDot = css({ width: '1.5', height: '1.5', borderRadius: 'full', bg: 'currentColor' });

export const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  maxWidth: '16rem',
  height: '8',
  px: '2.5',
  borderRadius: 'md',
  layerStyle: 'surface',
  color: 'ink',
  fontSize: 'sm',
  fontWeight: 'medium',
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  _hover: { bg: 'gray.50', borderColor: 'gray.400' },
  _focusVisible: focusRing,
  '&[data-static]': { cursor: 'default', bg: 'gray.50', _hover: { bg: 'gray.50', borderColor: 'line' } },
});
export const chipText = css({ overflow: 'hidden', textOverflow: 'ellipsis' });
export const chipMuted = css({ color: 'muted', fontWeight: 'normal' });
// the assignee's initials on a chip; an author's circle is larger, its letters as small
export const avatar = avatarRecipe({ size: 'sm' });
export const avatarLarge = css(avatarRecipe.raw({ size: 'md' }), { fontSize: '2xs' });

// a chip's picker: its filter field, the list of choices and the line said when none is there
export const { panel: picker, search: pickerInput, list: pickerList, option: pickerOption, empty: pickerEmpty } = pickerMenu({ kind: 'chip' });
/** A row of the tag picker's list: a checkbox and a swatch, then the name. */
export const checkRow = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '2',
  py: '1.5',
  borderRadius: 'md',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'gray.50' },
});
export const pickerCheck = css({ ml: 'auto', color: 'brand', fontSize: 'xs' });

export const tagList = css(bareList, { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5' });
export const tag = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  height: '6',
  px: '2',
  borderRadius: 'sm',
  bg: 'gray.100',
  color: 'ink',
  fontSize: 'xs',
  fontWeight: 'medium',
});
export const tagSwatch = css({ width: '2', height: '2', borderRadius: 'full', flexShrink: 0 });
export const linkButton = css(linkButtonRecipe.raw(), {
  fontSize: 'sm',
  fontWeight: 'medium',
  _disabled: { color: 'muted', cursor: 'not-allowed', textDecoration: 'none' },
});
export const muted = css({ color: 'muted', fontSize: 'sm' });
export const note = css({ color: 'success', fontSize: 'xs', fontWeight: 'medium' });
export const overdue = css({ color: 'danger' });

export const errorBox = css({ color: 'danger', fontSize: 'sm', display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' });
export const inlineRow = css({ display: 'inline-flex', alignItems: 'baseline', gap: '2', flexWrap: 'wrap', fontSize: 'sm' });
