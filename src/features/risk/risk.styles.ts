// One look for risk scores: the gauge, the inline score with its category, and the trace table.
import { css, cva } from '../../../styled-system/css';
import { focusRing } from '../../ui/recipes';
import { dataTable } from '../../ui/table.recipes';

export const gaugeBlock = css({ display: 'flex', alignItems: 'center', gap: '5', flexWrap: 'wrap' });
export const gaugeFigure = css({ m: '0', display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2' });
export const gaugeSvg = css({ width: '13rem', height: 'auto', display: 'block', overflow: 'visible' });
export const gaugeTrack = css({ fill: 'none', stroke: 'gray.200' });
export const gaugeValue = cva({
  base: { fill: 'none', strokeLinecap: 'butt' },
  variants: { tone: { success: { stroke: 'success' }, warning: { stroke: 'warning' }, error: { stroke: 'danger' } } },
});
export const gaugeThreshold = css({ stroke: 'ink', strokeWidth: '1.5', opacity: 0.55 });
export const gaugeMark = css({ fill: 'muted', fontSize: '11px', fontVariantNumeric: 'tabular-nums' });
export const gaugeScore = css({ fill: 'ink', fontSize: '34px', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' });
export const gaugeFacts = css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm', color: 'muted', minWidth: '0', m: '0' });
export const factValue = css({ m: '0', color: 'ink', fontWeight: 'medium' });
export const unscoredText = css({ m: '0', maxWidth: '40rem' });

export const inline = css({ display: 'inline-flex', alignItems: 'center', gap: '2', fontVariantNumeric: 'tabular-nums' });
export const unscored = css({
  color: 'muted',
  textDecoration: 'underline dotted',
  textUnderlineOffset: '3px',
  cursor: 'help',
  borderRadius: 'sm',
  _focusVisible: focusRing,
});

export const traceBlock = css({ display: 'flex', flexDirection: 'column', gap: '2' });
export const traceTitle = css({ fontSize: 'md', fontWeight: 'semibold', m: '0' });
export const traceScroll = css({ overflowX: 'auto', layerStyle: 'surface', borderRadius: 'md' });
// the trace table: the shared table, narrower, its rows unlit and their cells at the top
const trace = dataTable({ density: 'sm', hover: false, valign: 'top' });
export const table = trace.table;
export const caption = css({ textAlign: 'left', px: '3', py: '2', fontSize: 'sm', color: 'muted', captionSide: 'top' });
export const th = trace.th;
export const td = css(dataTable.raw({ density: 'sm', valign: 'top' }).td, { overflowWrap: 'anywhere' });
export const rowHeader = css({ textAlign: 'left', fontWeight: 'medium' });
export const num = trace.num;
export const tr = trace.tr;
export const totalRow = css({ bg: 'gray.50', fontWeight: 'semibold' });
export const scoredBy = css({ display: 'flex', alignItems: 'flex-start', flexDirection: 'column', gap: '1' });
export const muted = css({ color: 'muted' });
