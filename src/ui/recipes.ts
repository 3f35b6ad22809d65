// Shared Panda recipes. Components across the shell and the areas build on these so buttons look
// and focus the same everywhere.
import { css, cva, sva } from '../../styled-system/css';

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

/** A button that reads as a link in running text: Show all, Edit Deadline, Reveal. */
export const linkButton = cva({
  base: { bg: 'transparent', border: 'none', p: '0', color: 'brand', cursor: 'pointer', _focusVisible: focusRing },
  variants: {
    underline: { always: { textDecoration: 'underline' }, hover: { _hover: { textDecoration: 'underline' } }, none: {} },
  },
  defaultVariants: { underline: 'hover' },
});

export const card = cva({
  base: { layerStyle: 'surface', borderRadius: 'lg' },
  variants: {
    padding: { md: { p: '5' }, lg: { p: '6' }, xl: { p: '8' } },
    /** Its parts stacked with this much room between them. */
    gap: { none: {}, sm: { display: 'flex', flexDirection: 'column', gap: '3' }, md: { display: 'flex', flexDirection: 'column', gap: '4' } },
  },
  defaultVariants: { padding: 'lg', gap: 'none' },
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

/** Initials (or a photo) in a circle: the assignee on a chip, an author, the signed-in agent. */
export const avatar = cva({
  base: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0, borderRadius: 'full', fontWeight: 'bold' },
  variants: {
    size: {
      sm: { width: '5', height: '5', fontSize: '2xs' },
      md: { width: '8', height: '8', fontSize: 'xs' },
      lg: { width: '14', height: '14', fontSize: 'lg' },
    },
    tone: { soft: { bg: 'blue.100', color: 'brand' }, solid: { bg: 'brand', color: 'white' } },
  },
  defaultVariants: { size: 'md', tone: 'soft' },
});

/** A boxed message: the server's refusal above a form's actions, a warning above a panel. */
export const notice = cva({
  base: { borderWidth: '1px', borderStyle: 'solid', borderRadius: 'md', px: '3', py: '2', fontSize: 'sm' },
  variants: {
    tone: {
      danger: { color: 'danger', bg: 'red.50', borderColor: 'red.200' },
      warning: { bg: 'orange.50', borderColor: 'orange.200' },
      // the banner of an impersonated session
      caution: { bg: '#fffaeb', color: '#7a2e0e', borderColor: '#fedf89' },
    },
  },
  defaultVariants: { tone: 'danger' },
});

/** A bordered box whose list scrolls inside it (the checklists of a dialog or a panel). */
export const scrollBox = cva({
  base: { layerStyle: 'bordered', borderRadius: 'md', overflowY: 'auto', maxHeight: '12rem' },
  variants: { stacked: { true: { display: 'flex', flexDirection: 'column', gap: '1', p: '2' }, false: {} } },
  defaultVariants: { stacked: true },
});

/** The search field above a list of people or settings. */
export const searchInput = cva({
  base: { height: '9', px: '3', layerStyle: 'bordered', borderRadius: 'md', fontSize: 'sm', _focusVisible: focusRing },
  variants: {
    width: { fixed: { minWidth: '16rem', bg: 'white' }, full: { width: '100%' } },
  },
  defaultVariants: { width: 'fixed' },
});

/** A segmented control: choices side by side on grey, the chosen one lifted in white. */
export const segmented = sva({
  slots: ['group', 'item'],
  base: {
    group: { p: '0.5', gap: '0.5', bg: 'gray.100', borderRadius: 'md' },
    item: { borderRadius: 'sm', color: 'muted', fontSize: 'sm', fontWeight: 'medium', cursor: 'pointer' },
  },
});

/** A small rounded label (a status, a tone): its shape; the caller adds its colours. */
export const pill = css.raw({
  display: 'inline-flex',
  alignItems: 'center',
  height: '5',
  px: '2',
  borderRadius: 'full',
  fontSize: 'xs',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
});

/** A key of the keyboard in running text: small on a hint line (the alert list), larger in the palette's list. */
export const keyCap = cva({
  base: { display: 'inline-block', borderRadius: 'sm', fontFamily: 'mono', lineHeight: '1.4', textAlign: 'center', color: 'ink' },
  variants: {
    size: {
      sm: { minWidth: '4', px: '1', layerStyle: 'surface', borderBottomWidth: '2px', fontSize: '11px' },
      md: { minWidth: '5', px: '1.5', py: '0.5', layerStyle: 'bordered', bg: 'canvas', fontSize: 'xs' },
    },
  },
});

/** A list without bullets or the browser's indent: the caller lays out its items. */
export const bareList = css.raw({ listStyle: 'none', m: '0', p: '0' });
