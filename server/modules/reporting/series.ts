// Chart shapes built from the aggregations' rows: time charts answer every bucket of the range
// (empty ones as 0), category charts one point per category, largest first.
import type { components } from '../../../openapi/schema.js';
import { bucketStarts, type ReportRange } from './range.js';
import { chartTitle, type ChartId, type SectionId } from './charts.js';

export type ReportChart = components['schemas']['ReportChart'];
type Unit = ReportChart['unit'];

export interface BucketRow {
  b: string;
  n: number;
}
export interface CategoryRow {
  label: string | null;
  n: number;
}

/** Hours, to two decimals (the average time charts). */
export const hours = (n: number | null) => (n === null ? 0 : Math.round(Number(n) * 100) / 100);

export function timeChart(
  section: SectionId,
  id: ChartId,
  range: ReportRange,
  series: { key: string; label: string; rows: BucketRow[] }[],
  unit: Unit = 'count',
): ReportChart {
  const starts = bucketStarts(range);
  return {
    id,
    title: chartTitle(section, id),
    x_kind: 'time',
    unit,
    series: series.map((s) => {
      const by = new Map(s.rows.map((r) => [r.b, Number(r.n)]));
      return { key: s.key, label: s.label, points: starts.map((x) => ({ x, y: unit === 'hours' ? hours(by.get(x) ?? 0) : (by.get(x) ?? 0) })) };
    }),
  };
}

export function categoryChart(section: SectionId, id: ChartId, rows: CategoryRow[], empty: string, unit: Unit = 'count', keepOrder = false): ReportChart {
  const points = rows.map((r) => ({ x: r.label ?? empty, y: unit === 'hours' ? hours(r.n) : Number(r.n) }));
  if (!keepOrder) points.sort((a, b) => b.y - a.y || a.x.localeCompare(b.x));
  return { id, title: chartTitle(section, id), x_kind: 'category', unit, series: [{ key: id, label: chartTitle(section, id), points }] };
}
