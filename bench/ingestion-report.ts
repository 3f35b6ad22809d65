// The flat-file ingestion section of docs/benchmarks.md.
import { paragraph } from './browser-report.js';
import type { IngestResult } from './ingestion.js';

/** Issue 9's budgets: rows per second from the upload's last byte to the file finished, and server memory. */
export const ROWS_PER_SECOND_BUDGET = { PGlite: 20_000, PostgreSQL: 100_000 } as const;
export const RSS_BUDGET_MB = 500;

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const rateBudget = (backend: string) => (backend === 'PGlite' ? ROWS_PER_SECOND_BUDGET.PGlite : ROWS_PER_SECOND_BUDGET.PostgreSQL);

export function ingestionSections(r: IngestResult, command: string, machine: string): { markdown: string; missed: boolean } {
  let missed = false;
  const lines = r.runs.map((run) => {
    const budget = rateBudget(run.backend);
    // the rows in the database must match what the run says it loaded, or the speed means nothing
    const complete = run.success === run.rows && (Number.isNaN(run.dbRows) || run.dbRows === run.rows);
    const ok = run.rowsPerSecond >= budget && run.peakRssMb < RSS_BUDGET_MB && complete;
    missed ||= !ok;
    return `| ${run.backend} | ${n(run.rows)} (${(run.bytes / 2 ** 20).toFixed(0)} MiB) | ${run.uploadSeconds.toFixed(1)} s | ${run.processSeconds.toFixed(1)} s | ${n(run.rowsPerSecond)} / s (budget ${n(budget)}) | ${n(run.peakRssMb)} MB | ${n(run.success)} / ${Number.isNaN(run.dbRows) ? 'n/a' : n(run.dbRows)} | ${verdict(ok)} |`;
  });
  const big = r.bigUpload;
  const bigOk = big !== null && big.peakRssMb < RSS_BUDGET_MB;
  missed ||= !bigOk;
  const bigLine = big
    ? `| ${(big.bytes / 2 ** 30).toFixed(2)} GiB | ${big.seconds.toFixed(1)} s | ${n(big.bytes / 2 ** 20 / big.seconds)} MiB/s | ${n(big.peakRssMb)} MB | ${verdict(bigOk)} |`
    : '| not measured | | | | MISSED |';
  const markdown = `## Flat-file ingestion

${paragraph(
  `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)} (${machine}).`,
  `A ${n(r.runs[0]?.rows ?? 0)}-row transaction CSV (quoted values with commas, 20,000 distinct parties) is uploaded with \`PUT /api/database-connections/pull-based-datafiles/{fileId}/content\` to the real server (\`node --max-old-space-size=384 --import tsx server/index.ts\`) on PGlite and on PostgreSQL, each on a fresh database that a first start of the server seeded with the demo data (the run is measured on a second start, as on a running installation); the durable job reads it from disk and upserts in batches. Throughput counts from the upload's last byte to the file finished; the server's resident memory (RSS) is sampled every 100 ms over upload and processing. "rows" is the run's success count against the rows found in the database afterwards.`,
  `Then a 1 GiB body, generated on the fly, is streamed to disk on a PGlite server started for it (a dry-run file deleted unprocessed). Budgets (issue 9): at least ${n(ROWS_PER_SECOND_BUDGET.PostgreSQL)} rows per second on PostgreSQL and ${n(ROWS_PER_SECOND_BUDGET.PGlite)} on PGlite; server RSS under ${RSS_BUDGET_MB} MB throughout.`,
)}

| database | rows | upload | processing | throughput | peak RSS | rows (run / database) | |
|---|---|---|---|---|---|---|---|
${lines.join('\n')}

| 1 GiB upload | time | rate | peak RSS | |
|---|---|---|---|---|
${bigLine}

${paragraph(
  'Where the time goes (measured on PostgreSQL 15 with EXPLAIN ANALYZE and by taking indexes and constraints away inside rolled-back transactions): a batch of 5,000 rows costs about 36 shared-buffer visits per row, one descent of each of the 13 indexes of `transactions` (the explorer\'s list, party and instrument indexes the data explorer budget rests on, the unique external id that the upsert needs, and the trigram index of the search), plus four foreign-key checks (about a quarter of the statement). On the host of 2026-11-25 the batch upsert alone runs at about 16,000 rows per second with every index and 32,000 with only the primary key and the unique external id; no single index dominates. The server\'s own side (reading, parsing and converting the CSV and building each batch) costs about 12 microseconds a row, some 83,000 rows per second on one core, so it too is below 100,000 on the core it has.',
  'So row-by-row upserts cap this schema at about a fifth of the PostgreSQL budget (100,000) on two cores, and meeting it needs a different storage design rather than tuning: for example loading each large file with COPY into a partition of its own, without indexes, and building them in bulk afterwards (which also means the unique external id cannot stay one index across partitions). PGlite runs the same work single-threaded in WebAssembly, at about 60% of PostgreSQL\'s rate. Memory: with the embedded database\'s 32 MB buffer pool and the server\'s 384 MB heap cap (docs/decisions.md, Platform) the PGlite server peaks under the budget; before them it reached 741 MB on the same host, most of it garbage V8 had not yet collected and PGlite\'s 128 MB buffer pool.',
)}
`;
  return { markdown, missed };
}
