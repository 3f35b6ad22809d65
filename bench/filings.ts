import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BatchBuilt, FilingsAnswer, FilingsQuestion } from './filings-probe.js';
import { rssMb, sampler } from './ingestion.js';
import { ensureLargeData, type SeedRecord } from './large-data.js';
import { startPostgres } from './postgres.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The filings budgets (issue 22): a batch of 1,000 SARs generated and validated, and the CTRs over
 * the large data.
 *
 * - SARs: the real server on the demo data (PGlite, then PostgreSQL), 1,000 complete SARs written in
 *   QUEUED_FOR_FILING by the probe in the server's process (bench/filings-probe.ts), then the
 *   server's batch build (buildSarBatch: each SAR checked by prefiling validation, the FinCEN SAR
 *   batch XML written, the SARs moved to SENDING_TO_FINCEN) timed by the probe from the call until
 *   the batch exists, with the server's RSS sampled throughout; then the file validated with
 *   xmllint against FinCEN's schema (FINCEN_SCHEMA_DIR, `../shared/fincen` by default), timed too.
 * - CTRs: computeCtrs over every business day of the `--scale large` data, in this process on the
 *   large databases the lists phase seeds (reused whenever they hold the data: never seeded again
 *   here while they do), on PostgreSQL and PGlite.
 */

export const SAR_COUNT = Number(process.env.BENCH_FILINGS_SARS) > 0 ? Number(process.env.BENCH_FILINGS_SARS) : 1_000;
/** BENCH_FILINGS_ENGINES=pglite or postgres runs one engine only (a quick look; the section says so). */
const ENGINES = (process.env.BENCH_FILINGS_ENGINES ?? 'pglite,postgres').split(',');
const SCHEMA = join(process.env.FINCEN_SCHEMA_DIR ?? resolve('../shared/fincen'), 'EFL_SARXBatchSchema.xsd');
const DIR = join(tmpdir(), 'vigil-bench-filings');
const PG_DIR = join(tmpdir(), 'vigil-bench-pg-filings');
const PG_PORT = 55483;
const PORT = 3583;
/** The large databases of the lists phase (bench/large.ts). */
const LARGE_PGLITE_DIR = '.tmp/bench-large-pglite';
const LARGE_PG_DIR = join(tmpdir(), 'vigil-bench-pg-large');
const LARGE_PG_PORT = 55439;

export interface SarBatchRun {
  backend: string;
  queued: number;
  built: BatchBuilt;
  /** the server's RSS once the SARs are queued, before the build */
  rssBeforeMb: number;
  peakRssMb: number;
  /** xmllint over the batch file */
  validateSeconds: number;
  valid: boolean;
  xmllintMessage: string;
}

export interface CtrRun {
  backend: string;
  seed: SeedRecord;
  transactions: number;
  cashTransactions: number;
  from: string;
  to: string;
  days: number;
  seconds: number;
  /** the same call again, on warm caches */
  againSeconds: number;
  ctrs: number;
}

export interface FilingsResult {
  sars: SarBatchRun[];
  ctrs: CtrRun[];
}

// ---- 1,000 SARs on the real server -----------------------------------------------------------

function probeOf(server: RunningServer) {
  let seq = 0;
  const waiting = new Map<number, { resolve: (a: FilingsAnswer) => void; reject: (e: Error) => void }>();
  server.process.on('message', (message: unknown) => {
    const m = message as FilingsAnswer;
    const w = waiting.get(m?.seq);
    if (!w || m.probe !== 'filings') return;
    waiting.delete(m.seq);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve(m);
  });
  type Ask = FilingsQuestion extends infer Q ? (Q extends FilingsQuestion ? Omit<Q, 'probe' | 'seq'> : never) : never;
  return (question: Ask) =>
    new Promise<FilingsAnswer>((resolve, reject) => {
      const q = { probe: 'filings', seq: ++seq, ...question } as FilingsQuestion;
      waiting.set(q.seq, { resolve, reject });
      server.process.send(q);
    });
}

/** Waits until no job is queued or running (the seed's detection and scoring settle first). */
async function jobsDrained(ask: ReturnType<typeof probeOf>, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const { rows } = await ask({ action: 'sql', text: `select count(*)::int as n from jobs where status in ('queued', 'running') and run_at <= now()` });
    if (Number(rows?.[0]?.n) === 0) return;
    if (performance.now() > deadline) throw new Error(`filings bench: jobs still queued after ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

function xmllint(file: string): { seconds: number; valid: boolean; message: string } {
  if (!existsSync(SCHEMA)) throw new Error(`filings bench: FinCEN's schema not found at ${SCHEMA} (FINCEN_SCHEMA_DIR)`);
  const started = performance.now();
  const run = spawnSync('xmllint', ['--noout', '--schema', SCHEMA, file], { encoding: 'utf8', maxBuffer: 64 * 2 ** 20 });
  const seconds = (performance.now() - started) / 1000;
  if (run.error) throw new Error(`xmllint could not run (apt-get install -y libxml2-utils): ${run.error.message}`);
  // FinCEN's namespace is not an absolute URI, which xmllint warns about: the exit status decides
  const last = run.stderr.trim().split('\n').at(-1) ?? '';
  return { seconds, valid: run.status === 0, message: run.status === 0 ? last : run.stderr.trim().split('\n').slice(0, 5).join(' / ') };
}

async function sarBatchOn(backend: string, target: { dataDir: string; databaseUrl?: string }): Promise<SarBatchRun> {
  console.log(`bench: ${SAR_COUNT} SARs batched on ${backend}`);
  // the first start seeds the demo data; the run is measured on a second start
  await (await startServer({ port: PORT, dataDir: target.dataDir, databaseUrl: target.databaseUrl, fresh: false })).stop();
  const server = await startServer({
    port: PORT,
    dataDir: target.dataDir,
    databaseUrl: target.databaseUrl,
    fresh: false,
    nodeArgs: ['--import', './bench/filings-probe.ts'],
    ipc: true,
  });
  try {
    const started = performance.now();
    const ask = probeOf(server);
    await jobsDrained(ask, 300_000);
    // the server's SAR batch task runs 10 s after start, then every minute: the bench's SARs are
    // queued and batched between two of its runs, so the build takes all of them
    await new Promise((r) => setTimeout(r, Math.max(0, 12_000 - (performance.now() - started))));
    const { rows } = await ask({ action: 'queueSars', count: SAR_COUNT });
    const queued = Number(rows?.[0]?.queued);
    const file = join(DIR, `sar-batch-${backend.split(' ')[0]}.xml`);
    const rssBeforeMb = rssMb(server.process.pid!);
    const rss = sampler(server.process.pid!);
    const { built } = await ask({ action: 'buildBatch', file });
    const peakRssMb = rss.stop();
    // the server's own SAR batch task may run in between and take some: then the measure is not of 1,000
    if (!built || built.sars !== SAR_COUNT) throw new Error(`filings bench: the batch holds ${built?.sars ?? 0} SARs of ${SAR_COUNT} (retry)`);
    const lint = xmllint(file);
    return { backend, queued, built, rssBeforeMb, peakRssMb, validateSeconds: lint.seconds, valid: lint.valid, xmllintMessage: lint.message };
  } finally {
    await server.stop();
  }
}

async function measureSars(): Promise<SarBatchRun[]> {
  mkdirSync(DIR, { recursive: true });
  const runs: SarBatchRun[] = [];
  if (ENGINES.includes('pglite')) {
    const dataDir = join(DIR, 'pglite');
    rmSync(dataDir, { recursive: true, force: true });
    try {
      runs.push(await sarBatchOn('PGlite', { dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (ENGINES.includes('postgres')) {
    rmSync(PG_DIR, { recursive: true, force: true });
    const pg = startPostgres(PG_DIR, PG_PORT);
    try {
      const dataDir = join(DIR, 'pg-data');
      rmSync(dataDir, { recursive: true, force: true });
      runs.push(await sarBatchOn(pg.version, { dataDir, databaseUrl: pg.url }));
      rmSync(dataDir, { recursive: true, force: true });
    } finally {
      pg.stop();
      rmSync(PG_DIR, { recursive: true, force: true });
    }
  }
  return runs;
}

// ---- CTRs over the large data ----------------------------------------------------------------

/** The large data's seed record when the database holds it; otherwise the lists phase's seeding. */
async function largeData(target: { dataDir: string } | { databaseUrl: string }, marker: string, created: boolean, fresh: boolean): Promise<SeedRecord> {
  const there = !fresh && !created && existsSync(marker) && ('databaseUrl' in target || existsSync(target.dataDir));
  if (there) return { ...(JSON.parse(readFileSync(marker, 'utf8')) as SeedRecord), seededNow: false };
  return ensureLargeData(target, marker, fresh || created);
}

async function ctrsOn(backend: string, seed: SeedRecord, target: { dataDir: string } | { databaseUrl: string }): Promise<CtrRun> {
  console.log(`bench: CTRs over the large data on ${backend}`);
  const { openDatabase, migrateDatabase } = await import('../server/db/client.js');
  const { computeCtrs } = await import('../server/domain/filings/ctr.js');
  const database = await openDatabase(target);
  try {
    // migrations added since the seed, as the server applies them when it starts
    await migrateDatabase(database);
    const [org] = await database.query<{ id: number; zone: string | null }>(
      `select a.org_id as id, s.timezone as zone from agents a left join organisation_settings s on s.org_id = a.org_id where a.email = 'manager@demo.test'`,
    );
    const orgId = Number(org.id);
    const zone = org.zone ?? 'America/New_York';
    const [span] = await database.query<{ n: number; cash: number; from: string; to: string }>(
      `select count(*)::int as n,
        (count(*) filter (where internal_txn_type in ('CASH_DEPOSIT', 'CASH_WITHDRAWAL')))::int as cash,
        to_char(min((event_time at time zone $2::text)::date), 'YYYY-MM-DD') as "from",
        to_char(max((event_time at time zone $2::text)::date), 'YYYY-MM-DD') as "to"
        from transactions where org_id = $1`,
      [orgId, zone],
    );
    if (Number(span.n) < 1_000_000) throw new Error(`filings bench: the large data on ${backend} holds ${span.n} transactions`);
    const started = performance.now();
    const filings = await computeCtrs(database.db, orgId, { from: span.from, to: span.to }, zone);
    const seconds = (performance.now() - started) / 1000;
    const again = performance.now();
    const repeated = await computeCtrs(database.db, orgId, { from: span.from, to: span.to }, zone);
    const againSeconds = (performance.now() - again) / 1000;
    if (repeated.length !== filings.length) throw new Error(`filings bench: ${filings.length} CTRs, then ${repeated.length}`);
    const days = Math.round((Date.parse(span.to) - Date.parse(span.from)) / 86_400_000) + 1;
    return {
      backend,
      seed,
      transactions: Number(span.n),
      cashTransactions: Number(span.cash),
      from: span.from,
      to: span.to,
      days,
      seconds,
      againSeconds,
      ctrs: filings.length,
    };
  } finally {
    await database.close();
  }
}

async function measureCtrs(fresh: boolean): Promise<CtrRun[]> {
  const runs: CtrRun[] = [];
  if (ENGINES.includes('postgres')) {
    const pg = startPostgres(LARGE_PG_DIR, LARGE_PG_PORT);
    try {
      const target = { databaseUrl: pg.url };
      const seed = await largeData(target, join(LARGE_PG_DIR, 'seed.json'), pg.created, fresh);
      runs.push(await ctrsOn(pg.version, seed, target));
    } finally {
      pg.stop();
    }
  }
  if (ENGINES.includes('pglite')) {
    // PGlite cannot open its folder through a symbolic link (a worktree's link to the seeded folder)
    const target = { dataDir: existsSync(LARGE_PGLITE_DIR) ? realpathSync(LARGE_PGLITE_DIR) : LARGE_PGLITE_DIR };
    const seed = await largeData(target, `${LARGE_PGLITE_DIR}.seed.json`, false, fresh);
    const pkg = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
    runs.push(await ctrsOn(`PGlite ${pkg.version}`, seed, target));
  }
  return runs;
}

export async function measureFilings(fresh: boolean): Promise<FilingsResult> {
  const sars = await measureSars();
  const ctrs = await measureCtrs(fresh);
  return { sars, ctrs };
}
