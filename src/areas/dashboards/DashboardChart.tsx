// One chart of a dashboard section. It shows the section's answer for the page's filter, or, once
// the agent gives it a filter of its own ("Filter"), the section's answer for that filter: its
// own range, bucket and queue, until "Use the page's filter".
import { useState } from 'react';
import type { Queue } from '../../api/queues/queries';
import { useReportSectionQuery, type ChartType, type DashboardSectionId, type ReportChart } from '../../api/reporting/queries';
import { button } from '../../ui/recipes';
import { DashboardFilters, filterValid, reportFilter, type FilterState } from './DashboardFilters';
import * as s from './dashboards.styles';
import { ReportChartCard } from './ReportChartCard';

interface Props {
  section: DashboardSectionId;
  /** the chart in the section's answer for the page's filter */
  chart: ReportChart;
  pageFilter: FilterState;
  queues: Queue[] | null;
  chartType: ChartType;
  saving: boolean;
  onChartType: (type: ChartType) => void;
  onHide: () => void;
}

export function DashboardChart({ section, chart, pageFilter, queues, chartType, saving, onChartType, onHide }: Props) {
  const [own, setOwn] = useState<FilterState | null>(null);
  const [editing, setEditing] = useState(false);
  const valid = own !== null && filterValid(own);
  const report = useReportSectionQuery(section, reportFilter(valid ? own : pageFilter), { enabled: valid });
  const shown = valid ? (report.data?.charts.find((c) => c.id === chart.id) ?? null) : chart;
  const queueTitle = own?.queueId ? (queues?.find((q) => q.id === own.queueId)?.title ?? 'one queue') : 'all queues';
  return (
    <ReportChartCard
      chart={shown ?? chart}
      stale={valid && !report.data}
      chartType={chartType}
      saving={saving}
      onChartType={onChartType}
      onHide={onHide}
      actions={
        <button
          type="button"
          className={button({ size: 'sm', variant: 'ghost' })}
          aria-expanded={editing}
          aria-label={`Filter ${chart.title}`}
          onClick={() => {
            if (!editing && own === null) setOwn(pageFilter);
            setEditing(!editing);
          }}
        >
          Filter
        </button>
      }
    >
      {own !== null ? (
        <div className={s.chartFilter}>
          <p className={s.muted}>
            Its own filter: {own.fromDay} to {own.toDay}, by {own.bucket}, {queueTitle}.{' '}
            <button
              type="button"
              className={button({ size: 'sm', variant: 'ghost' })}
              onClick={() => {
                setOwn(null);
                setEditing(false);
              }}
            >
              Use the page's filter
            </button>
          </p>
          {editing ? <DashboardFilters value={own} onChange={setOwn} queues={queues} label={`${chart.title} filter`} /> : null}
          {report.isError ? (
            <p role="alert" className={s.empty}>
              This chart could not be loaded for its filter.
            </p>
          ) : null}
        </div>
      ) : null}
    </ReportChartCard>
  );
}
