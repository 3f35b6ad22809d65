// The dashboards section of docs/benchmarks.md.
import { paragraph } from './browser-report.js';
import type { DashboardsEngineResult, DashboardsResult } from './dashboards.js';

/** Issue 23's budget: each dashboard section's call at p95, over the large data. */
export const SECTION_P95_MS: Record<DashboardsEngineResult['engine'], number> = { PostgreSQL: 200, PGlite: 500 };

const ms = (v: number) => `${v.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const TITLES: Record<string, string> = { kpis: 'KPIs', alerts: 'alerts', cases: 'cases', sars: 'SARs' };

export function dashboardsSections(result: DashboardsResult, command: string, machine: string): { markdown: string; missed: boolean } {
  const judged = result.mode === 'large';
  let missed = false;
  const tables = result.engines.map((e) => {
    const budget = SECTION_P95_MS[e.engine];
    const rows = e.timings.map((t) => {
      const ok = t.p95Ms < budget;
      if (judged && !ok) missed = true;
      return `| ${TITLES[t.section]} | ${t.range} | ${t.charts} charts, ${t.points.toLocaleString('en-US')} points | ${ms(t.p50Ms)} | ${ms(t.p95Ms)} | ${ms(t.maxMs)} | < ${budget} ms | ${judged ? verdict(ok) : 'not judged'} |`;
    });
    const seed = e.seed ? `large data seeded ${e.seed.date}${e.seed.seededNow ? ' (by this run)' : ', reused'}` : 'the demo data';
    return `${e.engine} (${e.version}; ${seed}):

| section | range | answer | p50 | p95 | max | budget (p95) | |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}`;
  });
  const only =
    result.engines.length < 2
      ? ` Only ${result.engines.map((e) => e.engine).join(', ') || 'no engine'} was measured in this run (BENCH_DASHBOARDS_ENGINES).`
      : '';
  const demo = judged ? '' : ' This run used the demo data (BENCH_DASHBOARDS_DATA=demo), a check that the phase works: its numbers judge no budget.';
  const markdown = `## Dashboards: each section's call on the large data

${paragraph(
  `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)} (${machine}).`,
  `Budgets (issue 23): each dashboard section's call at p95 under ${SECTION_P95_MS.PostgreSQL} ms on PostgreSQL and ${SECTION_P95_MS.PGlite} ms on PGlite over the large data.`,
  "On each engine the real server (as `npm start` runs it) on the large database the lists phase seeds (reused; seeded only when absent). The demo manager, who may read every section and the per-rule chart, calls each section's aggregation call (`GET /api/reporting/{kpis,alerts,cases,sars}`, every chart of the section in one answer) over three ranges: the default (the last 30 days by day), the default with the first queue the manager sees as the queue filter, and the last 365 days by week.",
  `Each section and range is called ${result.warmup} times uncounted, then ${result.calls} times, one call at a time, each timed from sending it until its body has been read. Percentiles are nearest-rank; the budget applies to each row's p95.`,
  `${only}${demo}`,
)}

${tables.join('\n\n')}
`;
  return { markdown, missed };
}
