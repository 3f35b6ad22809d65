// The dashboards' charts (spec part 2 sections 3, 6, 9): which section each belongs to, its title,
// whether it is enabled by default ("Default enabled dashboard charts"), and the permission a chart
// needs beyond its section's.
import type { components } from '../../../openapi/schema.js';

export type ChartId = components['schemas']['ReportChartId'];
export type SectionId = components['schemas']['DashboardSectionId'];
export type ChartType = components['schemas']['ChartType'];
export type Sections = components['schemas']['DashboardSections'];

interface ChartDef {
  id: ChartId;
  title: string;
  enabled: boolean;
  chartType: ChartType;
  /** a permission the chart needs beyond its section's */
  needs?: string;
}

const chart = (id: ChartId, title: string, enabled: boolean, chartType: ChartType, needs?: string): ChartDef => ({
  id,
  title,
  enabled,
  chartType,
  ...(needs ? { needs } : {}),
});

/** Each section's charts in their default order. */
export const SECTION_CHARTS: Record<SectionId, readonly ChartDef[]> = {
  kpis: [
    chart('kpi_case_throughput', 'Cases opened and closed', true, 'line'),
    chart('kpi_case_backlog_age', 'Open cases by age', true, 'bar'),
    chart('kpi_case_sla_breaches', 'Cases past their deadline', true, 'bar'),
  ],
  alerts: [
    chart('alerts_over_time', 'Alerts over time', true, 'line'),
    chart('alerts_per_queue', 'Alerts per queue', true, 'bar'),
    chart('alerts_dispositioned', 'Alerts dispositioned per disposition', true, 'bar'),
    chart('alerts_closed_per_agent', 'Alerts closed per agent', true, 'bar'),
    chart('alerts_avg_time_per_agent', 'Average time to close per agent', true, 'bar'),
    chart('alerts_per_rule', 'Alerts per rule', false, 'bar', 'read_rules'),
    chart('alerts_sla_breaches', 'Alerts past their deadline', false, 'bar'),
    chart('alerts_backlog_age', 'Open alerts by age', false, 'bar'),
  ],
  cases: [
    chart('cases_per_agent', 'Cases per agent', true, 'bar'),
    chart('cases_per_queue', 'Cases per queue', true, 'bar'),
    chart('cases_per_disposition', 'Cases per disposition', true, 'bar'),
    chart('cases_closed_per_agent', 'Cases closed per agent', true, 'bar'),
    chart('cases_avg_time', 'Average time to close cases', true, 'line'),
  ],
  sars: [
    chart('sars_created_over_time', 'SARs created', true, 'line'),
    chart('sars_filed_over_time', 'SARs filed', true, 'line'),
    chart('sars_per_status', 'SARs per status', true, 'bar'),
    chart('sars_filed_on_time', 'SARs filed on time or late', true, 'bar'),
  ],
};

export const SECTION_IDS = Object.keys(SECTION_CHARTS) as SectionId[];

export const chartTitle = (section: SectionId, id: ChartId) => SECTION_CHARTS[section].find((c) => c.id === id)!.title;

/** The product's defaults: every chart, in order, enabled as the spec lists. */
export function defaultSections(): Sections {
  const out = {} as Sections;
  for (const s of SECTION_IDS) out[s] = { charts: SECTION_CHARTS[s].map((c) => ({ id: c.id, enabled: c.enabled, chartType: c.chartType })) };
  return out;
}

/**
 * A saved config read over today's charts: its order, enabled and chartType, charts it no longer
 * names (or that do not exist any more) dropped, and charts it does not name appended with their
 * defaults.
 */
export function overDefaults(saved: unknown): Sections {
  const defaults = defaultSections();
  const source = (saved ?? {}) as Partial<Record<SectionId, { charts?: unknown }>>;
  for (const s of SECTION_IDS) {
    const known = new Map(defaults[s].charts.map((c) => [c.id, c]));
    const list = Array.isArray(source[s]?.charts) ? (source[s].charts as Record<string, unknown>[]) : [];
    const kept: Sections[SectionId]['charts'] = [];
    for (const c of list) {
      const def = known.get(c.id as ChartId);
      if (!def || kept.some((k) => k.id === def.id)) continue;
      kept.push({
        id: def.id,
        enabled: typeof c.enabled === 'boolean' ? c.enabled : def.enabled,
        chartType: c.chartType === 'line' || c.chartType === 'bar' ? c.chartType : def.chartType,
      });
    }
    for (const def of defaults[s].charts) if (!kept.some((k) => k.id === def.id)) kept.push(def);
    defaults[s] = { charts: kept };
  }
  return defaults;
}
