import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { signIn, type ApiClient } from './api-client.js';

/**
 * Simulated agents for the load phase (bench/load.ts): virtual agents over loopback HTTP, each a
 * browser of its own (a keep-alive connection pool per agent, as a browser keeps one per origin),
 * acting as an analyst does: open a page of the alert queue, open an alert, look through the
 * transactions, open a customer's page, write a comment, and think between actions.
 */

/** Demo Bank agents who read alerts, events and entities and may comment on alerts; virtual agents share their sessions. */
export const LOAD_AGENTS = [
  'analyst@demo.test',
  'manager@demo.test',
  'jordan.lee@demo.test',
  'priya.shah@demo.test',
  'marcus.bell@demo.test',
  'sofia.reyes@demo.test',
] as const;

/** Marks the comments the load writes, so they can be removed from the large data after a run. */
export const LOAD_COMMENT_MARK = '[bench load]';
/** A request slower than this is an error (and the agent moves on). */
const REQUEST_TIMEOUT_MS = 30_000;
/** Access tokens last 15 minutes; a session older than this signs in again before its next call. */
const RESIGN_AFTER_MS = 10 * 60_000;

const DAY_MS = 86_400_000;
/** The seed's "now" (server/seed/time.ts). */
const SEED_NOW = Date.UTC(2026, 10, 1);
const daysBefore = (days: number) => new Date(SEED_NOW - days * DAY_MS).toISOString();

/** One signed-in demo agent and what its pages point at, read from the server as the console would. */
export interface Session {
  email: string;
  agentId: number;
  token: string;
  signedInAt: number;
  /** alerts the agent sees (the first pages of its queue) */
  alerts: number[];
  /** customers flagged on those alerts */
  entities: number[];
  queues: number[];
  /** a concurrent re-sign-in in progress */
  renewing?: Promise<void>;
}

export interface Sample {
  op: string;
  /** performance.now() when the request was sent */
  start: number;
  ms: number;
  status: number;
  /** '' when the answer was 2xx */
  error: string;
  /** the x-request-id sent (instrumented run only) */
  id?: string;
}

interface Ctx {
  baseUrl: URL;
  http: Agent;
  session: Session;
  record: (s: Sample) => void;
  /** a request id to send (the instrumented run matches the server's timings by it) */
  requestId: (() => string) | null;
}

interface Reply {
  status: number;
  body: string;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)];

/** One request, timed from sending it until its body has been read to the end. */
function call(ctx: Ctx, op: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply | null> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { authorization: `Bearer ${ctx.session.token}`, accept: 'application/json' };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  const id = ctx.requestId?.();
  if (id) headers['x-request-id'] = id;
  return new Promise((resolve) => {
    const start = performance.now();
    let settled = false;
    const done = (status: number, error: string, text: string | null) => {
      if (settled) return;
      settled = true;
      ctx.record({ op, start, ms: performance.now() - start, status, error, ...(id ? { id } : {}) });
      resolve(error ? null : { status, body: text ?? '' });
    };
    const req = request({ host: ctx.baseUrl.hostname, port: ctx.baseUrl.port, method, path, headers, agent: ctx.http, timeout: REQUEST_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const status = res.statusCode ?? 0;
        done(status, status >= 200 && status < 300 ? '' : `HTTP ${status}`, Buffer.concat(chunks).toString('utf8'));
      });
      res.on('error', (err) => done(res.statusCode ?? 0, err.message || 'response error', null));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) => done(0, err.message || 'network error', null));
    req.end(payload);
  });
}

export interface Action {
  name: string;
  /** relative frequency */
  weight: number;
  /** the requests, as `METHOD path` with the path's ids as in the contract */
  requests: string[];
  run: (ctx: Ctx) => Promise<void>;
}

/** Alert list bodies as the console sends them (src/areas/alerts/list/alert-list-url.ts): the views an analyst opens most. */
const alertListBody = (s: Session): Record<string, unknown> => {
  const base = { limit: 100, sort_column: 'created_at', sort_direction: 'descending' } as Record<string, unknown>;
  const views: Array<() => Record<string, unknown>> = [
    () => ({}),
    () => ({}),
    () => ({ statuses: ['OPEN'] }),
    () => ({ assignee_ids: [s.agentId] }),
    () => ({ assignee_ids: [s.agentId], statuses: ['OPEN'], sort_column: 'deadline', sort_direction: 'ascending' }),
    () => ({ queue_ids: [pick(s.queues)], statuses: ['OPEN', 'IN_REVIEW'] }),
    () => ({ created_from: daysBefore(37), created_to: daysBefore(30) }),
  ];
  // mostly the first page; sometimes a page further down, as the virtual list scrolls
  const page = Math.random() < 0.75 ? 0 : 1 + Math.floor(Math.random() * 5);
  return { ...base, ...pick(views)(), offset: page * 100 };
};

/** Transaction list bodies as the data explorer sends them (src/areas/data-explorer/list/explorer-url.ts). */
const txnListBody = (): Record<string, unknown> => {
  const base = {
    limit: 100,
    offset: 0,
    sort_column: 'event_time',
    sort_direction: 'descending',
    direction: 'ANY',
    hide_placeholder: false,
    hide_spooled: false,
  };
  const views: Array<() => Record<string, unknown>> = [
    () => ({}),
    () => ({ offset: 100 * (1 + Math.floor(Math.random() * 5)) }),
    () => ({ internal_txn_types: ['WIRE'] }),
    () => ({ statuses: ['FAILED', 'REVERSED'] }),
    () => ({ start_date: daysBefore(60), end_date: daysBefore(53) }),
    () => ({ minimum_amount: 5000, maximum_amount: 20000 }),
  ];
  return { ...base, ...pick(views)() };
};

const COMMENTS = [
  'Reviewed the flagged transfers; no further action yet.',
  'Requested statements for the last three months.',
  'Pattern matches the structuring typology; escalating.',
  'Customer called back, explanation plausible.',
];

/**
 * The mix: what an analyst's console asks for per action (each action's requests are the ones its
 * page sends, in parallel where the console sends them in parallel).
 */
export const LOAD_MIX: Action[] = [
  {
    name: 'alert queue page',
    weight: 30,
    requests: ['POST /api/alerts/list'],
    async run(ctx) {
      await call(ctx, 'POST /api/alerts/list', 'POST', '/api/alerts/list', alertListBody(ctx.session));
    },
  },
  {
    name: 'open an alert',
    weight: 25,
    // src/areas/alerts/detail: the alert, and its first tab (flagged entities) asked beside it
    requests: ['POST /api/investigations/retrieve/alert', 'POST /api/alerts/{id}/entities'],
    async run(ctx) {
      const id = pick(ctx.session.alerts);
      await Promise.all([
        call(ctx, 'POST /api/investigations/retrieve/alert', 'POST', '/api/investigations/retrieve/alert', {
          object_type: 'ALERT',
          object_ids: [id],
          short: false,
        }),
        call(ctx, 'POST /api/alerts/{id}/entities', 'POST', `/api/alerts/${id}/entities`, { limit: 25, offset: 0 }),
      ]);
    },
  },
  {
    name: 'transaction list',
    weight: 15,
    requests: ['POST /api/txn-events/list'],
    async run(ctx) {
      await call(ctx, 'POST /api/txn-events/list', 'POST', '/api/txn-events/list', txnListBody());
    },
  },
  {
    name: 'open a customer',
    weight: 20,
    // src/areas/data-explorer/entity: the entity and its transactions side by side, then its alerts by external id
    requests: ['GET /api/entities/{id}', 'POST /api/txn-events/list', 'POST /api/entities/{externalId}/paginated-alerts'],
    async run(ctx) {
      const id = pick(ctx.session.entities);
      const [entity] = await Promise.all([
        call(ctx, 'GET /api/entities/{id}', 'GET', `/api/entities/${id}`),
        call(ctx, 'POST /api/txn-events/list', 'POST', '/api/txn-events/list', {
          entity_ids: [id],
          direction: 'ANY',
          hide_placeholder: false,
          hide_spooled: false,
          limit: 100,
          offset: 0,
          sort_column: 'event_time',
          sort_direction: 'descending',
        }),
      ]);
      if (!entity) return;
      const externalId = (JSON.parse(entity.body) as { external_id: string }).external_id;
      await call(ctx, 'POST /api/entities/{externalId}/paginated-alerts', 'POST', `/api/entities/${encodeURIComponent(externalId)}/paginated-alerts`, {
        limit: 100,
        offset: 0,
      });
    },
  },
  {
    name: 'comment on an alert',
    weight: 10,
    requests: ['POST /api/comments'],
    async run(ctx) {
      const content = `${LOAD_COMMENT_MARK} ${pick(COMMENTS)}`;
      await call(ctx, 'POST /api/comments', 'POST', '/api/comments', { object_type: 'ALERT', object_id: pick(ctx.session.alerts), content });
    },
  },
];

/** A mix of one request, for the floor: what the server answers at best under the same load. */
export function singleRequestMix(name: string, method: 'GET' | 'POST', path: string, body?: unknown): Action[] {
  const op = `${method} ${path}`;
  return [{ name, weight: 1, requests: [op], run: async (ctx) => void (await call(ctx, op, method, path, body)) }];
}

function pickAction(mix: readonly Action[]): Action {
  const total = mix.reduce((n, a) => n + a.weight, 0);
  let r = Math.random() * total;
  for (const a of mix) if ((r -= a.weight) < 0) return a;
  return mix[mix.length - 1];
}

/** Signs a demo agent in and reads what its pages will point at: its alerts, their customers, the queues. */
export async function openSession(baseUrl: string, email: string): Promise<Session> {
  const client = await signIn(baseUrl, email);
  const list = await client.timedPost<{ alerts: Array<{ id: number }> }>('/api/alerts/list', { limit: 100, offset: 0 });
  const open = await client.timedPost<{ alerts: Array<{ id: number }> }>('/api/alerts/list', { limit: 100, offset: 0, statuses: ['OPEN', 'IN_REVIEW'] });
  // the newest alerts of a running installation may all be continuing-activity reviews the server
  // opened (500 on the large data), which flag no customer: the oldest are read too
  const oldest = await client.timedPost<{ alerts: Array<{ id: number }> }>('/api/alerts/list', {
    limit: 100,
    offset: 0,
    sort_column: 'created_at',
    sort_direction: 'ascending',
  });
  const alerts = [...new Set([...list.body.alerts, ...open.body.alerts, ...oldest.body.alerts].map((a) => a.id))];
  // the customers flagged on the first 40 alerts that flag any, the oldest first
  const entities = new Set<number>();
  let flagging = 0;
  for (const id of [...oldest.body.alerts.map((a) => a.id), ...alerts]) {
    if (flagging >= 40) break;
    const flagged = await client.timedPost<{ entities: Array<{ id: number }> }>(`/api/alerts/${id}/entities`, { limit: 25, offset: 0 });
    if (flagged.body.entities.length) flagging += 1;
    for (const e of flagged.body.entities) entities.add(e.id);
  }
  const { queues } = await client.get<{ queues: Array<{ id: number }> }>('/api/queues');
  if (!alerts.length || !entities.size || !queues.length) throw new Error(`bench: ${email} sees no alerts, customers or queues on the large data`);
  return { email, agentId: client.agentId, token: client.jwt, signedInAt: Date.now(), alerts, entities: [...entities], queues: queues.map((q) => q.id) };
}

async function freshToken(baseUrl: string, session: Session): Promise<void> {
  if (Date.now() - session.signedInAt < RESIGN_AFTER_MS) return;
  session.renewing ??= signIn(baseUrl, session.email)
    .then((client: ApiClient) => {
      session.token = client.jwt;
      session.signedInAt = Date.now();
    })
    .finally(() => (session.renewing = undefined));
  await session.renewing;
}

export interface LoadConfig {
  label: string;
  agents: number;
  /** mean think time between actions (exponentially distributed); 0 for none */
  thinkMs: number;
  warmupS: number;
  measureS: number;
  mix?: readonly Action[];
  /** send an x-request-id on every request (for the instrumented run) */
  requestIds?: boolean;
}

export interface LoadRun {
  config: Omit<LoadConfig, 'mix'> & { mix: string[] };
  /** the requests sent during the measured window (by their start) */
  samples: Sample[];
  /** actions started in the window */
  actions: number;
  measuredS: number;
  /** the load generator's own event-loop delay in the window (ms): p50, p99, max */
  generatorLoopDelay: { p50: number; p99: number; max: number };
  /** the load generator's CPU time in the window (ms) */
  generatorCpuMs: number;
  /** [start, end] of the measured window, in performance.now() time */
  window: [number, number];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Exponentially distributed think time of mean `mean` ms. */
const think = (mean: number) => -Math.log(1 - Math.random()) * mean;

/**
 * Runs `config.agents` virtual agents against a server for warm-up plus measure seconds and
 * resolves once every request in flight at the end has finished. Each agent loops: pick an action
 * from the mix by weight, run its requests, think. Agents are spread over the sessions.
 */
export async function runLoad(baseUrl: string, sessions: Session[], config: LoadConfig): Promise<LoadRun> {
  const mix = config.mix ?? LOAD_MIX;
  const started = performance.now();
  const measureFrom = started + config.warmupS * 1000;
  const measureTo = measureFrom + config.measureS * 1000;
  const samples: Sample[] = [];
  let actions = 0;
  let seq = 0;
  const runTag = Math.random().toString(36).slice(2, 8);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let cpuFrom: NodeJS.CpuUsage | null = null;
  let cpuMs = 0;
  const windowTimer = setTimeout(() => {
    loop.enable();
    cpuFrom = process.cpuUsage();
  }, config.warmupS * 1000);
  const endTimer = setTimeout(
    () => {
      loop.disable();
      const used = process.cpuUsage(cpuFrom ?? undefined);
      cpuMs = (used.user + used.system) / 1000;
    },
    (config.warmupS + config.measureS) * 1000,
  );

  const url = new URL(baseUrl);
  const requestId = config.requestIds ? () => `load-${runTag}-${++seq}` : null;
  const record = (s: Sample) => {
    if (s.start >= measureFrom && s.start < measureTo) samples.push(s);
  };
  const agents = Array.from({ length: config.agents }, async (_, i) => {
    const http = new Agent({ keepAlive: true, maxSockets: 6 });
    const session = sessions[i % sessions.length];
    const ctx: Ctx = { baseUrl: url, http, session, requestId, record };
    try {
      // start spread out, as agents would not all arrive at once
      await sleep(config.thinkMs ? Math.random() * config.thinkMs : Math.random() * 50);
      while (performance.now() < measureTo) {
        await freshToken(baseUrl, session);
        const action = pickAction(mix);
        if (performance.now() >= measureFrom) actions++;
        await action.run(ctx);
        if (config.thinkMs) await sleep(Math.min(think(config.thinkMs), Math.max(0, measureTo - performance.now())));
      }
    } finally {
      http.destroy();
    }
  });
  await Promise.all(agents);
  clearTimeout(windowTimer);
  clearTimeout(endTimer);
  if (loop.count === 0) loop.enable();
  return {
    config: {
      label: config.label,
      agents: config.agents,
      thinkMs: config.thinkMs,
      warmupS: config.warmupS,
      measureS: config.measureS,
      requestIds: config.requestIds,
      mix: mix.map((a) => a.name),
    },
    samples,
    actions,
    measuredS: config.measureS,
    generatorLoopDelay: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
    generatorCpuMs: cpuMs,
    window: [measureFrom, measureTo],
  };
}

/** Nearest-rank percentile of sorted values. */
export function rank(sorted: readonly number[], p: number): number {
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? NaN;
}
