// One dashboard chart: drawn with @visx/xychart as lines or bars (a tooltip names each point), or
// as a table of the same numbers for keyboard and screen-reader users. "Bars"/"Lines" and "Hide"
// change the caller's dashboard config.
import { Axis, BarGroup, BarSeries, LineSeries, Tooltip, XYChart } from '@visx/xychart';
import { useId, useState, type ReactNode } from 'react';
import type { ChartType, ReportChart } from '../../api/reporting/queries';
import { button } from '../../ui/recipes';
import * as s from './dashboards.styles';

interface Point {
  x: string;
  y: number;
}

export const formatValue = (chart: Pick<ReportChart, 'unit'>, y: number) =>
  chart.unit === 'hours' ? `${y.toLocaleString(undefined, { maximumFractionDigits: 1 })} h` : y.toLocaleString();

const xOf = (p: Point) => p.x;
const yOf = (p: Point) => p.y;

function Plot({ chart, chartType }: { chart: ReportChart; chartType: ChartType }) {
  const series = chart.series.map((serie) =>
    chartType === 'bar' ? (
      <BarSeries key={serie.key} dataKey={serie.label} data={serie.points} xAccessor={xOf} yAccessor={yOf} />
    ) : (
      <LineSeries key={serie.key} dataKey={serie.label} data={serie.points} xAccessor={xOf} yAccessor={yOf} />
    ),
  );
  return (
    <div className={s.plot} aria-hidden="true">
      <XYChart height={240} margin={{ top: 10, right: 10, bottom: 40, left: 44 }} xScale={{ type: 'band', paddingInner: 0.25 }} yScale={{ type: 'linear' }}>
        <Axis orientation="left" numTicks={4} />
        <Axis orientation="bottom" numTicks={chart.x_kind === 'time' ? 6 : undefined} />
        {chartType === 'bar' && series.length > 1 ? <BarGroup padding={0.1}>{series}</BarGroup> : series}
        <Tooltip<Point>
          snapTooltipToDatumX
          showVerticalCrosshair={chartType === 'line'}
          renderTooltip={({ tooltipData }) => {
            const nearest = tooltipData?.nearestDatum;
            if (!nearest) return null;
            return (
              <div className={s.tooltip}>
                <strong>{nearest.datum.x}</strong>
                {Object.entries(tooltipData.datumByKey).map(([key, d]) => (
                  <span key={key}>
                    {key}: {formatValue(chart, d.datum.y)}
                  </span>
                ))}
              </div>
            );
          }}
        />
      </XYChart>
    </div>
  );
}

/** The chart's numbers as a table: one row per bucket or category, one column per series. */
export function ChartTable({ chart, captionId }: { chart: ReportChart; captionId: string }) {
  const rows = chart.series[0]?.points.map((p) => p.x) ?? [];
  const table = (
    <table className={s.table} aria-labelledby={captionId}>
      <thead>
        <tr>
          <th className={s.th} scope="col">
            {chart.x_kind === 'time' ? 'Period starting' : 'Category'}
          </th>
          {chart.series.map((serie) => (
            <th key={serie.key} className={s.th} scope="col">
              {serie.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((x, i) => (
          <tr key={x}>
            <th className={s.td} scope="row">
              {x}
            </th>
            {chart.series.map((serie) => (
              <td key={serie.key} className={s.num}>
                {formatValue(chart, serie.points[i]?.y ?? 0)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return <div className={s.tableWrap}>{table}</div>;
}

interface Props {
  chart: ReportChart;
  chartType: ChartType;
  onChartType: (type: ChartType) => void;
  onHide: () => void;
  saving: boolean;
  /** more buttons in the header (the chart's own filter) */
  actions?: ReactNode;
  /** shown under the header (the chart's own filter) */
  children?: ReactNode;
  /** the numbers shown are being read again for another filter */
  stale?: boolean;
}

export function ReportChartCard({ chart, chartType, onChartType, onHide, saving, actions, children, stale = false }: Props) {
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  const empty = chart.series.every((serie) => serie.points.every((p) => p.y === 0));
  const other: ChartType = chartType === 'bar' ? 'line' : 'bar';
  return (
    <article className={s.card} aria-labelledby={id} data-chart={chart.id} aria-busy={stale}>
      <header className={s.cardHeader}>
        <h3 id={id} className={s.cardTitle}>
          {chart.title}
        </h3>
        <div className={s.actions}>
          {actions}
          <button type="button" className={button({ size: 'sm', variant: 'ghost' })} onClick={() => setAsTable(!asTable)} aria-pressed={asTable}>
            Table
          </button>
          <button type="button" className={button({ size: 'sm', variant: 'ghost' })} disabled={saving} onClick={() => onChartType(other)}>
            {other === 'bar' ? 'Show as bars' : 'Show as lines'}
          </button>
          <button type="button" className={button({ size: 'sm', variant: 'ghost' })} disabled={saving} onClick={onHide} aria-label={`Hide ${chart.title}`}>
            Hide
          </button>
        </div>
      </header>
      {children}
      {empty ? <p className={s.empty}>Nothing in this period.</p> : null}
      {!empty && !asTable ? <Plot chart={chart} chartType={chartType} /> : null}
      {!empty && !asTable ? (
        <div className={s.srOnly}>
          <ChartTable chart={chart} captionId={id} />
        </div>
      ) : null}
      {!empty && asTable ? <ChartTable chart={chart} captionId={id} /> : null}
    </article>
  );
}
