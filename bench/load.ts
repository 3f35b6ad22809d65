import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { migrateDatabase, openDatabase } from '../server/db/client.js';
import { ensureLargeData, type SeedRecord } from './large-data.js';
import {
  LOAD_AGENTS,
  LOAD_COMMENT_MARK,
  LOAD_MIX,
  openSession,
  rank,
  runLoad,
  singleRequestMix,
  type LoadConfig,
  type LoadRun,
  type Sample,
  type Session,
} from './load-mix.js';
import type { ProbeReport } from './load-probe.js';
import { startPostgres } from './postgres.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The load phase of `npm run bench` (`--only load`): simulated agents (bench/load-mix.ts) over
 * loopback against the real server on the `--scale large` data, on PGlite and on PostgreSQL (the
 * databases of the lists phase). Per engine, on the plain server:
 *
 * - the budget run: the engine's number of agents, each thinking about a second between actions;
 * - saturation: the same mix without think time at a few concurrencies (the best is reported);
 * - the floor: the cheapest calls (a route without the database, and the cheapest signed-in call)
 *   at the same concurrency, which is what this machine can answer at best;
 *
 * and on the same server started with bench/load-probe.ts, the instrumented runs that measure where
 * a request's time goes (the budget load again, and saturation).
 *
 * Comments the load writes are removed from the large data afterwards. Before each engine's runs
 * the phase waits (up to 10 minutes) for a quiet machine and says in the report when it was not.
 *
 * For short runs while working on it: BENCH_LOAD_WARMUP_S and BENCH_LOAD_MEASURE_S (10 and 60),
 * BENCH_LOAD_SATURATION (the saturation runs' agents, "4,8,16,32"), BENCH_LOAD_ENGINES ("PGlite",
 * "PostgreSQL" or both) and BENCH_LOAD_QUIET_WAIT_MIN.
 */

export type Engine = 'PGlite' | 'PostgreSQL';

/** The budget: agents per engine with a one-second think time, p99 under 250 ms, no errors. */
export const LOAD_BUDGET = { agents: { PostgreSQL: 200, PGlite: 50 } as Record<Engine, number>, thinkMs: 1000, p99Ms: 250 };

const WARMUP_S = Number(process.env.BENCH_LOAD_WARMUP_S ?? 10);
const MEASURE_S = Number(process.env.BENCH_LOAD_MEASURE_S ?? 60);
const SATURATION_AGENTS = (process.env.BENCH_LOAD_SATURATION ?? '4,8,16,32').split(',').map(Number);
const SATURATION_WARMUP_S = Math.min(5, WARMUP_S);
const SATURATION_MEASURE_S = Math.min(20, MEASURE_S);
const BREAKDOWN_MEASURE_S = Math.min(30, MEASURE_S);
/** How long to wait, before each engine's runs, for other work on the machine to finish. */
const QUIET_WAIT_MIN = Number(process.env.BENCH_LOAD_QUIET_WAIT_MIN ?? 10);

export interface OpStats {
  op: string;
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface RunSummary {
  label: string;
  agents: number;
  thinkMs: number;
  measuredS: number;
  requests: number;
  perSecond: number;
  actionsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  errors: number;
  /** error kinds and how many, e.g. "POST /api/comments: HTTP 500" */
  errorKinds: Record<string, number>;
  ops: OpStats[];
  /**
   * CPU per second of the window (1000 = one core busy): the server process, PostgreSQL's processes,
   * the load generator, and everything else on the machine (other engineers' work, the kernel)
   */
  cpu: { server: number; database: number | null; generator: number; other: number };
  generatorLoopDelay: LoadRun['generatorLoopDelay'];
}

export interface Breakdown {
  run: RunSummary;
  /** requests matched to the server's timings */
  matched: number;
  /**
   * means per request (ms): client latency, server time, database wall time (a query in flight),
   * database run time (PostgreSQL: a query on a connection; PGlite: inside its engine), Node (server
   * minus database), outside (client minus server)
   */
  mean: { client: number; server: number; dbWall: number; dbRun: number; node: number; outside: number };
  /** the same split for the requests at or above the client p99 */
  slowest: { count: number; client: number; server: number; dbWall: number; dbRun: number; node: number; outside: number };
  /** per operation means (ms) */
  ops: Array<{ op: string; count: number; client: number; server: number; dbWall: number; dbRun: number; queries: number }>;
  serverLoopDelay: ProbeReport['loopDelay'];
  /** CPU time per request (ms): the server's process (of which PGlite's engine), PostgreSQL's processes, the generator */
  cpuPerRequest: { server: number; dbRun: number | null; database: number | null; generator: number };
}

export interface LoadEngineResult {
  engine: Engine;
  version: string;
  seed: SeedRecord;
  sessions: number;
  budget: RunSummary;
  met: boolean;
  saturation: RunSummary[];
  floor: RunSummary[];
  breakdown: Breakdown;
  saturationBreakdown: Breakdown;
  /** heavy processes seen on the machine before the runs ('' when it was quiet) */
  busy: string;
}

const PGLITE_DIR = '.tmp/bench-large-pglite';
const PG_DIR = join(tmpdir(), 'vigil-bench-pg-large');
const PG_PORT = 55439;
const SERVER_PORT = 3233;

// --- CPU time of processes, from /proc ---

const TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);

function statOf(pid: number): { ppid: number; ms: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    // after the name: state(0) ppid(1) ... utime(11) stime(12)
    return { ppid: Number(fields[1]), ms: (Number(fields[11]) + Number(fields[12])) * TICK_MS };
  } catch {
    return null;
  }
}

/** CPU ms used so far by a process (with its threads). */
function cpuOf(pid: number): number {
  return statOf(pid)?.ms ?? 0;
}

/** CPU ms used so far by a PostgreSQL cluster: the postmaster and its children (the pool's backends stay up for a run). */
function postgresCpu(dataDir: string): number {
  const pidFile = join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return 0;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n', 1)[0]);
  let total = cpuOf(postmaster);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat?.ppid === postmaster) total += stat.ms;
  }
  return total;
}

/** Other engineers' heavy work on this machine (test runners, browsers), not ours. */
export function busyProcesses(): string {
  let out = '';
  try {
    out = execFileSync('pgrep', ['-af', 'vitest|playwright|chromium'], { encoding: 'utf8' });
  } catch {
    return '';
  }
  const mine = new Set([process.pid, process.ppid]);
  const names = out
    .split('\n')
    .filter((l) => l.trim() && !mine.has(Number(l.split(' ', 1)[0])))
    .map((l) => /vitest|playwright|chromium/.exec(l)?.[0] ?? 'other');
  return [...new Set(names)].join(', ');
}

/** The machine's CPU time so far (all cores), busy and in all, in ms. */
function machineCpu(): { busy: number; total: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const n = fields.slice(0, 8).map(Number);
  const total = n.reduce((a, b) => a + b, 0) * TICK_MS;
  return { busy: total - (n[3] + (n[4] ?? 0)) * TICK_MS, total };
}

/** The machine's CPU use over `ms` (0 to 1 of all cores). */
async function machineBusy(ms: number): Promise<number> {
  const read = () => {
    const { busy, total } = machineCpu();
    return { idle: total - busy, total };
  };
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  return b.total === a.total ? 0 : 1 - (b.idle - a.idle) / (b.total - a.total);
}

/**
 * Waits (up to `maxMinutes`) until no test runner or browser of anyone else runs and the machine's
 * cores are mostly idle; answers what was still going on then, or '' for a quiet machine.
 */
export async function waitForQuiet(maxMinutes: number): Promise<string> {
  const until = Date.now() + maxMinutes * 60_000;
  let told = false;
  for (;;) {
    const busy = busyProcesses();
    const cpu = await machineBusy(5000);
    const why = [busy && `running: ${busy}`, cpu > 0.2 && `${Math.round(cpu * 100)}% of the CPU in use`].filter(Boolean).join('; ');
    if (!why || Date.now() > until) return why;
    if (!told) console.log(`bench: waiting up to ${maxMinutes} minutes for a quiet machine (${why})`);
    told = true;
    await new Promise((r) => setTimeout(r, 10_000));
  }
}

// --- summaries ---

function summarize(run: LoadRun, cpu: RunSummary['cpu']): RunSummary {
  const latencies = run.samples.map((s) => s.ms).sort((a, b) => a - b);
  const errorKinds: Record<string, number> = {};
  for (const s of run.samples) if (s.error) errorKinds[`${s.op}: ${s.error}`] = (errorKinds[`${s.op}: ${s.error}`] ?? 0) + 1;
  const byOp = new Map<string, number[]>();
  for (const s of run.samples) byOp.set(s.op, [...(byOp.get(s.op) ?? []), s.ms]);
  const ops = [...byOp].map(([op, ms]) => {
    ms.sort((a, b) => a - b);
    return { op, count: ms.length, p50: rank(ms, 0.5), p99: rank(ms, 0.99), max: ms.at(-1)! };
  });
  return {
    label: run.config.label,
    agents: run.config.agents,
    thinkMs: run.config.thinkMs,
    measuredS: run.measuredS,
    requests: run.samples.length,
    perSecond: run.samples.length / run.measuredS,
    actionsPerSecond: run.actions / run.measuredS,
    p50: rank(latencies, 0.5),
    p95: rank(latencies, 0.95),
    p99: rank(latencies, 0.99),
    max: latencies.at(-1) ?? NaN,
    errors: run.samples.filter((s) => s.error).length,
    errorKinds,
    ops,
    cpu,
    generatorLoopDelay: run.generatorLoopDelay,
  };
}

/** A run with the CPU of the server and of PostgreSQL measured over its window. */
async function measured(
  server: RunningServer,
  pgData: string | null,
  baseUrl: string,
  sessions: Session[],
  config: LoadConfig,
): Promise<{ run: LoadRun; summary: RunSummary }> {
  console.log(`bench: load ${config.label}: ${config.agents} agents, think ${config.thinkMs} ms, ${config.warmupS} + ${config.measureS} s`);
  const pid = server.process.pid!;
  type Snap = { server: number; database: number; machine: number };
  let from: Snap | null = null;
  let to: Snap | null = null;
  const snap = (): Snap => ({ server: cpuOf(pid), database: pgData ? postgresCpu(pgData) : 0, machine: machineCpu().busy });
  const a = setTimeout(() => (from = snap()), config.warmupS * 1000);
  const b = setTimeout(() => (to = snap()), (config.warmupS + config.measureS) * 1000);
  const run = await runLoad(baseUrl, sessions, config);
  clearTimeout(a);
  clearTimeout(b);
  const f = from ?? snap();
  const t = to ?? snap();
  const perS = (ms: number) => ms / config.measureS;
  const cpu = { server: perS(t.server - f.server), database: pgData ? perS(t.database - f.database) : null, generator: perS(run.generatorCpuMs) };
  const other = Math.max(0, perS(t.machine - f.machine) - cpu.server - (cpu.database ?? 0) - cpu.generator);
  const summary = summarize(run, { ...cpu, other });
  const s = summary;
  console.log(
    `bench:   ${s.requests} requests, ${s.perSecond.toFixed(0)}/s, p50 ${s.p50.toFixed(1)} ms, p99 ${s.p99.toFixed(1)} ms, max ${s.max.toFixed(0)} ms, errors ${s.errors}; CPU server ${(s.cpu.server / 10).toFixed(0)}%, database ${s.cpu.database === null ? '-' : (s.cpu.database / 10).toFixed(0) + '%'}, generator ${(s.cpu.generator / 10).toFixed(0)}%, other ${(s.cpu.other / 10).toFixed(0)}%`,
  );
  if (s.errors) console.log(`bench:   errors: ${JSON.stringify(s.errorKinds)}`);
  return { run, summary };
}

function ask(server: RunningServer, message: { probe: string }, answer: string): Promise<ProbeReport> {
  return new Promise((resolve, reject) => {
    const child = server.process;
    const timer = setTimeout(() => reject(new Error(`the load probe did not answer ${message.probe}`)), 30_000);
    const onMessage = (m: { probe?: string }) => {
      if (m?.probe !== answer) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as ProbeReport);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);

/** An instrumented run: the load, with the probe's window over the measured part. */
async function breakdownRun(
  server: RunningServer,
  pgData: string | null,
  baseUrl: string,
  sessions: Session[],
  config: LoadConfig,
  pglite: boolean,
): Promise<Breakdown> {
  const started = setTimeout(() => {
    void ask(server, { probe: 'start' }, 'started');
  }, config.warmupS * 1000);
  let report: Promise<ProbeReport> | null = null;
  const stopped = setTimeout(
    () => {
      report = ask(server, { probe: 'stop' }, 'stats');
    },
    (config.warmupS + config.measureS) * 1000,
  );
  const { run, summary } = await measured(server, pgData, baseUrl, sessions, { ...config, requestIds: true });
  clearTimeout(started);
  clearTimeout(stopped);
  const probe = await (report ?? ask(server, { probe: 'stop' }, 'stats'));
  const serverById = new Map(probe.requests.map((r) => [r[0], r]));
  const rows: Array<{ s: Sample; server: number; dbWall: number; dbRun: number; queries: number }> = [];
  for (const s of run.samples) {
    const r = s.id ? serverById.get(s.id) : undefined;
    if (r) rows.push({ s, server: r[2], dbWall: r[3], dbRun: r[4], queries: r[5] });
  }
  const split = (list: typeof rows) => {
    const client = mean(list.map((r) => r.s.ms));
    const server = mean(list.map((r) => r.server));
    const dbWall = mean(list.map((r) => r.dbWall));
    return { count: list.length, client, server, dbWall, dbRun: mean(list.map((r) => r.dbRun)), node: server - dbWall, outside: client - server };
  };
  const p99 = summary.p99;
  const ops = [...new Set(rows.map((r) => r.s.op))].map((op) => {
    const list = rows.filter((r) => r.s.op === op);
    return {
      op,
      count: list.length,
      client: mean(list.map((r) => r.s.ms)),
      server: mean(list.map((r) => r.server)),
      dbWall: mean(list.map((r) => r.dbWall)),
      dbRun: mean(list.map((r) => r.dbRun)),
      queries: mean(list.map((r) => r.queries)),
    };
  });
  const n = run.samples.length || 1;
  const { count: _count, ...all } = split(rows);
  void _count;
  return {
    run: summary,
    matched: rows.length,
    mean: all,
    slowest: split(rows.filter((r) => r.s.ms >= p99)),
    ops,
    serverLoopDelay: probe.loopDelay,
    cpuPerRequest: {
      server: (summary.cpu.server * config.measureS) / n,
      dbRun: pglite ? probe.dbRunMs / n : null,
      database: summary.cpu.database === null ? null : (summary.cpu.database * config.measureS) / n,
      generator: (summary.cpu.generator * config.measureS) / n,
    },
  };
}

async function signInAll(baseUrl: string): Promise<Session[]> {
  const sessions: Session[] = [];
  for (const email of LOAD_AGENTS) sessions.push(await openSession(baseUrl, email));
  return sessions;
}

/** Removes the comments the load wrote, and their audit entries, so the large data stays as seeded. */
async function removeLoadComments(target: { dataDir: string } | { databaseUrl: string }): Promise<number> {
  const statement = `with gone as (delete from comments where content like '${LOAD_COMMENT_MARK}%' returning id),
    audit as (delete from audit_log where action = 'comment.created' and (details -> 'after' ->> 'comment_id')::int in (select id from gone) returning id)
    select (select count(*) from gone)::int as n`;
  if ('databaseUrl' in target) {
    const sql = postgres(target.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = await sql.unsafe<Array<{ n: number }>>(statement);
      return row?.n ?? 0;
    } finally {
      await sql.end({ timeout: 5 });
    }
  }
  const database = await openDatabase({ dataDir: target.dataDir });
  try {
    await migrateDatabase(database);
    const [row] = await database.query<{ n: number }>(statement);
    return row?.n ?? 0;
  } finally {
    await database.close();
  }
}

async function measureEngine(
  engine: Engine,
  target: { dataDir: string } | { databaseUrl: string },
  pgData: string | null,
  version: string,
  seed: SeedRecord,
): Promise<LoadEngineResult> {
  const budgetAgents = LOAD_BUDGET.agents[engine];
  const busy = await waitForQuiet(QUIET_WAIT_MIN);
  if (busy) console.log(`bench: the machine is not quiet: ${busy}`);
  let result: Omit<LoadEngineResult, 'breakdown' | 'saturationBreakdown'>;
  const plain = await startServer({ port: SERVER_PORT, fresh: false, ...target });
  try {
    const sessions = await signInAll(plain.baseUrl);
    const base = (label: string, agents: number, thinkMs: number, warmupS = WARMUP_S, measureS = MEASURE_S): LoadConfig => ({
      label: `${engine} ${label}`,
      agents,
      thinkMs,
      warmupS,
      measureS,
    });
    const budget = (await measured(plain, pgData, plain.baseUrl, sessions, base('budget', budgetAgents, LOAD_BUDGET.thinkMs))).summary;
    const saturation: RunSummary[] = [];
    for (const agents of SATURATION_AGENTS) {
      saturation.push(
        (await measured(plain, pgData, plain.baseUrl, sessions, base(`saturation ${agents}`, agents, 0, SATURATION_WARMUP_S, SATURATION_MEASURE_S))).summary,
      );
    }
    const best = saturation.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
    const floor: RunSummary[] = [];
    for (const [name, path] of [
      ['GET /api/app-version (no sign-in, no database)', '/api/app-version'],
      ['GET /api/agents/me (the cheapest signed-in call)', '/api/agents/me'],
    ] as const) {
      const config = { ...base(`floor ${path}`, best.agents, 0, 3, 10), mix: singleRequestMix(name, 'GET', path) };
      floor.push({ ...(await measured(plain, pgData, plain.baseUrl, sessions, config)).summary, label: name });
    }
    const met = budget.p99 < LOAD_BUDGET.p99Ms && budget.errors === 0;
    result = { engine, version, seed, sessions: sessions.length, budget, met, saturation, floor, busy };
  } finally {
    await plain.stop();
  }

  const instrumented = await startServer({ port: SERVER_PORT, fresh: false, ...target, nodeArgs: ['--import', './bench/load-probe.ts'], ipc: true });
  try {
    const sessions = await signInAll(instrumented.baseUrl);
    const pglite = engine === 'PGlite';
    const breakdown = await breakdownRun(
      instrumented,
      pgData,
      instrumented.baseUrl,
      sessions,
      { label: `${engine} instrumented budget`, agents: budgetAgents, thinkMs: LOAD_BUDGET.thinkMs, warmupS: WARMUP_S, measureS: BREAKDOWN_MEASURE_S },
      pglite,
    );
    const bestAgents = result.saturation.reduce((a, b) => (b.perSecond > a.perSecond ? b : a)).agents;
    const saturationBreakdown = await breakdownRun(
      instrumented,
      pgData,
      instrumented.baseUrl,
      sessions,
      { label: `${engine} instrumented saturation`, agents: bestAgents, thinkMs: 0, warmupS: SATURATION_WARMUP_S, measureS: SATURATION_MEASURE_S },
      pglite,
    );
    return { ...result, breakdown, saturationBreakdown };
  } finally {
    await instrumented.stop();
    const removed = await removeLoadComments(target);
    console.log(`bench: removed the ${removed} comments the load wrote on ${engine}`);
  }
}

export const LOAD_MIX_DESCRIPTION = LOAD_MIX;
export const LOAD_SETTINGS = {
  quietWaitMin: QUIET_WAIT_MIN,
  warmupS: WARMUP_S,
  measureS: MEASURE_S,
  saturationAgents: SATURATION_AGENTS,
  saturationWarmupS: SATURATION_WARMUP_S,
  saturationMeasureS: SATURATION_MEASURE_S,
  breakdownMeasureS: BREAKDOWN_MEASURE_S,
  cores: cpus().length,
};

/** Both engines, PGlite first; `fresh` seeds the large data again. */
export async function measureLoad(fresh: boolean): Promise<LoadEngineResult[]> {
  const results: LoadEngineResult[] = [];
  const only = process.env.BENCH_LOAD_ENGINES?.split(',');
  if (!only || only.includes('PGlite')) {
    console.log('bench: load on PGlite');
    const pglite = { dataDir: PGLITE_DIR };
    const seed = await ensureLargeData(pglite, `${PGLITE_DIR}.seed.json`, fresh);
    const pkg = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
    results.push(await measureEngine('PGlite', pglite, null, `PGlite ${pkg.version}`, seed));
  }
  if (!only || only.includes('PostgreSQL')) {
    console.log('bench: load on PostgreSQL');
    const pg = startPostgres(PG_DIR, PG_PORT);
    try {
      const target = { databaseUrl: pg.url };
      const seed = await ensureLargeData(target, join(PG_DIR, 'seed.json'), fresh || pg.created);
      results.push(await measureEngine('PostgreSQL', target, join(PG_DIR, 'data'), pg.version, seed));
    } finally {
      pg.stop();
    }
  }
  return results;
}
