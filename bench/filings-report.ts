// The filings section of docs/benchmarks.md.
import { paragraph } from './browser-report.js';
import type { FilingsResult } from './filings.js';

/** Issue 22's budgets: 1,000 SARs generated and validated, the server's memory meanwhile, CTRs over the large data on PostgreSQL. */
export const SAR_BATCH_SECONDS = 10;
export const SAR_BATCH_RSS_MB = 500;
export const CTR_SECONDS = 30;

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const engineName = (backend: string) => (backend.startsWith('PGlite') ? 'PGlite' : backend.split(' (')[0]);
const isPostgres = (backend: string) => !backend.startsWith('PGlite');

export function filingsSections(r: FilingsResult, command: string, machine: string): { markdown: string; missed: boolean } {
  let missed = false;
  const sars = r.sars;
  const cells = <T>(list: T[], f: (e: T) => string) => list.map(f).join(' | ');
  const total = (e: FilingsResult['sars'][number]) => e.built.seconds + e.validateSeconds;
  const timeOk = (e: FilingsResult['sars'][number]) => e.valid && e.built.sars === e.queued && total(e) < SAR_BATCH_SECONDS;
  const rssOk = (e: FilingsResult['sars'][number]) => e.peakRssMb < SAR_BATCH_RSS_MB;
  for (const e of sars) missed ||= !timeOk(e) || !rssOk(e);
  const sarLines = [
    `| SARs queued / in the batch | ${cells(sars, (e) => `${n(e.queued)} / ${n(e.built.sars)}`)} |`,
    `| batch built (prefiling validation of each SAR, the XML written, the SARs moved) | ${cells(sars, (e) => `${e.built.seconds.toFixed(2)} s`)} |`,
    `| batch file | ${cells(sars, (e) => `${(e.built.bytes / 2 ** 20).toFixed(1)} MB`)} |`,
    `| xmllint against EFL_SARXBatchSchema.xsd | ${cells(sars, (e) => `${e.validateSeconds.toFixed(2)} s, ${e.valid ? 'valid' : `INVALID: ${e.xmllintMessage}`}`)} |`,
    `| generated and validated (budget < ${SAR_BATCH_SECONDS} s) | ${cells(sars, (e) => `${total(e).toFixed(2)} s ${verdict(timeOk(e))}`)} |`,
    `| server's RSS with the SARs queued, before the build | ${cells(sars, (e) => `${n(e.rssBeforeMb)} MB`)} |`,
    `| server's peak RSS during the build (budget < ${SAR_BATCH_RSS_MB} MB) | ${cells(sars, (e) => `${n(e.peakRssMb)} MB ${verdict(rssOk(e))}`)} |`,
  ];
  const ctrs = r.ctrs;
  for (const c of ctrs) if (isPostgres(c.backend)) missed ||= c.seconds >= CTR_SECONDS;
  const ctrLines = [
    `| transactions of Demo Bank (cash deposits and withdrawals) | ${cells(ctrs, (c) => `${n(c.transactions)} (${n(c.cashTransactions)})`)} |`,
    `| business days | ${cells(ctrs, (c) => `${c.from} to ${c.to} (${n(c.days)})`)} |`,
    `| large data | ${cells(ctrs, (c) => `seeded ${c.seed.date}${c.seed.seededNow ? ' (by this run)' : ', reused'}`)} |`,
    `| computeCtrs over every business day | ${cells(ctrs, (c) =>
      isPostgres(c.backend)
        ? `${c.seconds.toFixed(1)} s (budget < ${CTR_SECONDS} s) ${verdict(c.seconds < CTR_SECONDS)}`
        : `${c.seconds.toFixed(1)} s (no budget)`,
    )} |`,
    `| the same again, caches warm | ${cells(ctrs, (c) => `${c.againSeconds.toFixed(1)} s`)} |`,
    `| CTRs due | ${cells(ctrs, (c) => n(c.ctrs))} |`,
  ];
  const partial = (list: Array<{ backend: string }>) =>
    list.length < 2 ? ` Only ${list.map((e) => engineName(e.backend)).join(', ') || 'no engine'} was measured in this run (BENCH_FILINGS_ENGINES).` : '';
  const markdown = `## Filings: a batch of 1,000 SARs, and CTRs over the large data

${paragraph(
  `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)} (${machine}).`,
  `Budgets (issue 22): a batch of 1,000 SARs is generated and validated in under ${SAR_BATCH_SECONDS} s with the server's memory under ${SAR_BATCH_RSS_MB} MB; CTR computation over the 1,000,000 transactions of the large data takes under ${CTR_SECONDS} s on PostgreSQL.`,
  `SARs: on each engine the real server on a fresh database seeded with the demo data (started a second time for the run, once the seed's jobs are done). A probe in the server's process (\`bench/filings-probe.ts\`) sets the seed's queued SARs aside and writes ${n(sars[0]?.queued ?? 0)} complete, submitted SARs of Demo Bank in QUEUED_FOR_FILING in one statement (each its own name, amount, activity dates and subject account), then calls the server's batch build, \`buildSarBatch\` (what the filings.build_sar_batch job and the periodic SAR batch task run): each SAR is checked again by prefiling validation, the FinCEN SAR batch XML is written and stored with the batch, and the SARs move to SENDING_TO_FINCEN, in one transaction. It is timed in the server's process from the call until the batch exists; the server's resident memory is sampled every 100 ms meanwhile. The batch file is then validated with xmllint against FinCEN's EFL_SARXBatchSchema.xsd, timed as a separate process; "generated and validated" is the sum.${partial(sars)}`,
  `CTRs: \`computeCtrs\` (one SQL statement) over every business day of the \`--scale large\` data in the organisation's time zone, run in the bench's own process on the large databases the lists phase seeds (reused, with migrations added since applied, as the server would; seeded only when absent), timed from the call until the CTR filings are built (the first call on the freshly opened database, which the budget is judged on, then the same call again); the count is of the CTRs due.${partial(ctrs)}`,
)}

| 1,000 SARs | ${sars.map((e) => engineName(e.backend)).join(' | ')} |
|---|${sars.map(() => '---').join('|')}|
${sarLines.join('\n')}

| CTRs over the large data | ${ctrs.map((c) => engineName(c.backend)).join(' | ')} |
|---|${ctrs.map(() => '---').join('|')}|
${ctrLines.join('\n')}
`;
  return { markdown, missed };
}
