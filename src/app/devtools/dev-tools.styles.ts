// Looks shared by the developer tools (panel, request tool, permission auditor).
import { css } from '../../../styled-system/css';
import { bareList } from '../../ui/recipes';

export const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
export const muted = css({ color: 'muted', fontSize: 'sm', lineHeight: '1.5' });
export const flagList = css(bareList, { display: 'flex', flexDirection: 'column' });
export const flagRow = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '3',
  py: '2.5',
  layerStyle: 'ruleBelow',
  fontSize: 'sm',
});
export const flagName = css({ fontFamily: 'mono', fontSize: 'sm' });
export const error = css({ color: 'danger', fontSize: 'sm' });
export const code = css({
  fontFamily: 'mono',
  fontSize: 'xs',
  lineHeight: '1.5',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  bg: 'gray.50',
  layerStyle: 'bordered',
  borderRadius: 'md',
  p: '3',
  m: '0',
  maxHeight: '20rem',
  overflow: 'auto',
});
export const codeInput = css({ fontFamily: 'mono', fontSize: 'xs', minHeight: '32' });
export const answerStatus = css({ fontSize: 'sm', color: 'ink' });
