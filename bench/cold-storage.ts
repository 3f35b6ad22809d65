import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureLargeData, type SeedRecord } from './large-data.js';
import { startPostgres } from './postgres.js';
import { startServer } from './server.js';

/**
 * The cold-record phase of `npm run bench` (`--only cold`): on the `--scale large` data (reused
 * from the lists phase), on PGlite and on PostgreSQL, records are archived to the cold store
 * through the archive-now operation; the clock starts at the first cached read (which answers
 * data_loader loading and starts the rehydration job) and stops at the first cached read that
 * answers the record back (data_loader null), reading every POLL_MS. Cold storage is turned off
 * again at the end, which brings back anything still cold, so the large data stays as seeded.
 */

/** Issue 8: "a cold record back within 5 seconds". */
export const COLD_BUDGET_MS = 5_000;
export const POLL_MS = 25;
export const SAMPLES = { TRANSACTION: 10, ACTION_EVENT: 5, ALERT: 5 } as const;
type Kind = keyof typeof SAMPLES;
const CACHED_PATH: Record<Kind, string> = { TRANSACTION: '/api/txn-events/cached/', ACTION_EVENT: '/api/action-events/cached/', ALERT: '/api/alerts/cached/' };
const ADMIN = 'admin@demo.test';

export interface KindTiming {
  kind: Kind;
  samples: number[];
  medianMs: number;
  maxMs: number;
  met: boolean;
}

export interface ColdEngineResult {
  engine: 'PGlite' | 'PostgreSQL';
  version: string;
  seed: SeedRecord;
  kinds: KindTiming[];
}

async function call<T>(baseUrl: string, method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function tokenFor(baseUrl: string, email: string): Promise<string> {
  const asked = await fetch(`${baseUrl}/api/agents/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (asked.status !== 202) throw new Error(`magic link for ${email}: ${asked.status}`);
  const mailbox = await call<{ messages: Array<{ link: string }> }>(baseUrl, 'GET', `/api/dev/mailbox?to=${encodeURIComponent(email)}`, null);
  const token = new URL(mailbox.messages[0].link).searchParams.get('token');
  return (await call<{ jwt: string }>(baseUrl, 'POST', '/api/agents/email-login', null, { token })).jwt;
}

/** The oldest records of each kind: the ones a sweep would archive first. */
async function pickRecords(baseUrl: string, token: string): Promise<Record<Kind, number[]>> {
  const txns = await call<{ txn_events: Array<{ id: number }> }>(baseUrl, 'POST', '/api/txn-events/list', token, {
    limit: SAMPLES.TRANSACTION,
    sort_column: 'event_time',
    sort_direction: 'ascending',
  });
  const events = await call<{ action_events: Array<{ id: number }> }>(baseUrl, 'POST', '/api/action-events/list', token, {
    limit: 100,
    sort_direction: 'ascending',
  });
  const alerts = await call<{ alerts: Array<{ id: number }> }>(baseUrl, 'POST', '/api/alerts/list', token, {
    statuses: ['CLOSED'],
    sort_column: 'created_at',
    sort_direction: 'ascending',
    limit: SAMPLES.ALERT,
  });
  return {
    TRANSACTION: txns.txn_events.map((t) => t.id),
    ACTION_EVENT: events.action_events.slice(0, SAMPLES.ACTION_EVENT).map((e) => e.id),
    ALERT: alerts.alerts.map((a) => a.id),
  };
}

async function timeOne(baseUrl: string, token: string, kind: Kind, id: number): Promise<number> {
  await call(baseUrl, 'POST', '/api/cold-storage/archive', token, { object_type: kind, object_ids: [id] });
  const started = performance.now();
  const first = await call<{ data_loader: { status: string } | null }>(baseUrl, 'GET', `${CACHED_PATH[kind]}${id}`, token);
  if (first.data_loader?.status !== 'loading') throw new Error(`${kind} ${id} did not answer loading after archiving`);
  for (;;) {
    await new Promise((r) => setTimeout(r, POLL_MS));
    const read = await call<{ data_loader: { status: string } | null }>(baseUrl, 'GET', `${CACHED_PATH[kind]}${id}`, token);
    if (read.data_loader === null || read.data_loader.status === 'loaded') return performance.now() - started;
    if (performance.now() - started > 60_000) throw new Error(`${kind} ${id} still cold after a minute`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

export async function measureColdRecordsOn(baseUrl: string): Promise<KindTiming[]> {
  const token = await tokenFor(baseUrl, ADMIN);
  // On with the longest age (ten years), which no bench record reaches: the sweep that turning it
  // on starts archives nothing, so the records timed are the bench's own. The age is put back after.
  const before = await call<{ archive_after_days: number }>(baseUrl, 'GET', '/api/cold-storage/settings', token);
  await call(baseUrl, 'PUT', '/api/cold-storage/settings', token, { enabled: true, archive_after_days: 3650 });
  try {
    const records = await pickRecords(baseUrl, token);
    const kinds: KindTiming[] = [];
    for (const kind of Object.keys(SAMPLES) as Kind[]) {
      const samples: number[] = [];
      for (const id of records[kind]) samples.push(await timeOne(baseUrl, token, kind, id));
      if (!samples.length) throw new Error(`no ${kind} records to archive`);
      const maxMs = Math.max(...samples);
      kinds.push({ kind, samples, medianMs: median(samples), maxMs, met: maxMs <= COLD_BUDGET_MS });
    }
    return kinds;
  } finally {
    await call(baseUrl, 'PUT', '/api/cold-storage/settings', token, { enabled: false, archive_after_days: before.archive_after_days });
  }
}

const PGLITE_DIR = '.tmp/bench-large-pglite';
const PG_DIR = join(tmpdir(), 'vigil-bench-pg-large');
const PG_PORT = 55439;
const SERVER_PORT = 3233;

async function measureOn(target: { dataDir: string } | { databaseUrl: string }): Promise<KindTiming[]> {
  const server = await startServer({ port: SERVER_PORT, fresh: false, ...target });
  try {
    return await measureColdRecordsOn(server.baseUrl);
  } finally {
    await server.stop();
  }
}

export async function measureColdRecords(fresh: boolean): Promise<ColdEngineResult[]> {
  const results: ColdEngineResult[] = [];
  console.log('bench: cold records on PGlite');
  const pglite = { dataDir: PGLITE_DIR };
  const pgliteSeed = await ensureLargeData(pglite, `${PGLITE_DIR}.seed.json`, fresh);
  const pkg = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  results.push({ engine: 'PGlite', version: `PGlite ${pkg.version}`, seed: pgliteSeed, kinds: await measureOn(pglite) });

  console.log('bench: cold records on PostgreSQL');
  const pg = startPostgres(PG_DIR, PG_PORT);
  try {
    const target = { databaseUrl: pg.url };
    const pgSeed = await ensureLargeData(target, join(PG_DIR, 'seed.json'), fresh || pg.created);
    results.push({ engine: 'PostgreSQL', version: pg.version, seed: pgSeed, kinds: await measureOn(target) });
  } finally {
    pg.stop();
  }
  return results;
}
