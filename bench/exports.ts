import { once } from 'node:events';
import { stringify } from 'csv-stringify';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import ExcelJS from 'exceljs';
import { signIn, type ApiClient } from './api-client.js';
import { rssMb, sampler } from './ingestion.js';
import { ensureLargeData, type SeedRecord } from './large-data.js';
import { startPostgres } from './postgres.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The file export budgets (issue 23, line 5): the whole transaction list of the large data (no
 * filters) exported through the API as CSV, then as XLSX, on PostgreSQL and on PGlite. On each
 * engine the real server on the large database of the lists phase (bench/large.ts; reused, seeded
 * only when absent); the demo manager requests the export, and the bench polls the file exports list
 * every 100 ms until it is READY_FOR_DOWNLOAD, timed from the request, sampling the server's RSS
 * every 100 ms throughout. The file is then downloaded and its rows counted (not timed).
 *
 * BENCH_EXPORTS_DATA=demo runs the phase on a fresh database of the demo data instead (a quick check
 * that the phase works end to end, in minutes; its numbers judge no budget), and
 * BENCH_EXPORTS_ENGINES=pglite or postgres one engine only.
 */

export type Engine = 'PGlite' | 'PostgreSQL';

/** The data a phase runs on: the large data (the budgets), or a fresh demo database (a quick check). */
export const dataMode = (variable: string): 'large' | 'demo' => (process.env[variable] === 'demo' ? 'demo' : 'large');
export const enginesOf = (variable: string): Engine[] =>
  (process.env[variable] ?? 'postgres,pglite')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .map((e) => (e === 'postgres' || e === 'postgresql' ? 'PostgreSQL' : e === 'pglite' ? 'PGlite' : null))
    .filter((e, i, all): e is Engine => e !== null && all.indexOf(e) === i);

/** The large databases of the lists phase (bench/large.ts). */
const LARGE_PGLITE_DIR = '.tmp/bench-large-pglite';
const LARGE_PG_DIR = join(tmpdir(), 'vigil-bench-pg-large');
const LARGE_PG_PORT = 55439;
const DEMO_PG_PORT = 55491;

function pgliteVersion(): string {
  const pkg = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  return `PGlite ${pkg.version}`;
}

export interface EngineRun {
  engine: Engine;
  /** PostgreSQL's version line; PGlite's package version */
  version: string;
  /** the large data's seed record; null on the demo data */
  seed: SeedRecord | null;
  server: RunningServer;
  /** the folder the server writes its files in (its DATA_DIR) */
  dataDir: string;
  /** PostgreSQL's address (the bench may read the database beside the server); null on PGlite, whose database is the server's */
  databaseUrl: string | null;
}

/** The large data's seed record when the database holds it (never seeded again while it does); otherwise the lists phase's seeding. */
function largeSeed(target: { dataDir: string } | { databaseUrl: string }, marker: string, created: boolean, fresh: boolean): Promise<SeedRecord> {
  const there = !fresh && !created && existsSync(marker) && ('databaseUrl' in target || existsSync(target.dataDir));
  if (there) return Promise.resolve({ ...(JSON.parse(readFileSync(marker, 'utf8')) as SeedRecord), seededNow: false });
  return ensureLargeData(target, marker, fresh || created);
}

/**
 * Runs `measure` against the real server on each engine in turn: on the large databases, or (demo)
 * on a fresh database of the demo data in `scratch`, removed afterwards. PostgreSQL first, as the
 * budgets are judged on it.
 */
export async function onEachEngine<T>(
  options: { engines: Engine[]; mode: 'large' | 'demo'; fresh: boolean; port: number; scratch: string },
  measure: (run: EngineRun) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  mkdirSync(options.scratch, { recursive: true });
  for (const engine of options.engines) {
    console.log(`bench: ${options.mode} data on ${engine}`);
    if (engine === 'PostgreSQL') {
      const pgDir = options.mode === 'large' ? LARGE_PG_DIR : join(tmpdir(), `vigil-bench-pg-${options.port}`);
      if (options.mode === 'demo') rmSync(pgDir, { recursive: true, force: true });
      const pg = startPostgres(pgDir, options.mode === 'large' ? LARGE_PG_PORT : DEMO_PG_PORT);
      // the server's files (the exports) go to a folder of their own, removed afterwards
      const dataDir = join(options.scratch, 'pg-files');
      rmSync(dataDir, { recursive: true, force: true });
      try {
        const target = { databaseUrl: pg.url };
        const seed = options.mode === 'large' ? await largeSeed(target, join(LARGE_PG_DIR, 'seed.json'), pg.created, options.fresh) : null;
        // on the demo data the first start seeds the demo and the run is measured on a second start
        if (options.mode === 'demo') await (await startServer({ port: options.port, dataDir, databaseUrl: pg.url, fresh: false })).stop();
        const server = await startServer({ port: options.port, dataDir, databaseUrl: pg.url, fresh: false });
        try {
          results.push(await measure({ engine, version: pg.version, seed, server, dataDir, databaseUrl: pg.url }));
        } finally {
          await server.stop();
        }
      } finally {
        pg.stop();
        rmSync(dataDir, { recursive: true, force: true });
        if (options.mode === 'demo') rmSync(pgDir, { recursive: true, force: true });
      }
    } else {
      const demoDir = join(options.scratch, 'pglite');
      if (options.mode === 'demo') rmSync(demoDir, { recursive: true, force: true });
      // PGlite cannot open its folder through a symbolic link (a worktree's link to the seeded folder)
      const dataDir = options.mode === 'demo' ? demoDir : existsSync(LARGE_PGLITE_DIR) ? realpathSync(LARGE_PGLITE_DIR) : LARGE_PGLITE_DIR;
      try {
        const seed = options.mode === 'large' ? await largeSeed({ dataDir }, `${LARGE_PGLITE_DIR}.seed.json`, false, options.fresh) : null;
        if (options.mode === 'demo') await (await startServer({ port: options.port, dataDir, fresh: false })).stop();
        const server = await startServer({ port: options.port, dataDir, fresh: false });
        try {
          results.push(await measure({ engine, version: pgliteVersion(), seed, server, dataDir, databaseUrl: null }));
        } finally {
          await server.stop();
        }
      } finally {
        if (options.mode === 'demo') rmSync(demoDir, { recursive: true, force: true });
      }
    }
  }
  return results;
}

// ---- the exports -------------------------------------------------------------------------------

export interface ExportRun {
  format: 'CSV' | 'XLSX';
  exportId: number;
  status: string;
  /** from the request until the list shows it READY_FOR_DOWNLOAD */
  seconds: number;
  /** from the request until the list first shows it GENERATING (the job taken by a worker) */
  queuedSeconds: number | null;
  rowsTotal: number;
  rowsWritten: number;
  /** data rows counted in the downloaded file (header rows not counted) */
  rowsInFile: number;
  sheets: number;
  fileBytes: number;
  rssBeforeMb: number;
  peakRssMb: number;
  /** CSV: csv-stringify alone writing as many rows of the same cells (stringifierFloor); XLSX: exceljs alone (exceljsFloor) */
  floor: { seconds: number; rowsPerSecond: number } | null;
}

export interface ExportsEngineResult {
  engine: Engine;
  version: string;
  seed: SeedRecord | null;
  /** the transactions of the demo manager's organisation */
  transactions: number;
  runs: ExportRun[];
  /** PostgreSQL only: the floor, the export's own query copied out by PostgreSQL beside the server, nothing written (copyAlone) */
  copy: CopyFloor | null;
  /** the same for the XLSX export's query (its data fields with their kinds) */
  copyXlsx: CopyFloor | null;
}

export interface CopyFloor {
  seconds: number;
  rowsPerSecond: number;
  /** from the start until PostgreSQL sent the first bytes */
  firstBytesSeconds: number;
}

export interface ExportsResult {
  mode: 'large' | 'demo';
  engines: ExportsEngineResult[];
}

const PORT = 3591;
const SCRATCH = join(tmpdir(), 'vigil-bench-exports');
/** An export of the large data is given this long before the bench gives up on it. */
const EXPORT_LIMIT_MS = 30 * 60_000;

interface ExportItem {
  id: number;
  status: string;
  file_size: number | null;
  progress: { rows_written: number; rows_total: number } | null;
  error_message: string | null;
}

async function requestExport(baseUrl: string, client: ApiClient, format: 'CSV' | 'XLSX'): Promise<ExportItem> {
  const res = await fetch(`${baseUrl}/api/file-exports/transactions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${client.jwt}` },
    body: JSON.stringify({ format, filters: {} }),
  });
  if (res.status !== 201) throw new Error(`exports bench: POST /api/file-exports/transactions ${format}: ${res.status} ${await res.text()}`);
  return (await res.json()) as ExportItem;
}

/** Counts CSV records (a quoted field may hold line breaks), the header included. */
async function csvRecords(file: string): Promise<number> {
  let records = 0;
  let quoted = false;
  let lineHasContent = false;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk[i];
      if (c === 0x22) quoted = !quoted;
      else if (c === 0x0a && !quoted) {
        if (lineHasContent) records += 1;
        lineHasContent = false;
        continue;
      }
      if (c !== 0x0d) lineHasContent = true;
    }
  }
  return records + (lineHasContent ? 1 : 0);
}

/** Counts the rows of every sheet of an XLSX file with exceljs's streaming reader. */
async function xlsxRows(file: string): Promise<{ rows: number; sheets: number }> {
  let rows = 0;
  let sheets = 0;
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, { worksheets: 'emit', sharedStrings: 'cache', styles: 'ignore', hyperlinks: 'ignore' });
  for await (const sheet of reader) {
    sheets += 1;
    for await (const row of sheet as AsyncIterable<unknown>) if (row) rows += 1;
  }
  return { rows, sheets };
}

/** The first `n` data records of a CSV file as cells (RFC 4180: quoted fields may hold commas, quotes, line breaks). */
async function csvSample(file: string, n: number): Promise<string[][]> {
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let pendingQuote = false;
  for await (const chunk of createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>) {
    for (const c of chunk) {
      if (pendingQuote) {
        pendingQuote = false;
        if (c === '"') {
          field += '"';
          continue;
        }
        quoted = false;
      }
      if (quoted) {
        if (c === '"') pendingQuote = true;
        else field += c;
      } else if (c === '"') quoted = true;
      else if (c === ',') {
        row.push(field);
        field = '';
      } else if (c === '\n') {
        row.push(field);
        out.push(row);
        row = [];
        field = '';
        if (out.length > n) return out.slice(1);
      } else if (c !== '\r') field += c;
    }
  }
  return out.slice(1);
}

/**
 * The floor of a CSV export in one Node thread: csv-stringify (the maintained stringifier the
 * export must use) alone writing as many rows as the export, its rows taken from the exported file
 * (numbers as numbers, empty cells as empty), into a file, with the export's writer settings. No
 * design that writes through csv-stringify can be faster than this here.
 */
async function stringifierFloor(sample: string[][], rows: number): Promise<{ seconds: number; rowsPerSecond: number }> {
  const cells = sample.map((r) => r.map((c) => (c === '' ? null : /^-?\d+(\.\d+)?$/.test(c) ? Number(c) : c)));
  const file = join(SCRATCH, 'floor.csv');
  const started = performance.now();
  const out = createWriteStream(file, { highWaterMark: 1 << 20 });
  const csv = stringify({ writableHighWaterMark: 1024, readableHighWaterMark: 1 << 20 });
  csv.pipe(out);
  for (let i = 0; i < rows; i++) if (!csv.write(cells[i % cells.length])) await once(csv, 'drain');
  csv.end();
  await once(out, 'close');
  const seconds = (performance.now() - started) / 1000;
  rmSync(file, { force: true });
  return { seconds, rowsPerSecond: rows / seconds };
}

/** The CSV export's first rows, kept for the XLSX floor that follows it. */
let lastSample: string[][] = [];

/**
 * The floor of an XLSX export: exceljs's streaming writer (the maintained writer the export must
 * use) alone, with the export's settings (server/modules/exports/writer.ts), writing as many rows
 * of the CSV export's first rows (numbers as numbers) into a file in one thread: no design that
 * writes through exceljs can be faster here.
 */
async function exceljsFloor(sample: string[][], rows: number, id: number): Promise<{ seconds: number; rowsPerSecond: number }> {
  const { xlsxWriter } = await import('../server/modules/exports/writer.js');
  const cells = sample.map((r) => r.map((c) => (c === '' ? null : /^-?\d+(\.\d+)?$/.test(c) ? Number(c) : c)));
  const file = join(SCRATCH, `floor-${id}.xlsx`);
  const started = performance.now();
  const writer = xlsxWriter(
    file,
    cells[0].map((_, i) => `c${i}`),
  );
  for (let i = 0; i < rows; i += 5000) {
    const page: (string | number | null)[][] = [];
    for (let j = i; j < Math.min(rows, i + 5000); j++) page.push(cells[j % cells.length]);
    await writer.write(page);
  }
  await writer.close();
  const seconds = (performance.now() - started) / 1000;
  rmSync(file, { force: true });
  return { seconds, rowsPerSecond: rows / seconds };
}

async function downloadAndCount(
  baseUrl: string,
  client: ApiClient,
  id: number,
  format: 'CSV' | 'XLSX',
): Promise<{ rows: number; sheets: number; bytes: number; sample: string[][] }> {
  const file = join(SCRATCH, `download-${id}.${format.toLowerCase()}`);
  const res = await fetch(`${baseUrl}/api/file-exports/${id}/download`, { headers: { authorization: `Bearer ${client.jwt}` } });
  if (!res.ok || !res.body) throw new Error(`exports bench: download of export ${id}: ${res.status} ${await res.text()}`);
  try {
    await pipeline(Readable.fromWeb(res.body as unknown as WebReadableStream<Uint8Array>), createWriteStream(file));
    const { size } = statSync(file);
    if (format === 'CSV') return { rows: (await csvRecords(file)) - 1, sheets: 1, bytes: size, sample: await csvSample(file, 5000) };
    // one header row per sheet
    const counted = await xlsxRows(file);
    return { rows: counted.rows - counted.sheets, sheets: counted.sheets, bytes: size, sample: [] };
  } finally {
    rmSync(file, { force: true });
  }
}

/** Removes the export's file from the server's folder (the bench's exports would otherwise stay in the large database's folder for the retention period). */
function removeServerFile(dataDir: string, id: number) {
  const root = join(dataDir, 'exports');
  if (!existsSync(root)) return;
  for (const org of readdirSync(root)) for (const ext of ['csv', 'xlsx']) rmSync(join(root, org, `${id}.${ext}`), { force: true });
}

async function exportOnce(run: EngineRun, client: ApiClient, format: 'CSV' | 'XLSX'): Promise<ExportRun> {
  const { baseUrl, process: child } = run.server;
  console.log(`bench: the transaction list exported as ${format} on ${run.engine}`);
  const rssBeforeMb = rssMb(child.pid!);
  const rss = sampler(child.pid!);
  const started = performance.now();
  let item: ExportItem;
  let queuedSeconds: number | null = null;
  let seconds = 0;
  let peakRssMb = 0;
  try {
    item = await requestExport(baseUrl, client, format);
    const deadline = started + EXPORT_LIMIT_MS;
    for (;;) {
      // the exports list answers the caller's own exports, newest first
      const list = await client.get<{ file_exports: ExportItem[] }>('/api/file-exports?limit=10');
      const now = performance.now();
      item = list.file_exports.find((e) => e.id === item.id) ?? item;
      if (queuedSeconds === null && item.status !== 'REQUESTED') queuedSeconds = (now - started) / 1000;
      if (item.status === 'READY_FOR_DOWNLOAD' || item.status === 'FAILED' || item.status === 'CANCELED') {
        seconds = (now - started) / 1000;
        break;
      }
      if (now > deadline) throw new Error(`exports bench: export ${item.id} still ${item.status} after ${EXPORT_LIMIT_MS / 60_000} minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    peakRssMb = rss.stop();
  }
  if (item.status !== 'READY_FOR_DOWNLOAD') throw new Error(`exports bench: export ${item.id} (${format}) ended ${item.status}: ${item.error_message ?? ''}`);
  const counted = await downloadAndCount(baseUrl, client, item.id, format);
  removeServerFile(run.dataDir, item.id);
  if (format === 'CSV') lastSample = counted.sample;
  const floor =
    format === 'CSV'
      ? counted.sample.length
        ? await stringifierFloor(counted.sample, counted.rows)
        : null
      : lastSample.length
        ? await exceljsFloor(lastSample, counted.rows, item.id)
        : null;
  return {
    format,
    exportId: item.id,
    status: item.status,
    seconds,
    queuedSeconds,
    rowsTotal: item.progress?.rows_total ?? 0,
    rowsWritten: item.progress?.rows_written ?? 0,
    rowsInFile: counted.rows,
    sheets: counted.sheets,
    fileBytes: counted.bytes,
    rssBeforeMb,
    peakRssMb,
    floor,
  };
}

/**
 * The floor on PostgreSQL: the export's own query (its source, as the demo manager, no filters,
 * every column, for the format) copied out by PostgreSQL as CSV beside the server, the bytes
 * counted and dropped: no file, no progress, no server around it. No export of these rows can be
 * faster here. The time to the first bytes is the database's alone (the rows read, joined, made
 * text and sorted before the first is sent): no file of these rows can start sooner.
 */
async function copyAlone(databaseUrl: string, format: 'CSV' | 'XLSX'): Promise<CopyFloor> {
  const { openDatabase } = await import('../server/db/client.js');
  const { copyCsv } = await import('../server/db/copy.js');
  const { requesterPrincipal } = await import('../server/modules/exports/job.js');
  const { rowSource } = await import('../server/modules/exports/sources/index.js');
  const { countCsvRecords } = await import('../server/modules/exports/writer.js');
  const database = await openDatabase({ databaseUrl });
  try {
    const [agent] = await database.query<{ id: number }>(`select id from agents where email = 'manager@demo.test'`);
    const principal = await requesterPrincipal(database.db, agent.id, 1);
    if (!principal) throw new Error('exports bench: the demo manager cannot sign in');
    const started = performance.now();
    const source = await rowSource(database.db, principal, 'TRANSACTIONS', { format, filters: {} });
    if (!source.copy) throw new Error(`exports bench: the transaction export as ${format} is not copied by PostgreSQL`);
    const quoting = { quoted: false };
    let rows = 0;
    let firstBytes = 0;
    await copyCsv(database.db, source.copy.query, source.copy.columns, (chunk) => {
      firstBytes ||= performance.now();
      rows += countCsvRecords(chunk, quoting);
      return Promise.resolve(true);
    });
    const seconds = (performance.now() - started) / 1000;
    return { seconds, rowsPerSecond: rows / seconds, firstBytesSeconds: (firstBytes - started) / 1000 };
  } finally {
    await database.close();
  }
}

export async function measureExports(fresh: boolean): Promise<ExportsResult> {
  const mode = dataMode('BENCH_EXPORTS_DATA');
  const engines = await onEachEngine({ engines: enginesOf('BENCH_EXPORTS_ENGINES'), mode, fresh, port: PORT, scratch: SCRATCH }, async (run) => {
    const client = await signIn(run.server.baseUrl, 'manager@demo.test');
    // the transaction list's own count for the same (absent) filters
    const list = await client.timedPost<{ count: number }>('/api/txn-events/list', { limit: 1 });
    const transactions = Number(list.body.count);
    if (mode === 'large' && transactions < 1_000_000) throw new Error(`exports bench: the large data on ${run.engine} lists ${transactions} transactions`);
    const runs = [await exportOnce(run, client, 'CSV'), await exportOnce(run, client, 'XLSX')];
    const copy = run.databaseUrl ? await copyAlone(run.databaseUrl, 'CSV') : null;
    const copyXlsx = run.databaseUrl ? await copyAlone(run.databaseUrl, 'XLSX') : null;
    return { engine: run.engine, version: run.version, seed: run.seed, transactions, runs, copy, copyXlsx };
  });
  rmSync(SCRATCH, { recursive: true, force: true });
  return { mode, engines };
}
