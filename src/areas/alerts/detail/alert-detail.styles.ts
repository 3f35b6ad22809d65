import { css } from '../../../../styled-system/css';

export const subtitle = css({ color: 'muted', fontSize: 'sm' });
export const fields = css({ display: 'flex', columnGap: '8', rowGap: '4', flexWrap: 'wrap', alignItems: 'flex-start' });
export const compactFields = css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '4', alignItems: 'start' });
export const fieldValue = css({ fontSize: 'sm', color: 'ink', minHeight: '8', display: 'inline-flex', alignItems: 'center' });
export const description = css({ fontSize: 'sm', lineHeight: '1.6', color: 'ink', whiteSpace: 'pre-wrap', maxWidth: '80ch', m: '0' });

export const facts = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))', gap: '4', m: '0' });
export const factValue = css({ fontSize: 'sm', color: 'ink', m: '0', fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

/** A linked tab's actions (Export), above its table at the right. */
export const tabActions = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', mb: '3' });
