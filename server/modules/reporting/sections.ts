// The four dashboard sections' calls: every chart of the section the caller may see (a chart
// needing a permission the caller lacks is neither computed nor sent).
import type { components } from '../../../openapi/schema.js';
import { hasPermission, type Principal } from '../../auth/principal.js';
import { isEmbedded, type Db } from '../../db/client.js';
import { SECTION_CHARTS, type ChartId, type SectionId } from './charts.js';
import { readRange, type RangeQuery, type ReportRange } from './range.js';
import { categoryChart, timeChart, type ReportChart } from './series.js';
import { LATE, ON_TIME, sarsPerBucket, sarsPerStatus } from './sars.queries.js';
import { alertsPerRule, avgHoursPerAgent, avgHoursPerBucket, backlogAge, perBucket, perGroup, slaBreaches } from './work.queries.js';

type Section = components['schemas']['ReportSection'];
type Compute = (db: Db, p: Principal, range: ReportRange, now: Date) => Promise<ReportChart>;

const NO_QUEUE = 'No queue';
const UNASSIGNED = 'Unassigned';
const NONE = 'No disposition';

const COMPUTE: Record<ChartId, Compute> = {
  kpi_case_throughput: async (db, p, r) =>
    timeChart('kpis', 'kpi_case_throughput', r, [
      { key: 'opened', label: 'Opened', rows: await perBucket(db, p, r, 'cases', 'created_at') },
      { key: 'closed', label: 'Closed', rows: await perBucket(db, p, r, 'cases', 'closed_at') },
    ]),
  kpi_case_backlog_age: async (db, p, r, now) => categoryChart('kpis', 'kpi_case_backlog_age', await backlogAge(db, p, r, 'cases', now), '', 'count', true),
  kpi_case_sla_breaches: async (db, p, r, now) =>
    timeChart('kpis', 'kpi_case_sla_breaches', r, [{ key: 'breaches', label: 'Past deadline', rows: await slaBreaches(db, p, r, 'cases', now) }]),

  alerts_over_time: async (db, p, r) =>
    timeChart('alerts', 'alerts_over_time', r, [
      { key: 'created', label: 'Created', rows: await perBucket(db, p, r, 'alerts', 'created_at') },
      { key: 'closed', label: 'Closed', rows: await perBucket(db, p, r, 'alerts', 'closed_at') },
    ]),
  alerts_per_queue: async (db, p, r) => categoryChart('alerts', 'alerts_per_queue', await perGroup(db, p, r, 'alerts', 'created_at', 'queue'), NO_QUEUE),
  alerts_dispositioned: async (db, p, r) =>
    categoryChart('alerts', 'alerts_dispositioned', await perGroup(db, p, r, 'alerts', 'closed_at', 'disposition'), NONE),
  alerts_closed_per_agent: async (db, p, r) =>
    categoryChart('alerts', 'alerts_closed_per_agent', await perGroup(db, p, r, 'alerts', 'closed_at', 'agent'), UNASSIGNED),
  alerts_avg_time_per_agent: async (db, p, r) =>
    categoryChart('alerts', 'alerts_avg_time_per_agent', await avgHoursPerAgent(db, p, r, 'alerts'), UNASSIGNED, 'hours'),
  alerts_per_rule: async (db, p, r) => categoryChart('alerts', 'alerts_per_rule', await alertsPerRule(db, p, r), ''),
  alerts_sla_breaches: async (db, p, r, now) =>
    timeChart('alerts', 'alerts_sla_breaches', r, [{ key: 'breaches', label: 'Past deadline', rows: await slaBreaches(db, p, r, 'alerts', now) }]),
  alerts_backlog_age: async (db, p, r, now) => categoryChart('alerts', 'alerts_backlog_age', await backlogAge(db, p, r, 'alerts', now), '', 'count', true),

  cases_per_agent: async (db, p, r) => categoryChart('cases', 'cases_per_agent', await perGroup(db, p, r, 'cases', 'created_at', 'agent'), UNASSIGNED),
  cases_per_queue: async (db, p, r) => categoryChart('cases', 'cases_per_queue', await perGroup(db, p, r, 'cases', 'created_at', 'queue'), NO_QUEUE),
  cases_per_disposition: async (db, p, r) =>
    categoryChart('cases', 'cases_per_disposition', await perGroup(db, p, r, 'cases', 'closed_at', 'disposition'), NONE),
  cases_closed_per_agent: async (db, p, r) =>
    categoryChart('cases', 'cases_closed_per_agent', await perGroup(db, p, r, 'cases', 'closed_at', 'agent'), UNASSIGNED),
  cases_avg_time: async (db, p, r) =>
    timeChart('cases', 'cases_avg_time', r, [{ key: 'hours', label: 'Average hours to close', rows: await avgHoursPerBucket(db, p, r, 'cases') }], 'hours'),

  sars_created_over_time: async (db, p, r) =>
    timeChart('sars', 'sars_created_over_time', r, [{ key: 'created', label: 'Created', rows: await sarsPerBucket(db, p, r, 'created_at') }]),
  sars_filed_over_time: async (db, p, r) =>
    timeChart('sars', 'sars_filed_over_time', r, [{ key: 'filed', label: 'Filed', rows: await sarsPerBucket(db, p, r, 'filed_at') }]),
  sars_per_status: async (db, p, r) => categoryChart('sars', 'sars_per_status', await sarsPerStatus(db, p, r), ''),
  sars_filed_on_time: async (db, p, r) =>
    timeChart('sars', 'sars_filed_on_time', r, [
      { key: 'on_time', label: 'On time', rows: await sarsPerBucket(db, p, r, 'filed_at', ON_TIME) },
      { key: 'late', label: 'Late', rows: await sarsPerBucket(db, p, r, 'filed_at', LATE) },
    ]),
};

/** The charts of a section the principal may see (the section's own permission is the operation's). */
export function visibleCharts(p: Principal, section: SectionId): ChartId[] {
  return SECTION_CHARTS[section].filter((c) => !c.needs || hasPermission(p, c.needs)).map((c) => c.id);
}

export async function sectionReport(db: Db, p: Principal, section: SectionId, query: RangeQuery, now = new Date()): Promise<Section> {
  const range = await readRange(db, p, query, now);
  const ids = visibleCharts(p, section);
  let charts: ReportChart[] = [];
  if (isEmbedded(db)) {
    // PGlite runs one query at a time: one chart after another
    for (const id of ids) charts.push(await COMPUTE[id](db, p, range, now));
  } else {
    // PostgreSQL: the section's charts at once, on the pool's connections (a year of alerts is
    // eight scans of their indexes; one after another they would add up)
    charts = await Promise.all(ids.map((id) => COMPUTE[id](db, p, range, now)));
  }
  return {
    section,
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    bucket: range.bucket,
    queue_id: range.queueId,
    charts,
  };
}
