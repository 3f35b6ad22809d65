import { css, cva } from '../../../../styled-system/css';

export const cards = css({ display: 'flex', flexDirection: 'column', gap: '3' });
export const card = css({ layerStyle: 'surface', borderRadius: 'md', overflow: 'hidden' });
export const cardHeader = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  py: '2',
  bg: 'gray.50',
  layerStyle: 'ruleBelow',
});
export const cardTitle = css({ fontSize: 'sm', fontWeight: 'semibold', flex: '1', m: '0', minWidth: '0' });
export const cardBody = css({ p: '3', display: 'flex', flexDirection: 'column', gap: '2' });
/** Which version of the rule's spec the card replays. */
export const cardVersion = css({ fontSize: 'xs', color: 'muted', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
export const cardNote = css({ fontSize: 'sm', color: 'muted', m: '0' });
export const cardError = css({ fontSize: 'sm', color: 'danger', m: '0' });

export const result = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    px: '2',
    height: '5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    textTransform: 'none',
    letterSpacing: 'normal',
  },
  variants: {
    outcome: {
      true: { bg: 'green.50', color: 'success' },
      false: { bg: 'gray.100', color: 'muted' },
    },
  },
});

export const tree = css({ listStyle: 'none', m: '0', p: '0', display: 'flex', flexDirection: 'column', gap: '1.5' });
export const children = css({
  listStyle: 'none',
  m: '0',
  mt: '1.5',
  ml: '2',
  pl: '3',
  display: 'flex',
  flexDirection: 'column',
  gap: '1.5',
  borderLeftWidth: '2px',
  borderLeftStyle: 'solid',
  borderLeftColor: 'gray.200',
});
export const composite = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  textStyle: 'caption',
  color: 'muted',
});
export const leaf = css({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  alignItems: 'center',
  columnGap: '3',
  rowGap: '0.5',
  px: '2.5',
  py: '2',
  borderRadius: 'md',
  bg: 'gray.50',
  fontSize: 'sm',
});
export const leafMatched = css({ bg: 'green.50' });
export const expression = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '1.5', minWidth: '0' });
export const variable = css({ fontWeight: 'medium', color: 'ink' });
export const variableName = css({ fontFamily: 'mono', fontSize: 'xs', color: 'muted' });
export const operator = css({ fontWeight: 'semibold', color: 'brand' });
export const literal = css({ fontVariantNumeric: 'tabular-nums', fontWeight: 'semibold' });
export const snapshot = css({ gridColumn: '1 / -1', fontSize: 'xs', color: 'muted', fontVariantNumeric: 'tabular-nums' });
export const snapshotValue = css({ color: 'ink', fontWeight: 'semibold' });
