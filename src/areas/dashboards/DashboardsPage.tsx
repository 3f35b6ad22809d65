// The dashboards (/dashboards, issue 23): the sections KPIs, alerts, cases and SARs, each shown to
// who may read them (spec part 2 section 6), over a time range, by day or week, for every queue or
// one. Which charts show, in what order and as lines or bars is the caller's dashboard config,
// changed here and saved on the server.
import { useId, useState } from 'react';
import { useQueuesQuery, type Queue } from '../../api/queues/queries';
import {
  useResetDashboardConfigMutation,
  useSaveDashboardConfigMutation,
  useSaveOrgDashboardConfigMutation,
  type DashboardSections,
} from '../../api/reporting/mutations';
import { useDashboardConfigQuery, useReportSectionQuery, type DashboardConfig, type DashboardSectionId } from '../../api/reporting/queries';
import { useAgent } from '../../app/auth/auth-context';
import { useToast } from '../../app/toasts/toast-context';
import { hasPermission, type PermissionName } from '../../lib/permissions';
import { todayIn } from '../../lib/time';
import { LoadingState } from '../../ui/LoadingState';
import { button } from '../../ui/recipes';
import * as s from './dashboards.styles';
import { DashboardChart } from './DashboardChart';
import { DashboardFilters, defaultFilter, filterValid, reportFilter, type FilterState } from './DashboardFilters';

export const SECTIONS: { id: DashboardSectionId; title: string; needs: PermissionName }[] = [
  { id: 'kpis', title: 'KPIs', needs: 'read_cases' },
  { id: 'alerts', title: 'Alerts', needs: 'read_alerts' },
  { id: 'cases', title: 'Cases', needs: 'read_cases' },
  { id: 'sars', title: 'SARs', needs: 'read_sars' },
];

export function DashboardsPage() {
  const id = useId();
  const agent = useAgent();
  // the last 30 days, today included
  const [today] = useState(() => todayIn('UTC'));
  const [filter, setFilter] = useState<FilterState>(() => defaultFilter(today));
  const canQueues = hasPermission(agent, 'read_alerts') || hasPermission(agent, 'read_cases');
  const queues = useQueuesQuery({ enabled: canQueues });
  const config = useDashboardConfigQuery();
  const valid = filterValid(filter);
  const offered = canQueues ? (queues.data ?? []) : null;
  const sections = SECTIONS.filter((sec) => hasPermission(agent, sec.needs));
  return (
    <section className={s.page} aria-labelledby={`${id}-title`}>
      <header className={s.header}>
        <h1 id={`${id}-title`} className={s.title}>
          Dashboards
        </h1>
        {config.data ? <ConfigActions config={config.data} canEditDefault={hasPermission(agent, 'edit_dashboards')} /> : null}
      </header>
      <DashboardFilters value={filter} onChange={setFilter} queues={offered} label="Dashboard filters" />
      {config.isPending ? <LoadingState label="Loading the dashboards" /> : null}
      {config.isError ? (
        <p role="alert" className={s.empty}>
          The dashboards could not be loaded.
        </p>
      ) : null}
      {config.data
        ? sections.map((sec) => (
            <DashboardSection
              key={sec.id}
              section={sec.id}
              title={sec.title}
              filter={valid ? filter : defaultFilter(today)}
              queues={offered}
              config={config.data}
              enabled={valid}
            />
          ))
        : null}
    </section>
  );
}

export const SOURCE_TEXT: Record<DashboardConfig['source'], string> = {
  agent: 'Your own charts',
  organisation: "The organisation's default charts",
  default: 'The default charts',
};

/** Whose charts these are; back to the organisation's default; a manager makes theirs the default. */
function ConfigActions({ config, canEditDefault }: { config: DashboardConfig; canEditDefault: boolean }) {
  const toast = useToast();
  const reset = useResetDashboardConfigMutation();
  const saveDefault = useSaveOrgDashboardConfigMutation();
  const failed = (e: Error) => toast.show({ message: `The dashboard could not be saved: ${e.message}`, type: 'Error' });
  return (
    <div className={s.actions}>
      <span className={s.muted}>{SOURCE_TEXT[config.source]}</span>
      {config.source === 'agent' ? (
        <button type="button" className={button({ size: 'sm' })} disabled={reset.isPending} onClick={() => reset.mutate(undefined, { onError: failed })}>
          Use the default charts
        </button>
      ) : null}
      {canEditDefault ? (
        <button
          type="button"
          className={button({ size: 'sm' })}
          disabled={saveDefault.isPending}
          onClick={() =>
            saveDefault.mutate(config.sections, {
              onSuccess: () => toast.show({ message: "These charts are now the organisation's default.", type: 'Success' }),
              onError: failed,
            })
          }
        >
          Make these the organisation's default
        </button>
      ) : null}
    </div>
  );
}

type ChartConfig = DashboardSections[DashboardSectionId]['charts'][number];

interface SectionProps {
  section: DashboardSectionId;
  title: string;
  filter: FilterState;
  queues: Queue[] | null;
  config: DashboardConfig;
  enabled: boolean;
}

function DashboardSection({ section, title, filter, queues, config, enabled }: SectionProps) {
  const id = useId();
  const toast = useToast();
  const report = useReportSectionQuery(section, reportFilter(filter), { enabled });
  const save = useSaveDashboardConfigMutation();
  const [choosing, setChoosing] = useState(false);
  const charts = config.sections[section].charts;
  const change = (next: ChartConfig[]) =>
    save.mutate(
      { ...config.sections, [section]: { charts: next } },
      { onError: (e) => toast.show({ message: `The dashboard could not be saved: ${e.message}`, type: 'Error' }) },
    );
  const update = (chartId: string, patch: Partial<ChartConfig>) => change(charts.map((c) => (c.id === chartId ? { ...c, ...patch } : c)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...charts];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item);
    change(next);
  };
  const answered = new Map((report.data?.charts ?? []).map((c) => [c.id, c]));
  const shown = charts.filter((c) => c.enabled && answered.has(c.id));
  const choosable = charts.filter((c) => answered.has(c.id));
  return (
    <section className={s.section} aria-labelledby={id}>
      <header className={s.sectionHeader}>
        <h2 id={id} className={s.sectionTitle}>
          {title}
        </h2>
        <button type="button" className={button({ size: 'sm' })} aria-expanded={choosing} onClick={() => setChoosing(!choosing)}>
          Choose charts
        </button>
      </header>
      {choosing && report.data ? (
        <div className={s.chooser} role="group" aria-label={`${title} charts`}>
          <ol className={s.chooserList}>
            {choosable.map((c) => {
              const index = charts.indexOf(c);
              const name = answered.get(c.id)!.title;
              return (
                <li key={c.id} className={s.chooserItem}>
                  <label className={s.chooserName}>
                    <input type="checkbox" checked={c.enabled} disabled={save.isPending} onChange={(e) => update(c.id, { enabled: e.target.checked })} />
                    {name}
                  </label>
                  <select
                    className={s.control}
                    aria-label={`${name}: chart type`}
                    value={c.chartType}
                    disabled={save.isPending}
                    onChange={(e) => update(c.id, { chartType: e.target.value === 'bar' ? 'bar' : 'line' })}
                  >
                    <option value="line">Line</option>
                    <option value="bar">Bar</option>
                  </select>
                  <button
                    type="button"
                    className={button({ size: 'sm', variant: 'ghost' })}
                    aria-label={`Move ${name} up`}
                    disabled={save.isPending || index === 0}
                    onClick={() => move(index, -1)}
                  >
                    Up
                  </button>
                  <button
                    type="button"
                    className={button({ size: 'sm', variant: 'ghost' })}
                    aria-label={`Move ${name} down`}
                    disabled={save.isPending || index === charts.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    Down
                  </button>
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
      {report.isPending && enabled ? <LoadingState label={`Loading ${title}`} /> : null}
      {report.isError ? (
        <p role="alert" className={s.empty}>
          {title} could not be loaded.
        </p>
      ) : null}
      {report.data && shown.length === 0 ? <p className={s.empty}>No chart is shown. Choose charts to add one.</p> : null}
      <div className={s.grid}>
        {shown.map((c) => (
          <DashboardChart
            key={c.id}
            section={section}
            chart={answered.get(c.id)!}
            pageFilter={filter}
            queues={queues}
            chartType={c.chartType}
            saving={save.isPending}
            onChartType={(chartType) => update(c.id, { chartType })}
            onHide={() => update(c.id, { enabled: false })}
          />
        ))}
      </div>
    </section>
  );
}
