// The entity page section of docs/benchmarks.md.
import { paragraph } from './browser-report.js';
import { AGENT, ENTITY_BUDGET_MS, ENTITY_RUNS, type EntityEngineResult } from './entity.js';

const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

export function entitySections(results: EntityEngineResult[], command: string, machine: string): { markdown: string; missed: boolean } {
  const missed = results.some((r) => !r.page.met);
  const rows = results.flatMap((r) => [
    `| ${r.engine}: median of ${r.page.warmMs.length} warm runs | ${ms(r.page.medianMs)} | ${ENTITY_BUDGET_MS} ms | ${verdict(r.page.medianMs <= ENTITY_BUDGET_MS)} |`,
    `| ${r.engine}: p95 of the warm runs (nearest rank) | ${ms(r.page.p95Ms)} | | |`,
    `| ${r.engine}: cold, the first run, which also fetches the page's code | ${ms(r.page.coldMs)} | ${ENTITY_BUDGET_MS} ms | ${verdict(r.page.coldMs <= ENTITY_BUDGET_MS)} |`,
  ]);
  const seeds = results.map((r) => `${r.version} (${r.seed.seededNow ? 'seeded by this run' : `seeded on ${r.seed.date}`})`).join('; ');
  const markdown = `## Entity page usable after navigation, on the large data

${paragraph(
  `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)} (${machine}) on the \`--scale large\` data (${seeds}), the production build in Chromium, as ${AGENT}. From /alerts the console navigates to /entities/{id} (pushState, as an entity link does); the clock stops when the entity's name is the page's heading and the first tab, the entity's transactions, shows its rows (or says it has none), both visible, and the frame is painted. A different entity each time (spread over the customers by id), ${ENTITY_RUNS} runs with \`history.back()\` between them. Budget (issue 8): usable under ${ENTITY_BUDGET_MS} ms.`,
)}

| what | measured | budget | |
|---|---|---|---|
${rows.join('\n')}
`;
  return { markdown, missed };
}
