import { css } from '../../../styled-system/css';
import { keyCap } from '../../ui/recipes';

/** The dialog's title: said by screen readers, the input's placeholder says it on screen. */
export const title = css({ srOnly: true });

export const overlay = css({ position: 'fixed', inset: '0', bg: 'rgba(16, 24, 40, 0.45)', zIndex: 80 });

export const content = css({
  position: 'fixed',
  top: '12vh',
  left: '50%',
  transform: 'translateX(-50%)',
  width: 'calc(100vw - 2rem)',
  maxWidth: '40rem',
  zIndex: 81,
  layerStyle: 'surface',
  color: 'ink',
  borderRadius: 'lg',
  boxShadow: 'lg',
  overflow: 'hidden',
  outline: 'none',
  '& [cmdk-input]': {
    width: '100%',
    height: '12',
    px: '4',
    fontSize: 'md',
    border: 'none',
    borderBottomWidth: '1px',
    borderBottomStyle: 'solid',
    borderBottomColor: 'line',
    outline: 'none',
    bg: 'white',
    color: 'ink',
    _placeholder: { color: 'muted' },
  },
  '& [cmdk-list]': { maxHeight: 'min(60vh, 28rem)', overflowY: 'auto', overscrollBehavior: 'contain', py: '1' },
  '& [cmdk-group-heading]': {
    px: '4',
    pt: '3',
    pb: '1',
    fontSize: 'xs',
    fontWeight: 'semibold',
    color: 'muted',
    textTransform: 'uppercase',
    letterSpacing: 'wide',
  },
  '& [cmdk-item]': {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    mx: '2',
    px: '2',
    py: '2',
    borderRadius: 'md',
    fontSize: 'sm',
    cursor: 'pointer',
    userSelect: 'none',
  },
  '& [cmdk-item][data-selected="true"]': { bg: 'blue.50', color: 'brand', boxShadow: 'inset 3px 0 0 token(colors.brand)' },
});

export const status = css({ px: '4', py: '3', fontSize: 'sm', color: 'muted' });
export const itemTitle = css({ flex: '1', minWidth: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const itemMeta = css({ flexShrink: 0, fontSize: 'xs', color: 'muted' });
export const kbd = keyCap({ size: 'md' });
export const footer = css({
  display: 'flex',
  gap: '4',
  px: '4',
  py: '2',
  layerStyle: 'ruleAbove',
  bg: 'canvas',
  fontSize: 'xs',
  color: 'muted',
});

export const sheetBackdrop = css({ position: 'fixed', inset: '0', bg: 'rgba(16, 24, 40, 0.45)', zIndex: 80 });
export const sheetPositioner = css({ position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', zIndex: 81, p: '4' });
export const sheet = css({ width: '100%', maxWidth: '30rem', bg: 'white', color: 'ink', borderRadius: 'lg', boxShadow: 'lg', p: '6', outline: 'none' });
export const sheetTitle = css({ fontSize: 'lg', fontWeight: 'semibold', mb: '4' });
export const sheetList = css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '4', rowGap: '2', fontSize: 'sm', alignItems: 'center' });
export const sheetActions = css({ display: 'flex', justifyContent: 'flex-end', mt: '6' });

// The hidden sequence's reward: a shield badge (animated with the Web Animations API, see Boost.tsx).
export const boost = css({
  position: 'fixed',
  right: '6',
  bottom: '20',
  zIndex: 90,
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '4',
  py: '2',
  borderRadius: 'full',
  bg: 'brand',
  color: 'white',
  fontWeight: 'semibold',
  boxShadow: 'lg',
  pointerEvents: 'none',
});
