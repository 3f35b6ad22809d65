// Shared Panda recipes. Components across the shell and the areas build on these so buttons look
// and focus the same everywhere.
import { css, cva } from '../../styled-system/css';

export const focusRing = {
  outline: '2px solid',
  outlineColor: 'brand',
  outlineOffset: '2px',
} as const;

export const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    borderRadius: 'md',
    fontWeight: 'medium',
    fontSize: 'sm',
    lineHeight: '1.2',
    cursor: 'pointer',
    borderWidth: '1px',
    borderStyle: 'solid',
    transition: 'background 120ms, border-color 120ms',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    _focusVisible: focusRing,
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      primary: { bg: 'brand', color: 'white', borderColor: 'brand', _hover: { bg: '#123a87' } },
      secondary: { bg: 'white', color: 'ink', borderColor: 'line', _hover: { bg: 'gray.50' } },
      ghost: { bg: 'transparent', color: 'ink', borderColor: 'transparent', _hover: { bg: 'gray.100' } },
      danger: { bg: 'danger', color: 'white', borderColor: 'danger', _hover: { bg: '#912018' } },
    },
    size: {
      sm: { height: '8', px: '3' },
      md: { height: '10', px: '4' },
    },
  },
  defaultVariants: { variant: 'secondary', size: 'md' },
});

export const iconButton = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '10',
    height: '10',
    borderRadius: 'md',
    color: 'ink',
    bg: 'transparent',
    border: 'none',
    cursor: 'pointer',
    position: 'relative',
    _hover: { bg: 'gray.100' },
    _focusVisible: focusRing,
  },
});

export const textLink = cva({
  base: {
    color: 'brand',
    textDecoration: 'underline',
    textUnderlineOffset: '2px',
    cursor: 'pointer',
    _hover: { color: '#123a87' },
    _focusVisible: focusRing,
  },
});

export const card = cva({
  base: { layerStyle: 'surface', borderRadius: 'lg', p: '6' },
});

/** Floating surfaces (popovers, menus). */
export const floating = cva({
  base: {
    layerStyle: 'surface',
    color: 'ink',
    borderRadius: 'lg',
    boxShadow: 'lg',
    zIndex: 50,
    // Focus moves to the items inside; the surface itself shows no ring.
    outline: 'none',
  },
});

/** A native checkbox drawn as a switch (give it role="switch"), so it stays a plain form control. */
export const switchInput = css({
  appearance: 'none',
  position: 'relative',
  width: '9',
  height: '5',
  m: '0',
  borderRadius: 'full',
  bg: 'gray.300',
  cursor: 'pointer',
  transition: 'background 120ms',
  flexShrink: 0,
  _before: {
    content: '""',
    position: 'absolute',
    top: '2px',
    left: '2px',
    width: '4',
    height: '4',
    borderRadius: 'full',
    bg: 'white',
    boxShadow: 'sm',
    transition: 'transform 120ms',
  },
  _checked: { bg: 'brand', _before: { transform: 'translateX(16px)' } },
  _focusVisible: focusRing,
  _disabled: { opacity: 0.55, cursor: 'not-allowed' },
});
