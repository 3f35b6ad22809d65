/**
 * The load phase's probe: imported into the real server's process (`node --import tsx --import
 * ./bench/load-probe.ts server/index.ts`) for the instrumented run only; the server's code is not
 * changed. It times every HTTP request from the moment Node has parsed its headers until the answer
 * has been handed to the socket (node:http's diagnostics channels), and, within it, the database:
 *
 * - database wall time: while at least one of the request's queries is in flight (PostgreSQL:
 *   postgres-js queries from sending until their result, including the wait for a pooled connection;
 *   PGlite: each query and exec call, including the wait for its one connection);
 * - database run time: PostgreSQL, while at least one of its queries is on a connection (from the
 *   connection taking it until its result: the round trip and PostgreSQL's work); PGlite, the
 *   synchronous time spent inside its engine (execProtocolRawSync, on the server's own thread).
 *
 * The request a query belongs to is found through AsyncLocalStorage, entered when the request
 * starts. It also samples the server's event-loop delay and CPU time. The bench talks to it over
 * the process's IPC channel: `{ probe: 'start' }` starts a window, `{ probe: 'stop' }` ends it and is
 * answered with the window's requests and totals.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';

interface RequestTiming {
  start: number;
  /** queries in flight, and since when the count has been above zero */
  open: number;
  since: number;
  dbWall: number;
  /** PostgreSQL: queries sent on a connection and not yet answered, and since when */
  sent: number;
  sentSince: number;
  dbRun: number;
  queries: number;
}

/** What the probe answers to `stop`. */
export interface ProbeReport {
  probe: 'stats';
  /** per request: x-request-id, `METHOD url`, server ms, database wall ms, database run ms, queries */
  requests: Array<[string, string, number, number, number, number]>;
  /** the server's event-loop delay in the window (ms) */
  loopDelay: { p50: number; p99: number; max: number; mean: number };
  /** the server process's CPU time in the window (ms), and the part inside PGlite's engine */
  cpuMs: number;
  dbRunMs: number;
  windowMs: number;
}

const als = new AsyncLocalStorage<RequestTiming>();
const byRequest = new WeakMap<IncomingMessage, RequestTiming>();
let collecting = false;
let records: ProbeReport['requests'] = [];
let dbRunTotal = 0;
let windowStart = 0;
let cpuStart = process.cpuUsage();
const loop = monitorEventLoopDelay({ resolution: 10 });

function queryStarted(t: RequestTiming | undefined) {
  if (!t) return;
  t.queries++;
  if (t.open++ === 0) t.since = performance.now();
}
function queryEnded(t: RequestTiming | undefined) {
  if (!t) return;
  if (--t.open === 0) t.dbWall += performance.now() - t.since;
}
function querySent(t: RequestTiming | undefined) {
  if (!t) return;
  if (t.sent++ === 0) t.sentSince = performance.now();
}
function queryAnswered(t: RequestTiming | undefined) {
  if (!t) return;
  if (--t.sent === 0) t.dbRun += performance.now() - t.sentSince;
}

subscribe('http.server.request.start', (message) => {
  const { request } = message as { request: IncomingMessage };
  const timing: RequestTiming = { start: performance.now(), open: 0, since: 0, dbWall: 0, sent: 0, sentSince: 0, dbRun: 0, queries: 0 };
  byRequest.set(request, timing);
  // everything the server does for this request descends from here
  als.enterWith(timing);
});

subscribe('http.server.response.finish', (message) => {
  const { request } = message as { request: IncomingMessage };
  const t = byRequest.get(request);
  if (!t || !collecting) return;
  const now = performance.now();
  const dbWall = t.dbWall + (t.open > 0 ? now - t.since : 0);
  const dbRun = t.dbRun + (t.sent > 0 ? now - t.sentSince : 0);
  const id = request.headers['x-request-id'];
  records.push([typeof id === 'string' ? id : '', `${request.method} ${request.url}`, now - t.start, dbWall, dbRun, t.queries]);
});

// PGlite: the engine runs synchronously on this thread; every protocol message passes here.
type Method = (this: unknown, ...args: unknown[]) => unknown;
type AsyncMethod = (this: unknown, ...args: unknown[]) => Promise<unknown>;
// methods of a class patched in place
const proto = PGlite.prototype as unknown as Record<string, Method>;
const runSync = proto.execProtocolRawSync;
proto.execProtocolRawSync = function (this: unknown, ...args: unknown[]) {
  const from = performance.now();
  try {
    return runSync.apply(this, args);
  } finally {
    const ms = performance.now() - from;
    if (collecting) dbRunTotal += ms;
    const t = als.getStore();
    if (t) t.dbRun += ms;
  }
};
const timed = (fn: AsyncMethod): AsyncMethod =>
  async function (this: unknown, ...args: unknown[]) {
    const t = als.getStore();
    queryStarted(t);
    try {
      return await fn.apply(this, args);
    } finally {
      queryEnded(t);
    }
  };
type Transaction = (this: unknown, fn: (tx: Record<string, AsyncMethod>) => Promise<unknown>) => Promise<unknown>;
const transaction = proto.transaction as unknown as Transaction;
proto.query = timed(proto.query as AsyncMethod);
proto.exec = timed(proto.exec as AsyncMethod);
proto.transaction = function (this: unknown, ...args: unknown[]) {
  const fn = args[0] as (tx: Record<string, AsyncMethod>) => Promise<unknown>;
  return transaction.call(this, (tx) => {
    tx.query = timed(tx.query);
    tx.exec = timed(tx.exec);
    return fn(tx);
  });
};

// postgres-js: every query is a Query (a Promise) that runs on its first then(); a connection takes
// it by setting its `state` (connection.js execute()), and settles it by resolve() or reject(). The
// class is reached through a query of a client that never connects.
const never = postgres({ host: '127.0.0.1', port: 9, max: 1 });
const queryProto = Object.getPrototypeOf(never.unsafe('select 1')) as { handle: (...args: unknown[]) => unknown };
void never.end({ timeout: 0 });
const TIMING = Symbol('timing');
const STATE = Symbol('state');
type Timed = Record<string | symbol, unknown> & { [TIMING]?: { t: RequestTiming | undefined; sent: boolean; ended: boolean } };
Object.defineProperty(queryProto, 'state', {
  configurable: true,
  get(this: Timed) {
    return this[STATE];
  },
  set(this: Timed, value: unknown) {
    this[STATE] = value;
    const timing = this[TIMING];
    if (value && timing && !timing.sent && !timing.ended) {
      timing.sent = true;
      querySent(timing.t);
    }
  },
});
const handle = queryProto.handle;
queryProto.handle = function (this: Timed, ...args: unknown[]) {
  if (!this[TIMING]) {
    const timing = { t: als.getStore(), sent: false, ended: false };
    this[TIMING] = timing;
    queryStarted(timing.t);
    const resolve = this.resolve as (x: unknown) => unknown;
    const reject = this.reject as (x: unknown) => unknown;
    const end = () => {
      if (timing.ended) return;
      timing.ended = true;
      if (timing.sent) queryAnswered(timing.t);
      queryEnded(timing.t);
    };
    this.resolve = (x: unknown) => (end(), resolve(x));
    this.reject = (x: unknown) => (end(), reject(x));
  }
  return handle.apply(this, args);
};

process.on('message', (message: { probe?: string }) => {
  if (message?.probe === 'start') {
    records = [];
    dbRunTotal = 0;
    loop.reset();
    loop.enable();
    cpuStart = process.cpuUsage();
    windowStart = performance.now();
    collecting = true;
    process.send?.({ probe: 'started' });
  } else if (message?.probe === 'stop') {
    collecting = false;
    loop.disable();
    const cpu = process.cpuUsage(cpuStart);
    const report: ProbeReport = {
      probe: 'stats',
      requests: records,
      loopDelay: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6, mean: loop.mean / 1e6 },
      cpuMs: (cpu.user + cpu.system) / 1000,
      dbRunMs: dbRunTotal,
      windowMs: performance.now() - windowStart,
    };
    process.send?.(report);
  }
});
