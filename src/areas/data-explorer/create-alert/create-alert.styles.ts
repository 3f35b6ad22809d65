import { css } from '../../../../styled-system/css';

/** What the new alert will hold: a bordered list under the form's fields. */
export const attached = css({ listStyle: 'none', m: '0', p: '0', layerStyle: 'bordered', borderRadius: 'md' });
export const attachedItem = css({ display: 'flex', gap: '2', alignItems: 'baseline', px: '3', py: '2', fontSize: 'sm', overflowWrap: 'anywhere' });
export const attachedNoun = css({ textStyle: 'caption', color: 'muted', flexShrink: 0 });
/** A page's title with the Create alert action beside it (the transaction page). */
export const titleRow = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' });
