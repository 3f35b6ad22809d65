import { css } from '../../../../styled-system/css';
import { ruledItem } from '../../../ui/detail.recipes';
import { bareList } from '../../../ui/recipes';

export const titleBlock = css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '0' });
export const panelTitle = css({ fontSize: 'lg', fontWeight: 'semibold', lineHeight: '1.3', m: '0', overflowWrap: 'anywhere' });
export const facts = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))', gap: '4', m: '0' });
export const compactFacts = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', m: '0' });
export const factValue = css({
  fontSize: 'sm',
  color: 'ink',
  m: '0',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  flexWrap: 'wrap',
  overflowWrap: 'anywhere',
});
export const reasons = css(bareList, { display: 'flex', flexWrap: 'wrap', gap: '1.5' });

export const column = css({ display: 'flex', flexDirection: 'column', gap: '4', minWidth: '0' });

export const toolbar = css({ display: 'flex', alignItems: 'center', gap: '3', px: '4', py: '3', flexWrap: 'wrap', fontSize: 'sm' });

export const sectionBody = css({ px: '4', py: '3', display: 'flex', flexDirection: 'column', gap: '3' });
export const list = css(bareList, { display: 'flex', flexDirection: 'column' });
export const listItem = css(ruledItem);
export const secondary = css({ fontSize: 'xs', color: 'muted', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });
export const inlineLinks = css(bareList, { display: 'flex', flexWrap: 'wrap', gap: '2' });
