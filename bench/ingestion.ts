import { spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { once } from 'node:events';
import { signIn } from './api-client.js';
import { startPostgres } from './postgres.js';
import { serverNodeFlags } from '../server/runtime.js';

/**
 * The ingestion budgets: a 1,000,000-row transaction CSV uploaded through the API and processed by
 * the durable job, on PGlite and on PostgreSQL (each server started once to create the demo data,
 * then again for the run), timed from the upload's last byte to the file finished; the server's
 * resident memory sampled every 100 ms over upload and processing. Then a 1 GiB body streamed to
 * disk (the bytes generated on the fly) on a server started for it, its memory sampled the same way.
 */

export const ROWS = Number(process.env.BENCH_INGEST_ROWS) > 0 ? Number(process.env.BENCH_INGEST_ROWS) : 1_000_000;
const DIR = join(tmpdir(), 'vigil-bench-ingest');
const CSV = join(DIR, `transactions-${ROWS}.csv`);
const PG_DIR = join(tmpdir(), 'vigil-bench-pg-ingest');
const PG_PORT = 55461;
const PORT = 3561;
/** BENCH_INGEST_UPLOAD_MIB shrinks the big upload for a quick check of the phase (default 1 GiB). */
const UPLOAD_GIB = (Number(process.env.BENCH_INGEST_UPLOAD_MIB) > 0 ? Number(process.env.BENCH_INGEST_UPLOAD_MIB) : 1024) * 2 ** 20;

export interface IngestRun {
  backend: string;
  rows: number;
  bytes: number;
  uploadSeconds: number;
  processSeconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  success: number;
  dbRows: number;
}

export interface IngestResult {
  runs: IngestRun[];
  bigUpload: { bytes: number; seconds: number; peakRssMb: number } | null;
}

export const HEADER = 'txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id,memo\n';
const TYPES = ['ACH', 'WIRE', 'CARD', 'P2P', 'CASH_DEPOSIT'];

/** Row i of the bench file (the detection phase builds its file from these rows too). */
export function line(i: number): string {
  const t = new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString();
  return `BI-${i},${t},${((i * 7919) % 100000) / 100 + 1},USD,${TYPES[i % 5]},bench_cust_${i % 20000},bench_cust_${(i * 31) % 20000},"memo ${i % 1000}, batch"\n`;
}

async function writeCsv(): Promise<void> {
  if (existsSync(CSV)) return;
  mkdirSync(DIR, { recursive: true });
  const out = createWriteStream(`${CSV}.part`);
  out.write(HEADER);
  for (let i = 0; i < ROWS; i++) {
    if (!out.write(line(i))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  const { renameSync } = await import('node:fs');
  renameSync(`${CSV}.part`, CSV);
}

export function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  stop: () => Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, [...serverNodeFlags(env.DATABASE_URL || undefined), '--import', 'tsx', 'server/index.ts'], {
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', MAGIC_LINK_LIMIT_PER_ADDRESS: '1000', MAGIC_LINK_LIMIT_PER_CLIENT: '1000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  };
  const deadline = performance.now() + 300_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`ingestion bench server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/app-version`)).ok) return { child, baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error('ingestion bench server not serving within 300 s');
}

/** Samples a process's resident memory every 100 ms; stop() answers the peak in MB. */
export function sampler(pid: number) {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** The demo manager signed in, with a raw JSON caller (Bearer token, 15 minutes). */
export async function session(baseUrl: string) {
  const client = await signIn(baseUrl, 'manager@demo.test');
  // the api client keeps its token private: sign in again for the raw calls
  const asked = await fetch(`${baseUrl}/api/agents/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.test' }),
  });
  if (asked.status !== 202) throw new Error('magic link');
  const mailbox = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=manager%40demo.test`)).json()) as { messages: Array<{ link: string }> };
  const token = new URL(mailbox.messages[0].link).searchParams.get('token');
  const login = (await (
    await fetch(`${baseUrl}/api/agents/email-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) })
  ).json()) as { jwt: string };
  const auth = { authorization: `Bearer ${login.jwt}` };
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { 'content-type': 'application/json' },
  ): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      // no content-type without a body: Fastify refuses an empty JSON body
      headers: { ...(body === undefined ? {} : headers), ...auth },
      body: body === undefined ? undefined : body instanceof ReadableStream ? body : JSON.stringify(body),
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  };
  return { client, call };
}

export type FileAnswer = { id: number; status: string; latest_execution: { success_count: number; failure_count: number; total_count: number } | null };

type Call = Awaited<ReturnType<typeof session>>['call'];

/** Creates a transaction file and uploads `path` as its content; answers the file, its size and when the upload started and ended. */
export async function uploadFile(call: Call, path: string, stream = 'bench') {
  const file = await call<FileAnswer>('POST', '/api/database-connections/pull-based-datafiles', {
    file_name: 'bench.csv',
    stream,
    object_type: 'transactions',
  });
  const bytes = statSync(path).size;
  const started = performance.now();
  await call('PUT', `/api/database-connections/pull-based-datafiles/${file.id}/content`, Readable.toWeb(createReadStream(path, { highWaterMark: 1 << 20 })), {
    'content-type': 'text/csv',
  });
  return { file, bytes, started, uploaded: performance.now() };
}

/** Polls the file every 100 ms until it has finished or failed. */
export async function fileDone(call: Call, id: number): Promise<FileAnswer> {
  for (;;) {
    const state = await call<FileAnswer>('GET', `/api/database-connections/pull-based-datafiles/${id}`);
    if (state.status === 'finished' || state.status === 'failed') return state;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function ingestOnce(backend: string, server: Server, countRows: () => Promise<number>): Promise<IngestRun> {
  const { call } = await session(server.baseUrl);
  const rss = sampler(server.child.pid!);
  const { file, bytes, started, uploaded } = await uploadFile(call, CSV);
  const state = await fileDone(call, file.id);
  const done = performance.now();
  const peak = rss.stop();
  if (state.status !== 'finished') throw new Error(`${backend}: the bench file ${state.status}`);
  const processSeconds = (done - uploaded) / 1000;
  return {
    backend,
    rows: ROWS,
    bytes,
    uploadSeconds: (uploaded - started) / 1000,
    processSeconds,
    rowsPerSecond: ROWS / processSeconds,
    peakRssMb: peak,
    success: state.latest_execution?.success_count ?? 0,
    dbRows: await countRows(),
  };
}

/** 1 GiB streamed to disk: the body is the bench CSV's lines generated on the fly. */
async function bigUpload(server: Server): Promise<IngestResult['bigUpload']> {
  const { call } = await session(server.baseUrl);
  const file = await call<FileAnswer>('POST', '/api/database-connections/pull-based-datafiles', {
    file_name: 'big.csv',
    stream: 'bench_big',
    object_type: 'transactions',
    dry_run: true,
  });
  let sent = 0;
  let i = 0;
  const chunk = () => {
    let s = i === 0 ? HEADER : '';
    while (s.length < 1 << 20) s += line(i++);
    return Buffer.from(s);
  };
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= UPLOAD_GIB - (2 << 20)) return controller.close();
      const b = chunk();
      sent += b.length;
      controller.enqueue(b);
    },
  });
  const rss = sampler(server.child.pid!);
  const started = performance.now();
  await call('PUT', `/api/database-connections/pull-based-datafiles/${file.id}/content`, body, { 'content-type': 'text/csv' });
  const seconds = (performance.now() - started) / 1000;
  const peak = rss.stop();
  // not processed: the bench wants the upload only
  await call('DELETE', `/api/database-connections/pull-based-datafiles/${file.id}`);
  return { bytes: sent, seconds, peakRssMb: peak };
}

/**
 * Loading alone, as issue 9 budgets it: the demo's live rules are set back to drafts on the stopped
 * database, so no detection job competes with the load (the detection phase measures the file
 * with the rules live, against this).
 */
async function withoutLiveRules(target: { dataDir?: string; databaseUrl?: string }): Promise<void> {
  const { openDatabase } = await import('../server/db/client.js');
  const database = await openDatabase(target);
  try {
    await database.query(`update rules set status = 'DRAFT' where status in ('ACTIVE', 'ACTIVE_SHADOW')`);
  } finally {
    await database.close();
  }
}

export async function measureIngestion(): Promise<IngestResult> {
  await writeCsv();
  const runs: IngestRun[] = [];
  let big: IngestResult['bigUpload'] = null;

  const liteDir = join(DIR, 'pglite');
  rmSync(liteDir, { recursive: true, force: true });
  // The first start creates the demo data, once in a database's life; the run is measured on a
  // server started on the seeded database, as a running installation is.
  await (await startServer({ DATA_DIR: liteDir, DATABASE_URL: '' })).stop();
  await withoutLiveRules({ dataDir: liteDir });
  const lite = await startServer({ DATA_DIR: liteDir, DATABASE_URL: '' });
  try {
    runs.push(await ingestOnce('PGlite', lite, () => Promise.resolve(NaN)));
  } finally {
    await lite.stop();
  }
  // the big upload on a server of its own, so its memory is the upload's and not the run's before it
  const uploader = await startServer({ DATA_DIR: liteDir, DATABASE_URL: '' });
  try {
    big = await bigUpload(uploader);
  } finally {
    await uploader.stop();
  }
  // the rows counted on the stopped database's own process
  const { openDatabase } = await import('../server/db/client.js');
  const liteDb = await openDatabase({ dataDir: liteDir }).catch(() => null);
  if (liteDb) {
    const [r] = await liteDb.query<{ n: number }>(`select count(*)::int as n from transactions where external_id like 'BI-%'`);
    runs[0].dbRows = r?.n ?? NaN;
    await liteDb.close();
  }

  rmSync(PG_DIR, { recursive: true, force: true });
  const pg = startPostgres(PG_DIR, PG_PORT);
  try {
    await (await startServer({ DATA_DIR: join(DIR, 'pg-data'), DATABASE_URL: pg.url })).stop();
    await withoutLiveRules({ databaseUrl: pg.url });
    const pgServer = await startServer({ DATA_DIR: join(DIR, 'pg-data'), DATABASE_URL: pg.url });
    try {
      const postgres = (await import('postgres')).default;
      const sqlc = postgres(pg.url, { max: 1 });
      runs.push(
        await ingestOnce(pg.version, pgServer, async () =>
          Number((await sqlc`select count(*)::int as n from transactions where external_id like 'BI-%'`)[0].n),
        ),
      );
      await sqlc.end();
    } finally {
      await pgServer.stop();
    }
  } finally {
    pg.stop();
  }
  return { runs, bigUpload: big };
}
