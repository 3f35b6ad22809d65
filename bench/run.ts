import { execSync } from 'node:child_process';
import { cpus, totalmem, type as osType, release } from 'node:os';
import { writeFileSync } from 'node:fs';
import { browserSections } from './browser-report.js';
import { measureBrowser } from './browser.js';
import { measureStartup } from './startup.js';

/**
 * `npm run bench`: measures the budgets on this machine and writes docs/benchmarks.md.
 * The console is built first (not timed), as `npm start` would. Exits with 1 when a budget is missed.
 */
async function main() {
  execSync('node scripts/build-if-needed.mjs', { stdio: 'inherit' });
  const startup = await measureStartup();
  const budgets: Record<string, number> = { 'first start': 90, 'start on the existing database': 5 };
  const lines = startup.map((r) => {
    const key = r.label.startsWith('first') ? 'first start' : 'start on the existing database';
    const ok = r.seconds <= budgets[key];
    return `| ${r.label} | ${r.seconds.toFixed(1)} s | ${budgets[key]} s | ${ok ? 'met' : 'MISSED'} |`;
  });
  // After start-up, so the two never compete for the CPU.
  const browser = browserSections(await measureBrowser());
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ${osType()} ${release()}, Node ${process.version}`;
  const doc = `# Benchmarks

Measured by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.
Machine: ${machine}.

## Start-up

The real server (\`node --import tsx server/index.ts\`, as \`npm start\` runs it after building the
console) on PGlite in a fresh data folder; measured from process start until \`GET /api/app-version\`
answers.

| what | measured | budget | |
|---|---|---|---|
${lines.join('\n')}

${browser.markdown}`;
  writeFileSync('docs/benchmarks.md', doc);
  console.log(doc);
  if (lines.some((l) => l.includes('MISSED')) || browser.missed) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
