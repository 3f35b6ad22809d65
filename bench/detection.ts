import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { ProbeAnswer, ProbeQuestion } from './detection-probe.js';
import { HEADER, fileDone, line, sampler, session, uploadFile } from './ingestion.js';
import { startPostgres } from './postgres.js';
import { startServer, type RunningServer } from './server.js';

/**
 * The detection budgets (issue 21): the ingestion bench's transaction file, with a small share of
 * rows that make the seeded typologies fire, ingested on two equally fresh seeded databases per
 * engine: once with no live rule, once with the ten typology rules live (ACTIVE). The second run is
 * timed from the upload's last byte until the file has finished and no detection job is queued or
 * running. Then a backtest of rules over a window holding every row of the file, through the API
 * (validateRule), timed from the request to the run's SUCCESS.
 */

export const DETECTION_ROWS = Number(process.env.BENCH_DETECTION_ROWS) > 0 ? Number(process.env.BENCH_DETECTION_ROWS) : 1_000_000;
/** The rules backtested, by seed key (BENCH_DETECTION_BACKTEST, comma-separated). */
const BACKTESTS = (process.env.BENCH_DETECTION_BACKTEST ?? 'structuring,fanIn').split(',').filter(Boolean);
/** BENCH_DETECTION_ENGINES=pglite or postgres runs one engine only (a quick look; the section says so). */
const ENGINES = (process.env.BENCH_DETECTION_ENGINES ?? 'pglite,postgres').split(',');
const DIR = join(tmpdir(), 'vigil-bench-detect');
const CSV = join(DIR, `transactions-${DETECTION_ROWS}.csv`);
const PG_DIR = join(tmpdir(), 'vigil-bench-pg-detect');
const PG_PORT = 55471;
const PORT = 3571;
const START = Date.UTC(2026, 0, 1);
const DAY_MS = 86_400_000;

/** The seeded typology rules set live for the run, with a title that names each in the demo organisation. */
export const TEN_RULES: Record<string, string> = {
  structuring: 'Structuring below CTR threshold',
  rapid: 'Rapid movement of funds',
  largeCash: 'Large cash deposit at CTR threshold',
  highRiskWire: 'Wire to or from a high-risk jurisdiction',
  dormant: 'Dormant account reactivation',
  cardTesting: 'Card testing: burst of small authorisations',
  velocity: 'Velocity: burst of outgoing payments',
  roundAmounts: 'Round-amount transfers',
  fanIn: 'Fan-in: funds from many senders',
  fanOut: 'Fan-out: funds to many recipients',
};

export interface DetectionRun {
  live: boolean;
  seconds: number;
  rowsPerSecond: number;
  peakRssMb: number;
  success: number;
  detectionJobs: number;
  alerts: number;
  ruleHits: number;
  alertHits: number;
  evaluationLogs: number;
}

export interface BacktestRun {
  rule: string;
  seconds: number;
  status: string;
  evaluated: number;
  hits: number | null;
  alerts: number | null;
}

/** What any design must at least do, measured on the live run's database with the server stopped. */
export interface Floor {
  /** every event of the file read in (time, id) order, as a backtest reads them */
  readSeconds: number;
  /** every event judged against the ten rules in memory, no database (RunningWindows) */
  judgeSeconds: number;
  failures: number;
  /** one evaluation log per event written with the engine's statement, 5,000 a statement, into a copy of the table */
  logSeconds: number;
}

export interface EngineResult {
  backend: string;
  none: DetectionRun;
  live: DetectionRun;
  backtests: BacktestRun[];
  floor: Floor;
}

export interface DetectionResult {
  rows: number;
  scenarioRows: number;
  engines: EngineResult[];
}

// ---- the file -------------------------------------------------------------------------------

const cust = (n: number) => `bench_cust_${((n % 20000) + 20000) % 20000}`;
const iso = (ms: number) => new Date(ms).toISOString();
const money = (n: number) => n.toFixed(2);

function row(i: number, amount: number, type: string, sender: string, receiver: string, time = START + i * 1000): string {
  return `BI-${i},${iso(time)},${money(amount)},USD,${type},${sender},${receiver},"memo ${i % 1000}, batch"\n`;
}

/**
 * Row i of the detection file: the ingestion bench's row, except in blocks of 1,000 rows where a
 * typology is played out by one customer of the 20,000 (the block's). Its parties otherwise never
 * trip a rule: amounts stay under 1,000.99 and each party always pays the same payee.
 */
export function detectionLine(i: number): string {
  const b = Math.floor(i / 1000);
  const r = i % 1000;
  const c = cust(b * 7919);
  const payee = cust((b * 7919 * 31) % 20000); // the customer's usual payee in the base rows
  switch (b % 10) {
    case 0: // structuring: three cash deposits of 9,000-9,999 within minutes
      if (r === 100 || r === 400 || r === 700) return row(i, 9000 + ((b * 37 + r) % 990), 'CASH_DEPOSIT', c, c);
      break;
    case 1: // a large cash deposit
      if (r === 100) return row(i, 12_500, 'CASH_DEPOSIT', c, c);
      break;
    case 2: // three round-thousand transfers
      if (r === 100 || r === 400 || r === 700) return row(i, 3000 + (r / 100) * 1000, 'P2P', c, payee);
      break;
    case 3: // rapid movement: 8,000 in, 7,600 out
      if (r === 100) return row(i, 8000, 'WIRE', cust(b * 7919 + 4999), c);
      if (r === 400) return row(i, 7600, 'WIRE', c, cust(b * 7919 + 9001));
      break;
    case 4: // velocity: ten payments to the usual payee within ten seconds
      if (r >= 500 && r < 510) return row(i, 20 + (r - 500) * 10, 'P2P', c, payee);
      break;
    case 5: // card testing: twelve card payments under 5.00 at one merchant
      if (r >= 500 && r < 512) return row(i, 1 + ((r * 37) % 399) / 100, 'CARD', c, `bench_merchant_${b % 40}`);
      break;
    case 6: // fan-in: six new senders
      if (r >= 600 && r < 606) return row(i, 50 + (r - 600) * 40, 'P2P', cust(b * 53 + (r - 600) * 977 + 1), c);
      break;
    case 7: // fan-out: six new recipients
      if (r >= 600 && r < 606) return row(i, 50 + (r - 600) * 40, 'P2P', c, cust(b * 53 + (r - 600) * 977 + 1));
      break;
    case 8: // dormant reactivation, once in 100 blocks: a payment 200 days back, then 6,000 received
      if (b % 100 !== 8) break;
      if (r === 900) return row(i, 100, 'P2P', `bench_dormant_${b}`, c, START + i * 1000 - 200 * DAY_MS);
      if (r === 950) return row(i, 6000, 'WIRE', c, `bench_dormant_${b}`);
      break;
  }
  return line(i);
}

/** Rows of the file that differ from the ingestion bench's. */
export function scenarioRows(rows: number): number {
  let n = 0;
  for (let i = 0; i < rows; i++) if (detectionLine(i) !== line(i)) n++;
  return n;
}

async function writeCsv(): Promise<void> {
  if (existsSync(CSV)) return;
  mkdirSync(DIR, { recursive: true });
  const out = createWriteStream(`${CSV}.part`);
  out.write(HEADER);
  for (let i = 0; i < DETECTION_ROWS; i++) {
    if (!out.write(detectionLine(i))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  renameSync(`${CSV}.part`, CSV);
}

// ---- the server and its probe -----------------------------------------------------------------

function probeOf(server: RunningServer) {
  let seq = 0;
  const waiting = new Map<number, { resolve: (rows: Array<Record<string, unknown>>) => void; reject: (e: Error) => void }>();
  server.process.on('message', (message: unknown) => {
    const m = message as ProbeAnswer;
    const w = waiting.get(m?.seq);
    if (!w || m.probe !== 'sql') return;
    waiting.delete(m.seq);
    if (m.error) w.reject(new Error(m.error));
    else w.resolve(m.rows ?? []);
  });
  return (text: string) =>
    new Promise<Array<Record<string, unknown>>>((resolve, reject) => {
      const question: ProbeQuestion = { probe: 'sql', seq: ++seq, text };
      waiting.set(question.seq, { resolve, reject });
      server.process.send(question);
    });
}

const ORG = `(select org_id from agents where email = 'manager@demo.test')`;
const COUNTS = `select
  (select count(*) from alerts where org_id = ${ORG} and detection_key is not null)::int as alerts,
  (select count(*) from rule_hits where org_id = ${ORG})::int as rule_hits,
  (select count(*) from alert_hits where org_id = ${ORG})::int as alert_hits,
  (select count(*) from evaluation_logs where org_id = ${ORG})::int as logs,
  (select count(*) from jobs where kind = 'detection.evaluate')::int as jobs`;

type Sql = ReturnType<typeof probeOf>;

async function counts(q: Sql) {
  const [c] = await q(COUNTS);
  return { alerts: Number(c.alerts), ruleHits: Number(c.rule_hits), alertHits: Number(c.alert_hits), logs: Number(c.logs), jobs: Number(c.jobs) };
}

/** Waits until no job of the given kinds (all kinds when null) is queued or running. */
async function jobsDrained(q: Sql, kind: string | null, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const [r] = await q(`select count(*)::int as n from jobs where status in ('queued', 'running') and run_at <= now() ${kind ? `and kind = '${kind}'` : ''}`);
    if (Number(r.n) === 0) return;
    if (performance.now() > deadline) throw new Error(`jobs (${kind ?? 'all'}) still queued after ${limitMs / 1000} s`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

/** The ten typology rules ACTIVE (live) or every rule of the organisation out of ACTIVE and ACTIVE_SHADOW. */
async function setRules(q: Sql, live: boolean): Promise<void> {
  const titles = Object.values(TEN_RULES)
    .map((t) => `'${t.replace(/'/g, "''")}'`)
    .join(', ');
  if (live) {
    const found = await q(`update rules set status = 'ACTIVE' where org_id = ${ORG} and title in (${titles}) returning id`);
    if (found.length !== 10) throw new Error(`detection bench: ${found.length} of the ten typology rules found`);
  } else {
    await q(`update rules set status = 'DRAFT' where org_id = ${ORG} and status in ('ACTIVE', 'ACTIVE_SHADOW')`);
  }
  const [n] = await q(
    `select count(*)::int as n from rules where org_id = ${ORG} and status in ('ACTIVE', 'ACTIVE_SHADOW') and spec->>'event_type' = 'TRANSACTION'`,
  );
  if (Number(n.n) !== (live ? 10 : 0)) throw new Error(`detection bench: ${String(n.n)} live transaction rules`);
}

async function backtestRule(server: RunningServer, q: Sql, key: string, from: number, to: number): Promise<BacktestRun> {
  const [rule] = await q(`select id from rules where org_id = ${ORG} and title = '${TEN_RULES[key].replace(/'/g, "''")}'`);
  const { call } = await session(server.baseUrl);
  type Run = { id: number; status: string; evaluated_events: number; hits: number | null; alerts: number | null };
  const started = performance.now();
  const queued = await call<Run>('POST', `/api/rules/${Number(rule.id)}/validations`, { window_start: iso(from), window_end: iso(to) });
  let run: Run | undefined;
  for (;;) {
    const list = await call<{ validations: Run[] }>('GET', `/api/rules/${Number(rule.id)}/validations`);
    run = list.validations.find((v) => v.id === queued.id);
    // the API writes the status in small letters (success, failed)
    if (run && ['success', 'failed'].includes(run.status.toLowerCase())) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    rule: key,
    seconds: (performance.now() - started) / 1000,
    status: run.status.toLowerCase(),
    evaluated: run.evaluated_events,
    hits: run.hits,
    alerts: run.alerts,
  };
}

interface Target {
  /** PGlite data folder, or PostgreSQL database URL */
  dataDir: string;
  databaseUrl?: string;
}

async function detectOnce(target: Target, live: boolean): Promise<{ run: DetectionRun; backtests: BacktestRun[] }> {
  const base = { port: PORT, dataDir: target.dataDir, databaseUrl: target.databaseUrl, fresh: false };
  // the first start seeds the demo data (and runs its detection); the run is measured on a second start
  await (await startServer(base)).stop();
  const server = await startServer({ ...base, nodeArgs: ['--import', './bench/detection-probe.ts'], ipc: true });
  try {
    const q = probeOf(server);
    await setRules(q, live);
    await jobsDrained(q, null, 300_000);
    const before = await counts(q);
    const { call } = await session(server.baseUrl);
    const rss = sampler(server.process.pid!);
    const { file, uploaded } = await uploadFile(call, CSV, live ? 'bench_detect_live' : 'bench_detect_none');
    const state = await fileDone(call, file.id);
    if (state.status !== 'finished') throw new Error(`detection bench: the file ${state.status}`);
    await jobsDrained(q, 'detection.evaluate', 3 * 3600_000);
    const seconds = (performance.now() - uploaded) / 1000;
    const peakRssMb = rss.stop();
    const after = await counts(q);
    const run: DetectionRun = {
      live,
      seconds,
      rowsPerSecond: DETECTION_ROWS / seconds,
      peakRssMb,
      success: state.latest_execution?.success_count ?? 0,
      detectionJobs: after.jobs - before.jobs,
      alerts: after.alerts - before.alerts,
      ruleHits: after.ruleHits - before.ruleHits,
      alertHits: after.alertHits - before.alertHits,
      evaluationLogs: after.logs - before.logs,
    };
    const backtests: BacktestRun[] = [];
    if (live) {
      // the risk scoring that new alerts queued runs first: the backtest is timed alone
      await jobsDrained(q, null, 3600_000);
      const [w] = await q(
        `select floor(extract(epoch from min(event_time)) * 1000)::float8 as first, floor(extract(epoch from max(event_time)) * 1000)::float8 as last
          from transactions where org_id = ${ORG} and external_id like 'BI-%'`,
      );
      for (const key of BACKTESTS) backtests.push(await backtestRule(server, q, key, Number(w.first), Number(w.last) + 1000));
    }
    return { run, backtests };
  } finally {
    await server.stop();
  }
}

async function measureFloor(target: Target): Promise<Floor> {
  const { openDatabase } = await import('../server/db/client.js');
  const { eventsInOrder, liveRules } = await import('../server/domain/detection/store.js');
  const { RunningWindows } = await import('../server/domain/detection/stream.js');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
  try {
    const [org] = await database.query<{ id: number }>(`select org_id as id from agents where email = 'manager@demo.test'`);
    const orgId = Number(org.id);
    let started = performance.now();
    const events: Awaited<ReturnType<typeof eventsInOrder>>['events'] = [];
    let after: Awaited<ReturnType<typeof eventsInOrder>>['cursor'] = null;
    for (;;) {
      const read = await eventsInOrder(
        database.db,
        orgId,
        'TRANSACTION',
        { from: 0, to: Date.UTC(2100, 0, 1), after, limit: 20_000 },
        sql`external_id like 'BI-%'`,
      );
      for (const e of read.events) events.push(e);
      after = read.cursor;
      if (read.events.length < 20_000) break;
    }
    const readSeconds = (performance.now() - started) / 1000;
    // the dormant rows lie 200 days back: judged in (time, id) order with the rest
    const { byTime } = await import('../server/domain/detection/evaluate.js');
    events.sort(byTime);
    const rules = await liveRules(database.db, orgId, 'TRANSACTION');
    started = performance.now();
    const windows = new RunningWindows(rules);
    let failures = 0;
    for (const e of events) for (const f of windows.judge(e)) if (f.verdict.status === 'FAIL') failures++;
    const judgeSeconds = (performance.now() - started) / 1000;
    // the engine's log statement (detect.ts, writeLogs) into an empty copy of the table with its indexes
    const { randomBytes } = await import('node:crypto');
    await database.exec(`create table bench_floor_logs (like evaluation_logs including all)`);
    started = performance.now();
    for (let i = 0; i < events.length; i += 5000) {
      const records = events.slice(i, i + 5000).map((e) => ({
        evaluation_id: `ev_${randomBytes(10).toString('hex')}`,
        event_id: e.id,
        is_shadow: false,
        rule_executions: Object.fromEntries(rules.map((r) => [r.id, { status: 'PASS' }])),
      }));
      await database.query(
        `insert into bench_floor_logs (org_id, evaluation_id, event_id, is_shadow, rule_executions)
          select $1, s.evaluation_id, s.event_id, s.is_shadow, s.rule_executions
          from jsonb_to_recordset($2::jsonb) as s(evaluation_id text, event_id int, is_shadow boolean, rule_executions jsonb)
          on conflict (org_id, event_id, is_shadow) do update set evaluation_id = excluded.evaluation_id, rule_executions = excluded.rule_executions, created_at = now()`,
        [orgId, JSON.stringify(records)],
      );
    }
    const logSeconds = (performance.now() - started) / 1000;
    await database.exec(`drop table bench_floor_logs`);
    return { readSeconds, judgeSeconds, failures, logSeconds };
  } finally {
    await database.close();
  }
}

export async function measureDetection(): Promise<DetectionResult> {
  await writeCsv();
  const engines: EngineResult[] = [];
  if (ENGINES.includes('pglite')) {
    const runs: Array<{ run: DetectionRun; backtests: BacktestRun[] }> = [];
    let floor: Floor | undefined;
    for (const live of [false, true]) {
      const dataDir = join(DIR, `pglite-${live ? 'live' : 'none'}`);
      rmSync(dataDir, { recursive: true, force: true });
      try {
        runs.push(await detectOnce({ dataDir }, live));
        if (live) floor = await measureFloor({ dataDir });
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    engines.push({ backend: 'PGlite', none: runs[0].run, live: runs[1].run, backtests: runs[1].backtests, floor: floor! });
  }
  if (ENGINES.includes('postgres')) {
    rmSync(PG_DIR, { recursive: true, force: true });
    const pg = startPostgres(PG_DIR, PG_PORT);
    try {
      const admin = postgres(pg.url, { max: 1, onnotice: () => {} });
      const runs: Array<{ run: DetectionRun; backtests: BacktestRun[] }> = [];
      let floor: Floor | undefined;
      for (const live of [false, true]) {
        const name = `vigil_detect_${live ? 'live' : 'none'}`;
        await admin.unsafe(`create database ${name}`);
        const target = { dataDir: join(DIR, `pg-data-${name}`), databaseUrl: pg.url.replace(/\/postgres$/, `/${name}`) };
        runs.push(await detectOnce(target, live));
        if (live) floor = await measureFloor(target);
        // the first run's database goes, so the second starts on an equally fresh cluster
        await admin.unsafe(`drop database ${name}`);
        rmSync(target.dataDir, { recursive: true, force: true });
      }
      await admin.end();
      engines.push({ backend: pg.version, none: runs[0].run, live: runs[1].run, backtests: runs[1].backtests, floor: floor! });
    } finally {
      pg.stop();
      rmSync(PG_DIR, { recursive: true, force: true });
    }
  }
  return { rows: DETECTION_ROWS, scenarioRows: scenarioRows(DETECTION_ROWS), engines };
}
