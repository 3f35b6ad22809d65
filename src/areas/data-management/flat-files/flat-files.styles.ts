// The flat-file ingestion page and its upload dialog (status chips are the work badge, src/features/work).
import { css } from '../../../../styled-system/css';
import { ruledTable } from '../../../ui/table.recipes';

export const page = css({ display: 'flex', flexDirection: 'column', gap: '4', p: '6', minWidth: '0' });
export const header = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' });
export const title = css({ fontSize: 'xl', fontWeight: 'semibold' });
export const spacer = css({ flex: '1' });
export const intro = css({ color: 'muted', fontSize: 'sm', maxWidth: '60rem' });
export const tableFrame = css({ layerStyle: 'surface', borderRadius: 'lg', overflowX: 'auto' });
export const table = ruledTable({ head: 'plain', valign: 'middle' });
export const fileName = css({ fontWeight: 'medium', wordBreak: 'break-all' });
export const muted = css({ color: 'muted' });
export const rowActions = css({ display: 'flex', gap: '1', justifyContent: 'flex-end', flexWrap: 'wrap' });
export const empty = css({ p: '8', textAlign: 'center', color: 'muted' });
export const more = css({ display: 'flex', justifyContent: 'center', p: '3' });

export const progressTrack = css({ height: '2', borderRadius: 'full', bg: 'gray.100', overflow: 'hidden' });
export const progressBar = css({ height: '100%', bg: 'brand', transition: 'width 120ms linear' });
export const progressText = css({ fontSize: 'xs', color: 'muted', display: 'flex', justifyContent: 'space-between' });
export { choices as radios } from '../../../ui/dialog.styles';
/** the native file picker needs room for its button */
export const fileInput = css({ height: 'auto', py: '2' });
