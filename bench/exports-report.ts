// The file exports section of docs/benchmarks.md.
import { paragraph } from './browser-report.js';
import type { ExportRun, ExportsEngineResult, ExportsResult } from './exports.js';

/** Issue 23's budgets: the large data's transactions to CSV on PostgreSQL, XLSX against CSV, the server's memory throughout. */
export const CSV_ROWS_PER_SECOND = 100_000;
export const XLSX_TIMES_CSV = 4;
export const EXPORT_RSS_MB = 400;

const n = (v: number) => Math.round(v).toLocaleString('en-US');
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const rowsPerSecond = (r: ExportRun) => (r.seconds > 0 ? r.rowsInFile / r.seconds : 0);
const runOf = (e: ExportsEngineResult, format: ExportRun['format']) => e.runs.find((r) => r.format === format);

export function exportsSections(result: ExportsResult, command: string, machine: string): { markdown: string; missed: boolean } {
  const judged = result.mode === 'large';
  const engines = result.engines;
  let missed = false;
  const cells = (f: (e: ExportsEngineResult) => string) => engines.map(f).join(' | ');
  const mark = (ok: boolean) => {
    if (judged && !ok) missed = true;
    return judged ? ` ${verdict(ok)}` : '';
  };
  // every row the export counted is in the file (the list's own count, read before the exports, may
  // differ by transactions arriving meanwhile); the large data holds 1,000,000 or more
  const whole = (r: ExportRun | undefined) => !!r && r.rowsInFile === r.rowsWritten && r.rowsWritten === r.rowsTotal && (!judged || r.rowsInFile >= 1_000_000);
  const csvRate = (e: ExportsEngineResult) => {
    const r = runOf(e, 'CSV');
    if (!r) return 'not run';
    const rate = rowsPerSecond(r);
    return e.engine === 'PostgreSQL'
      ? `${n(rate)} rows/s (budget ≥ ${n(CSV_ROWS_PER_SECOND)})${mark(rate >= CSV_ROWS_PER_SECOND)}`
      : `${n(rate)} rows/s (no budget)`;
  };
  const ratio = (e: ExportsEngineResult) => {
    const csv = runOf(e, 'CSV');
    const xlsx = runOf(e, 'XLSX');
    if (!csv || !xlsx || csv.seconds <= 0) return 'not run';
    const times = xlsx.seconds / csv.seconds;
    return `${times.toFixed(2)} × (budget ≤ ${XLSX_TIMES_CSV} ×)${mark(times <= XLSX_TIMES_CSV)}`;
  };
  const format = (label: ExportRun['format']) => [
    `| ${label}: rows in the file / rows the export wrote of its total | ${cells((e) => {
      const r = runOf(e, label);
      return r ? `${n(r.rowsInFile)} / ${n(r.rowsWritten)} of ${n(r.rowsTotal)}${mark(whole(r))}` : 'not run';
    })} |`,
    `| ${label}: requested to READY_FOR_DOWNLOAD (of which queued, before a worker took the job) | ${cells((e) => {
      const r = runOf(e, label);
      return r ? `${r.seconds.toFixed(1)} s (${r.queuedSeconds === null ? '?' : `${r.queuedSeconds.toFixed(1)} s`})` : 'not run';
    })} |`,
    `| ${label}: file | ${cells((e) => {
      const r = runOf(e, label);
      return r ? `${(r.fileBytes / 2 ** 20).toFixed(1)} MB${r.sheets > 1 ? `, ${r.sheets} sheets` : ''}` : 'not run';
    })} |`,
    `| ${label}: server's RSS before the request / peak until ready (budget < ${EXPORT_RSS_MB} MB) | ${cells((e) => {
      const r = runOf(e, label);
      return r ? `${n(r.rssBeforeMb)} MB / ${n(r.peakRssMb)} MB${mark(r.peakRssMb < EXPORT_RSS_MB)}` : 'not run';
    })} |`,
  ];
  const lines = [
    `| large data | ${cells((e) => (e.seed ? `seeded ${e.seed.date}${e.seed.seededNow ? ' (by this run)' : ', reused'}` : 'the demo data (no budget judged)'))} |`,
    `| transactions the list answers (no filters), before the exports | ${cells((e) => n(e.transactions))} |`,
    ...format('CSV'),
    `| CSV: rows per second, from the request | ${cells(csvRate)} |`,
    `| CSV: rows per second once generating (no budget) | ${cells((e) => {
      const r = runOf(e, 'CSV');
      return r && r.queuedSeconds !== null && r.seconds > r.queuedSeconds ? `${n(r.rowsInFile / (r.seconds - r.queuedSeconds))} rows/s` : 'not run';
    })} |`,
    `| csv-stringify alone writing as many rows of the same cells, in one Node thread (PGlite's CSV goes through it; no budget) | ${cells((e) => {
      const f = runOf(e, 'CSV')?.floor;
      return f ? `${n(f.rowsPerSecond)} rows/s (${f.seconds.toFixed(1)} s)` : 'not run';
    })} |`,
    `| CSV floor on PostgreSQL: the export's own query copied out by PostgreSQL beside the server, nothing written (no budget) | ${cells((e) =>
      e.copy ? `${n(e.copy.rowsPerSecond)} rows/s (${e.copy.seconds.toFixed(1)} s)` : 'not measured (the database is in the server)',
    )} |`,
    `| CSV: the export's rate as a share of that floor | ${cells((e) => {
      const r = runOf(e, 'CSV');
      return e.copy && r && r.seconds > 0 ? `${((r.rowsInFile / r.seconds / e.copy.rowsPerSecond) * 100).toFixed(0)} %` : 'not measured';
    })} |`,
    `| CSV: the export's rate as a share of csv-stringify alone (where the export goes through it) | ${cells((e) => {
      const r = runOf(e, 'CSV');
      if (e.copy) return '– (PostgreSQL writes the CSV)';
      return r?.floor && r.seconds > 0 ? `${((r.rowsInFile / r.seconds / r.floor.rowsPerSecond) * 100).toFixed(0)} %` : 'not run';
    })} |`,
    ...format('XLSX'),
    `| XLSX floor: exceljs alone writing as many rows of the CSV's cells in one thread, with the export's settings (no budget) | ${cells((e) => {
      const f = runOf(e, 'XLSX')?.floor;
      return f ? `${n(f.rowsPerSecond)} rows/s (${f.seconds.toFixed(1)} s)` : 'not run';
    })} |`,
    `| XLSX: the export's time over exceljs alone's | ${cells((e) => {
      const r = runOf(e, 'XLSX');
      return r?.floor ? `${(r.seconds / r.floor.seconds).toFixed(2)} ×` : 'not run';
    })} |`,
    `| XLSX on PostgreSQL: the database's first bytes of the XLSX export's query copied out alone (its rows read, joined and sorted first; no budget) | ${cells(
      (e) => (e.copyXlsx ? `${e.copyXlsx.firstBytesSeconds.toFixed(1)} s` : 'not measured (the database is in the server)'),
    )} |`,
    `| XLSX floor on PostgreSQL: those first bytes, then exceljs alone; as a multiple of the CSV export's time | ${cells((e) => {
      const f = runOf(e, 'XLSX')?.floor;
      const csv = runOf(e, 'CSV');
      if (!e.copyXlsx || !f || !csv || csv.seconds <= 0) return 'not measured';
      const floor = e.copyXlsx.firstBytesSeconds + f.seconds;
      return `${floor.toFixed(1)} s, ${(floor / csv.seconds).toFixed(2)} × the CSV's${floor / csv.seconds > XLSX_TIMES_CSV ? ` (over ${XLSX_TIMES_CSV} ×: the budget is out of reach here)` : ''}`;
    })} |`,
    `| XLSX: the export's time over that floor's | ${cells((e) => {
      const r = runOf(e, 'XLSX');
      const f = r?.floor;
      return r && f && e.copyXlsx ? `${(r.seconds / (e.copyXlsx.firstBytesSeconds + f.seconds)).toFixed(2)} ×` : 'not measured';
    })} |`,
    `| XLSX time / CSV time | ${cells(ratio)} |`,
  ];
  const only = engines.length < 2 ? ` Only ${engines.map((e) => e.engine).join(', ') || 'no engine'} was measured in this run (BENCH_EXPORTS_ENGINES).` : '';
  const demo = judged ? '' : ' This run used the demo data (BENCH_EXPORTS_DATA=demo), a check that the phase works: its numbers judge no budget.';
  const markdown = `## File exports: the transaction list of the large data as CSV and XLSX

${paragraph(
  `Measured by \`${command}\` on ${new Date().toISOString().slice(0, 10)} (${machine}).`,
  `Budgets (issue 23): the 1,000,000 transactions of the large data export to CSV at ${n(CSV_ROWS_PER_SECOND)} rows/s or more on PostgreSQL, and to XLSX within ${XLSX_TIMES_CSV} times the CSV time, with the server's memory under ${EXPORT_RSS_MB} MB throughout, on both engines.`,
  "On each engine the real server (as `npm start` runs it) on the large database the lists phase seeds (reused; seeded only when absent). The demo manager requests an export of the whole transaction list, no filters and every column (`POST /api/file-exports/transactions`), as CSV, then as XLSX once the CSV is ready; the server's export job writes the file page by page. The bench reads the file exports list every 100 ms and times each export from the request until it shows READY_FOR_DOWNLOAD (the time before a worker takes the job is shown apart, and counted); rows per second are the file's rows over that time. The server's resident memory is sampled every 100 ms from the request until ready. Each file is then downloaded through the API and its rows counted (CSV records, or the rows of every XLSX sheet, less their headers), not timed, and must equal the rows the export wrote, which must be the rows it counted when generation started (1,000,000 or more on the large data).",
  "The floors: on PostgreSQL the database writes the CSV itself (COPY, server/db/copy.ts); the bench has PostgreSQL copy out the export's own query beside the server, the bytes counted and dropped (no file, no progress), which no export of these rows can beat here. On PGlite the rows are read from a cursor in the server's one Node thread and written through csv-stringify; the bench takes the first 5,000 rows of the exported file and has csv-stringify alone write as many rows as the export, cycling through them, with the export's buffer settings: no design writing through csv-stringify can be faster than that, before reading a single row. Likewise for XLSX, exceljs's streaming writer (the maintained writer the export uses, which makes every cell XML in JavaScript) alone writes as many rows of the CSV's first 5,000 in one thread with the export's settings: the XLSX export can be no faster than that. On PostgreSQL its rows come from the database's own CSV of the XLSX export's query, which sends nothing before it has read, joined and sorted the rows: the bench copies that query out alone as well and notes when its first bytes come, and that time followed by exceljs alone is the XLSX export's floor there.",
  `${only}${demo}`,
)}

| whole transaction list | ${engines.map((e) => e.engine).join(' | ')} |
|---|${engines.map(() => '---').join('|')}|
${lines.join('\n')}
`;
  return { markdown, missed };
}
