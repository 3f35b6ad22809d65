// The large-data sections of docs/benchmarks.md: list calls, alert detail, and the seed behind them.
import { SERVER_COMMAND } from '../server/runtime.js';
import { paragraph } from './browser-report.js';
import { DETAIL_BUDGET_MS, DETAIL_PAGE, DETAIL_RUNS } from './browser-detail.js';
import type { EngineResult } from './large.js';
import { AGENTS, percentile, type CallResult } from './lists.js';

export const LIST_BUDGET_MS: Record<EngineResult['engine'], number> = { PostgreSQL: 50, PGlite: 150 };

const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const count = (n: number | undefined) => (n === undefined ? '?' : n.toLocaleString('en-US'));

function callRows(r: EngineResult): string[] {
  const budget = LIST_BUDGET_MS[r.engine];
  return r.calls.map((c) => {
    const p95 = percentile(c.samples, 0.95);
    return `| ${r.engine} | \`POST ${c.path}\` | ${c.samples.length} | ${ms(percentile(c.samples, 0.5))} | ${ms(p95)} | ${ms(Math.max(...c.samples))} | ${budget} ms | ${verdict(p95 <= budget)} |`;
  });
}

function variantTable(results: EngineResult[], path: string): string {
  const calls = results.map((r) => r.calls.find((c) => c.path === path)!);
  const first = calls[0];
  const rows = first.variants.map((v, k) => {
    const cells = calls.map((c: CallResult) => {
      const s = c.variants[k].samples;
      return `${ms(percentile(s, 0.5))} / ${ms(Math.max(...s))}`;
    });
    return `| ${v.name} | ${v.counts.map(count).join(' / ')} | ${cells.join(' | ')} |`;
  });
  const engines = results.map((r) => `${r.engine}: median / max`);
  return `| \`${path}\` request | matches (${AGENTS.map((a) => a.split('@')[0]).join(' / ')}) | ${engines.join(' | ')} |
|---|---|${results.map(() => '---|').join('')}
${rows.join('\n')}`;
}

function detailRows(results: EngineResult[]): string {
  if (results.every((r) => r.detail === null)) {
    return `Not measured yet: the alert detail page (\`${DETAIL_PAGE}\`) does not exist. The measurement (bench/browser-detail.ts) runs as soon as it does.`;
  }
  const rows = results.flatMap((r) =>
    r.detail === null
      ? []
      : [
          `| ${r.engine}: median of ${r.detail.warmMs.length} warm runs | ${ms(r.detail.medianMs)} | ${DETAIL_BUDGET_MS} ms | ${verdict(r.detail.medianMs <= DETAIL_BUDGET_MS)} |`,
          `| ${r.engine}: p95 of the warm runs (nearest rank) | ${ms(r.detail.p95Ms)} | | |`,
          `| ${r.engine}: cold, the first run, which also fetches the detail's code | ${ms(r.detail.coldMs)} | ${DETAIL_BUDGET_MS} ms | ${verdict(r.detail.coldMs <= DETAIL_BUDGET_MS)} |`,
        ],
  );
  return `| what | measured | budget | |
|---|---|---|---|
${rows.join('\n')}`;
}

function seedRows(results: EngineResult[]): string {
  return results
    .map((r) => {
      const when = r.seed.seededNow ? 'seeded by this run' : `reused, seeded on ${r.seed.date}`;
      return `| ${r.version} | ${r.seed.seconds.toFixed(0)} s | ${when} | ${count(r.seed.counts.alerts)} | ${count(r.seed.counts.cases)} | ${count(r.seed.counts.transactions)} |`;
    })
    .join('\n');
}

export function largeSections(results: EngineResult[], command: string, machine: string): { markdown: string; missed: boolean } {
  const missedLists = results.some((r) => r.calls.some((c) => percentile(c.samples, 0.95) > LIST_BUDGET_MS[r.engine]));
  const missedDetail = results.some((r) => r.detail !== null && !r.detail.met);
  const markdown = `## Alert and case lists on the large data

${paragraph(
  `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)}. Machine: ${machine}.`,
  `The real server (\`${SERVER_COMMAND}\`, production build, log level warn) on the \`--scale large\` data (about 100,000 alerts and 3,000 cases for Demo Bank), once on PGlite and once on a PostgreSQL of the bench's own (initdb and pg_ctl in a temporary folder, as .ci/run starts one).`,
  `Signed in as ${AGENTS.join(' and ')} through the magic link, the bench sends the mix below, in turns, one call at a time over HTTP with keep-alive:`,
  'the first round warms up and is not counted; every later call is a sample, timed in Node from sending the request until its JSON body is parsed.',
  "Percentiles are nearest-rank. The budgets apply to each call's p95.",
)}

| engine | call | samples | median | p95 | max | p95 budget | |
|---|---|---|---|---|---|---|---|
${results.flatMap(callRows).join('\n')}

${variantTable(results, results[0].calls[0].path)}

${variantTable(results, results[0].calls[1].path)}

### What keeps the list calls within budget

- **Composite indexes per list view** (migrations 0003 and 0004): \`alerts_list_created_idx\`,
  \`_status_idx\`, \`_queue_idx\`, \`_assignee_idx\`, \`_deadline_idx\` and \`_amount_idx\`, each
  \`(org_id, <filter or sort column>, ..., id)\` followed by the columns every list query tests
  (status, queue, assignee). The count and the page's ids are then index-only scans: a count over
  100,000 alerts reads a few megabytes of index instead of 110 MB of table, and the first page of a
  sorted view is the first 100 entries of one index instead of a sort of every row.
- **Partial indexes**: all but the status index leave out the alerts of rule validation runs, which
  the list hides unless asked for by status; the queries state \`status <> 'RULE_VALIDATION'\`
  literally, so no entry needs that test.
- **Sort keys that are never empty** (created, title, status, id) are ordered without \`nulls
  last\`: the same order, which an ascending index also gives scanned backwards. Deadline (soonest
  first) and amount (largest first) have indexes in their usual direction; other directions sort.
- **Ids first, rows second**: the page is chosen from the index (\`limit\`/\`offset\` over index
  entries), then only its 100 rows are read from the table. An offset of 50,000 skips index
  entries, not table rows.
- **Rules and tags per page row** by index (correlated subqueries): the plan no longer depends on
  the planner's guess of the page's size, which at deep offsets was one row and turned the joins
  into re-scans.
- **Hidden queues as constants**: the restricted queues the caller is outside of are read once per
  request and tested as a list of ids (nothing to test for members), cheaper per entry than a
  subplan and estimated from statistics.
- **Count and page at once on PostgreSQL** (two pooled connections); PGlite has one connection,
  so there the page is skipped when the offset is past the count.
- **\`vacuum analyze\` after seeding**: index-only scans need the visibility map; PGlite has no
  autovacuum to set it later.
- The case list (about 3,000 cases) uses the same constants, per-row counts and ordering; its
  existing indexes suffice.

## Alert detail usable after navigation, on the large data

${paragraph(
  "In headless Chromium against the production build, on the same servers: signed in as analyst@demo.test on `/alerts`, the console navigates to `/alerts/{id}` (wouter's `history.pushState`, as a row's link does),",
  `a different open or in-review alert each time, ${DETAIL_RUNS} runs with \`history.back()\` between them.`,
  "Measured from just before the navigation until the alert's title is the page's `main h1` and its status is shown, both visible, and a frame has been painted after it (a `MessageChannel` message posted from the next `requestAnimationFrame` callback).",
  "The first run also fetches the detail's code; the budget applies to it and to the median of the others.",
)}

${detailRows(results)}

## The large data

\`npm run db:seed -- --scale large\` (open, migrate and seed, in one process), timed by the bench when it seeds. A database seeded by an earlier run is reused while the seed's sources (\`server/seed/*.ts\`) are unchanged; \`npm run bench -- --only lists --fresh\` seeds again.

| engine | seed | | alerts | cases | transactions |
|---|---|---|---|---|---|
${seedRows(results)}
`;
  return { markdown, missed: missedLists || missedDetail };
}
