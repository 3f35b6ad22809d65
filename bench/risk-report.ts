// The risk scoring section of docs/benchmarks.md.
import { paragraph } from './browser-report.js';
import { percentile } from './lists.js';
import { SCORES_P95_BUDGET_MS, THROUGHPUT_BUDGET, type RiskResult, type ThroughputRun } from './risk.js';

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const ms = (v: number) => `${v.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const median = (runs: ThroughputRun[]) => [...runs].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(runs.length / 2)];

export function riskSections(r: RiskResult, command: string, machine: string): { markdown: string; missed: boolean } {
  const p95 = percentile(r.calls.samples, 0.95);
  const lines = (
    [
      ['the seeded active model (two segments, five parameters), scores only', r.seeded],
      ['a model with all seven metric families, scores only', r.allFamilies],
      ['all seven families, writing every result and the mirrored entity score', r.withWrites],
    ] as const
  ).map(([label, runs]) => {
    const m = median(runs);
    return `| ${label} | ${runs.map((x) => `${x.seconds.toFixed(2)} s`).join(', ')} | ${n(m.perSecond)} / s | ${n(THROUGHPUT_BUDGET)} / s | ${verdict(m.perSecond >= THROUGHPUT_BUDGET)} |`;
  });
  const missed = [r.seeded, r.allFamilies, r.withWrites].some((runs) => median(runs).perSecond < THROUGHPUT_BUDGET) || p95 > SCORES_P95_BUDGET_MS;
  const seed = `${r.version} (${r.seed.seededNow ? 'seeded by this run' : `seeded on ${r.seed.date}`})`;
  const markdown = `## Risk scoring on the large data

${paragraph(
  `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)} (${machine}) on the \`--scale large\` data, ${seed}: ${n(r.entities)} entities of Demo Bank.`,
  `Throughput: the engine (server/domain/risk) in the bench's own process scores every entity of the organisation in the rescoring job's batches of 5,000 (one query for the entities and one grouped count per metric family, then the weighted parameters, each metric's raw value and the mapping that matched), with the next batch's reads and the previous batch's writes under way while a batch is scored; three runs each, the median run against the budget.`,
  `The written run is the rescoring job's work (one insert of risk_score_results with the lean snapshot the full trace is rebuilt from, and one upsert of the mirrored scores in entity_risk_scores per batch) inside one transaction that is rolled back, so the bench data keeps its seeded scores.`,
  `The scores call: \`POST /api/risk/entities/scores\` with 100 different external ids each round over HTTP against the real server, ${r.calls.samples.length} rounds after one warm-up (${ms(r.calls.first)}). Budgets (issue 10): at least ${n(THROUGHPUT_BUDGET)} entities per second; the scores call p95 under ${SCORES_P95_BUDGET_MS} ms.`,
)}

| what | runs | median throughput | budget | |
|---|---|---|---|---|
${lines.join('\n')}

| call | rounds | median | p95 | slowest | budget | |
|---|---|---|---|---|---|---|
| \`POST /api/risk/entities/scores\`, 100 ids | ${r.calls.samples.length} | ${ms(percentile(r.calls.samples, 0.5))} | ${ms(p95)} | ${ms(Math.max(...r.calls.samples))} | ${SCORES_P95_BUDGET_MS} ms | ${verdict(p95 < SCORES_P95_BUDGET_MS)} |
`;
  return { markdown, missed };
}
