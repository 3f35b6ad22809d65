// Looks shared by the developer tools (panel, request tool, permission auditor).
import { css } from '../../../styled-system/css';

export const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const muted = css({ color: 'muted', fontSize: 'sm', lineHeight: '1.5' });
export const flagList = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column' });
export const flagRow = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  py: '2.5',
  borderBottomWidth: '1px',
  borderBottomStyle: 'solid',
  borderBottomColor: 'line',
  fontSize: 'sm',
});
export const flagName = css({ fontFamily: 'mono', fontSize: 'sm' });
/** A native checkbox drawn as a switch: keyboard and screen readers get role="switch" for free. */
export const switchInput = css({
  appearance: 'none',
  width: '9',
  height: '5',
  borderRadius: 'full',
  bg: 'gray.300',
  position: 'relative',
  cursor: 'pointer',
  flexShrink: 0,
  transition: 'background 120ms',
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
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  _disabled: { opacity: 0.55, cursor: 'not-allowed' },
});
export const error = css({ color: 'danger', fontSize: 'sm' });
export const code = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  lineHeight: '1.5',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  bg: 'gray.50',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'line',
  borderRadius: 'md',
  p: '3',
  m: '0',
  maxHeight: '20rem',
  overflow: 'auto',
});
export const codeInput = css({ fontFamily: 'mono', fontSize: 'xs', minHeight: '32' });
export const answerStatus = css({ fontSize: 'sm', color: 'ink' });
