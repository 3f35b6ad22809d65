import { css } from '../../../../styled-system/css';

export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3' });
export const queueSelect = css({ maxWidth: '18rem' });
export const listBox = css({
  layerStyle: 'bordered',
  borderRadius: 'md',
  maxHeight: '20rem',
  overflowY: 'auto',
  m: '0',
  p: '0',
  minWidth: '0',
});
export const legend = css({ srOnly: true });
export const empty = css({ px: '3', py: '4', color: 'muted', fontSize: 'sm', textAlign: 'center' });
export const option = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  py: '2',
  layerStyle: 'ruleBelow',
  _last: { borderBottomWidth: '0' },
  _hover: { bg: 'gray.50' },
  '&[data-disabled]': { opacity: 0.6 },
});
export const check = css({ width: '4', height: '4', accentColor: 'var(--colors-brand)', flexShrink: 0 });
export const optionLabel = css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: '1', minWidth: '0', cursor: 'pointer' });
export const optionTitle = css({ fontSize: 'sm', fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
export const optionMeta = css({ fontSize: 'xs', color: 'muted' });
export const selected = css({ mr: 'auto', alignSelf: 'center', fontSize: 'sm', color: 'muted' });
