import { css } from '../../../../styled-system/css';
import { ruledItem } from '../../../ui/detail.recipes';
import { bareList } from '../../../ui/recipes';

/** In the panel, the header is ruled off from the sections below it. */
export const panelRule = css({ pb: '4', layerStyle: 'ruleBelow' });
export const fields = css({ display: 'flex', gap: '6', flexWrap: 'wrap', alignItems: 'flex-start' });
export const description = css({ fontSize: 'sm', lineHeight: '1.6', color: 'ink', whiteSpace: 'pre-wrap', maxWidth: '72ch' });
export const fieldValue = css({ fontSize: 'sm', color: 'ink' });

export const sectionCount = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '5',
  height: '5',
  px: '1.5',
  ml: '1',
  borderRadius: 'full',
  bg: 'gray.100',
  color: 'muted',
  fontSize: 'xs',
  fontWeight: 'semibold',
});
export const sectionEmpty = css({ px: '4', py: '3', color: 'muted', fontSize: 'sm' });
export const sectionFooter = css({ px: '4', py: '2', layerStyle: 'ruleAbove' });
export const num = css({ fontVariantNumeric: 'tabular-nums' });

export const compactList = css(bareList);
export const compactItem = css(ruledItem, { fontSize: 'sm' });
export const compactPrimary = css({ fontWeight: 'medium', overflow: 'hidden', textOverflow: 'ellipsis' });
export const compactDetail = css({ color: 'muted', fontSize: 'xs', display: 'inline-flex', alignItems: 'center', gap: '1' });
export const compactLabel = css({ color: 'muted' });

export const stateBox = css({
  layerStyle: 'surface',
  borderRadius: 'lg',
  p: '10',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '3',
  textAlign: 'center',
});
export const stateTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });
export const stateText = css({ color: 'muted', fontSize: 'sm', maxWidth: '40rem', lineHeight: '1.6' });
