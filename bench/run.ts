import { SERVER_COMMAND } from '../server/runtime.js';
import { execSync } from 'node:child_process';
import { cpus, totalmem, type as osType, release } from 'node:os';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { browserSections } from './browser-report.js';
import { measureBrowser } from './browser.js';
import { largeSections } from './large-report.js';
import { measureLarge } from './large.js';
import { measureStartup } from './startup.js';
import { transactionSections } from './transactions-report.js';
import { measureTransactionLists } from './transactions.js';
import { acquireBenchLock } from './lock.js';
import { coldStorageSections } from './cold-storage-report.js';
import { measureColdRecords } from './cold-storage.js';
import { entitySections } from './entity-report.js';
import { measureEntityPages } from './entity.js';
import { riskSections } from './risk-report.js';
import { measureRisk } from './risk.js';
import { ingestionSections } from './ingestion-report.js';
import { measureIngestion } from './ingestion.js';
import { detectionSections } from './detection-report.js';
import { measureDetection } from './detection.js';
import { filingsSections } from './filings-report.js';
import { measureFilings } from './filings.js';
import { loadSections } from './load-report.js';
import { measureLoad } from './load.js';
import { exportsSections } from './exports-report.js';
import { measureExports } from './exports.js';
import { dashboardsSections } from './dashboards-report.js';
import { measureDashboards } from './dashboards.js';

/**
 * `npm run bench`: measures the budgets on this machine and writes docs/benchmarks.md.
 * The console is built first (not timed), as `npm start` would. Exits with 1 when a budget is missed.
 *
 * `npm run bench -- --only lists` (or startup, browser; comma-separated) runs only those phases and
 * keeps the other sections of docs/benchmarks.md as they were (the transactions phase times the data
 * explorer's lists on the same large data). The lists phase seeds the large
 * data on first use, which takes minutes; `--fresh` seeds it again. The load phase drives simulated
 * agents against the server on the same large data (about ten minutes for both engines). The detection
 * phase (BENCH_DETECTION_ROWS for a smaller file) ingests a file with and without the rules live and
 * backtests rules over it. The filings phase batches 1,000 SARs on the real server and computes the CTRs
 * over the large data (reused from the lists phase). The exports phase exports the large data's
 * transaction list as CSV and XLSX through the API, and the dashboards phase times each dashboard
 * section's call, both on the large data (BENCH_EXPORTS_DATA=demo and BENCH_DASHBOARDS_DATA=demo run
 * them on the demo data instead, a quick check). BENCH_DOC writes to another file than
 * docs/benchmarks.md (a check's numbers stay out of it).
 */

const PHASES = [
  'startup',
  'browser',
  'lists',
  'transactions',
  'entity',
  'cold',
  'risk',
  'ingestion',
  'detection',
  'filings',
  'exports',
  'dashboards',
  'load',
] as const;
type Phase = (typeof PHASES)[number];
const DOC = process.env.BENCH_DOC || 'docs/benchmarks.md';

function parseArgs(argv: string[]): { phases: Set<Phase>; fresh: boolean; command: string } {
  let only: string | null = null;
  let fresh = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only') only = argv[++i] ?? '';
    else if (arg.startsWith('--only=')) only = arg.slice('--only='.length);
    else if (arg === '--fresh') fresh = true;
    else throw new Error(`bench: unknown argument ${arg} (--only ${PHASES.join(',')}, --fresh)`);
  }
  const phases = new Set<Phase>(only === null ? PHASES : []);
  for (const name of only?.split(',') ?? []) {
    if (!(PHASES as readonly string[]).includes(name)) throw new Error(`bench: --only takes ${PHASES.join(', ')}, got "${name}"`);
    phases.add(name as Phase);
  }
  return { phases, fresh, command: argv.length ? `npm run bench -- ${argv.join(' ')}` : 'npm run bench' };
}

/** The document's "## " sections by heading, and what comes before the first one. */
function sectionsOf(doc: string): { head: string; sections: Map<string, string> } {
  const parts = doc.split(/^(?=## )/m);
  const head = parts[0].startsWith('## ') ? '' : parts.shift()!;
  return { head, sections: new Map(parts.map((p) => [p.split('\n', 1)[0], p.trimEnd() + '\n'])) };
}

/** Sections of one phase, each starting with its "## " heading. */
function split(markdown: string): string[] {
  return [...sectionsOf(markdown).sections.values()];
}

const HEADINGS: Record<Phase, string[]> = {
  startup: ['## Start-up'],
  browser: [
    '## JavaScript before the login page is usable',
    '## Area chunks',
    '## Command palette: open to first result painted',
    '## Navigation from the palette to a list painted',
    "## Rules: the list from the palette, and a rule's page",
  ],
  lists: ['## Alert and case lists on the large data', '## Alert detail usable after navigation, on the large data', '## The large data'],
  transactions: ['## Transaction and action event lists on the large data'],
  entity: ['## Entity page usable after navigation, on the large data'],
  cold: ['## A cold record back, on the large data'],
  risk: ['## Risk scoring on the large data'],
  ingestion: ['## Flat-file ingestion'],
  detection: ['## Detection: ingestion with the rules live, and a backtest'],
  filings: ['## Filings: a batch of 1,000 SARs, and CTRs over the large data'],
  exports: ['## File exports: the transaction list of the large data as CSV and XLSX'],
  dashboards: ["## Dashboards: each section's call on the large data"],
  load: ['## Load: simulated agents'],
};

async function main() {
  const { phases, fresh, command } = parseArgs(process.argv.slice(2));
  await acquireBenchLock();
  execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${osType()} ${release()}, Node ${process.version}`;
  const produced = new Map<Phase, string[]>();
  let missed = false;
  // Phases not run keep their sections from the previous document. The document is written after
  // every phase, so a phase that fails later (a long run) loses nothing measured before it.
  const previous = sectionsOf(existsSync(DOC) ? readFileSync(DOC, 'utf8') : '');
  const all = phases.size === PHASES.length;
  const record = (phase: Phase, sections: string[]) => {
    produced.set(phase, sections);
    // a run of some phases keeps the others' sections, so each section says when and how it was measured
    const head = `# Benchmarks\n\nEach section names the command that measured it and the day (\`npm run bench\` runs every phase, \`--only\` some).\nMachine of the latest run (${all ? 'all phases' : [...phases].join(', ')}): ${machine}.\n\n`;
    const body = PHASES.flatMap((p) => produced.get(p) ?? HEADINGS[p].map((h) => previous.sections.get(h)).filter((x): x is string => !!x));
    writeFileSync(DOC, head + body.join('\n'));
  };

  if (phases.has('startup')) {
    const startup = await measureStartup();
    const budgets: Record<string, number> = { 'first start': 90, 'start on the existing database': 5 };
    const lines = startup.map((r) => {
      const key = r.label.startsWith('first') ? 'first start' : 'start on the existing database';
      const ok = r.seconds <= budgets[key];
      missed ||= !ok;
      return `| ${r.label} | ${r.seconds.toFixed(1)} s | ${budgets[key]} s | ${ok ? 'met' : 'MISSED'} |`;
    });
    record('startup', [
      `## Start-up

${measuredBy(command, machine)} The real server (\`${SERVER_COMMAND}\`, as \`npm start\` runs it after building the
console) on PGlite in a fresh data folder; measured from process start until \`GET /api/app-version\`
answers.

| what | measured | budget | |
|---|---|---|---|
${lines.join('\n')}
`,
    ]);
  }
  // One phase after the other, so they never compete for the CPU.
  if (phases.has('browser')) {
    const browser = browserSections(await measureBrowser());
    missed ||= browser.missed;
    record('browser', dated(split(browser.markdown), command, machine));
  }
  if (phases.has('lists')) {
    const large = largeSections(await measureLarge(fresh), command, machine);
    missed ||= large.missed;
    record('lists', split(large.markdown));
  }
  if (phases.has('transactions')) {
    const txn = transactionSections(await measureTransactionLists(fresh), command, machine);
    missed ||= txn.missed;
    record('transactions', split(txn.markdown));
  }
  if (phases.has('entity')) {
    const entity = entitySections(await measureEntityPages(fresh), command, machine);
    missed ||= entity.missed;
    record('entity', split(entity.markdown));
  }
  if (phases.has('cold')) {
    const cold = coldStorageSections(await measureColdRecords(fresh), command, machine);
    missed ||= cold.missed;
    record('cold', split(cold.markdown));
  }
  if (phases.has('risk')) {
    const risk = riskSections(await measureRisk(fresh), command, machine);
    missed ||= risk.missed;
    record('risk', split(risk.markdown));
  }
  if (phases.has('ingestion')) {
    const ingestion = ingestionSections(await measureIngestion(), command, machine);
    missed ||= ingestion.missed;
    record('ingestion', split(ingestion.markdown));
  }
  if (phases.has('detection')) {
    const detection = detectionSections(await measureDetection(), command, machine);
    missed ||= detection.missed;
    record('detection', split(detection.markdown));
  }
  if (phases.has('filings')) {
    const filings = filingsSections(await measureFilings(fresh), command, machine);
    missed ||= filings.missed;
    record('filings', split(filings.markdown));
  }
  if (phases.has('exports')) {
    const exported = exportsSections(await measureExports(fresh), command, machine);
    missed ||= exported.missed;
    record('exports', split(exported.markdown));
  }
  if (phases.has('dashboards')) {
    const dashboards = dashboardsSections(await measureDashboards(fresh), command, machine);
    missed ||= dashboards.missed;
    record('dashboards', split(dashboards.markdown));
  }
  if (phases.has('load')) {
    const load = loadSections(await measureLoad(fresh), command, machine);
    missed ||= load.missed;
    record('load', split(load.markdown));
  }

  console.log(readFileSync(DOC, 'utf8'));
  if (missed) process.exitCode = 1;
}

function measuredBy(command: string, machine: string): string {
  return `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)} (${machine}).`;
}

/** Puts the run's command, day and machine under the heading of each section of a phase. */
function dated(sections: string[], command: string, machine: string): string[] {
  return sections.map((section) => section.replace(/^(## [^\n]*\n\n)/, `$1${measuredBy(command, machine)} `));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
