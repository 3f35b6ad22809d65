import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signIn, type ApiClient } from './api-client.js';
import { ensureLargeData, type SeedRecord } from './large-data.js';
import { startPostgres } from './postgres.js';
import { startServer } from './server.js';

/**
 * The transaction list phase of `npm run bench` (`--only transactions`): the data explorer's list
 * calls on the `--scale large` data (1,000,000 transactions for Demo Bank), on PGlite and on
 * PostgreSQL, with the mix of filters, orders and deep pages an analyst uses. Reuses the large
 * databases of the lists phase.
 */

export const TXN_LIST_PATH = '/api/txn-events/list';
export const ACTION_EVENT_LIST_PATH = '/api/action-events/list';
export const AGENT = 'analyst@demo.test';
const ROUNDS = 8;

const DAY_MS = 86_400_000;
/** The seed's "now" (server/seed/time.ts). */
const SEED_NOW = Date.UTC(2026, 10, 1);
const day = (daysBefore: number) => new Date(SEED_NOW - daysBefore * DAY_MS).toISOString();

interface Ids {
  /** a different customer each round */
  entity: (round: number) => number;
  tag: number;
}

export interface Variant {
  name: string;
  body: (ids: Ids, round: number) => Record<string, unknown>;
}

// Dates as the console sends them: the start of the first day and, by the before-date rule, the
// start of the day after the last one.
export const TXN_MIX: Variant[] = [
  { name: 'no filter (newest first)', body: () => ({}) },
  { name: 'oldest first', body: () => ({ sort_direction: 'ascending' }) },
  { name: 'a customer, any direction', body: (i, r) => ({ entity_ids: [i.entity(r)], direction: 'ANY' }) },
  { name: 'a customer, sending', body: (i, r) => ({ entity_ids: [i.entity(r)], direction: 'OUTBOUND' }) },
  { name: 'a customer, receiving', body: (i, r) => ({ entity_ids: [i.entity(r)], direction: 'INBOUND' }) },
  { name: 'a customer, other (through their instruments)', body: (i, r) => ({ entity_ids: [i.entity(r)], direction: 'OTHER' }) },
  { name: 'amount 5,000 to 20,000', body: () => ({ minimum_amount: 5000, maximum_amount: 20000 }) },
  { name: 'a 30-day range', body: () => ({ start_date: day(120), end_date: day(90) }) },
  { name: 'type wire', body: () => ({ internal_txn_types: ['WIRE'] }) },
  { name: 'status failed or reversed', body: () => ({ statuses: ['FAILED', 'REVERSED'] }) },
  { name: 'a tag', body: (i) => ({ tag_ids: [i.tag] }) },
  { name: 'hide placeholder and spooled', body: () => ({ hide_placeholder: true, hide_spooled: true }) },
  {
    name: 'cash of 1,000 or more in USD, a 30-day range',
    body: () => ({ internal_txn_types: ['CASH'], minimum_amount: 1000, currency: 'USD', start_date: day(60), end_date: day(30) }),
  },
  // Deep pages as an analyst reaches them: a jump (the warm-up round), then scrolling on a page at a time.
  { name: 'completed cards, from offset 20,000 on', body: (_i, r) => ({ internal_txn_types: ['CARD'], statuses: ['COMPLETED'], offset: 20_000 + 100 * r }) },
  { name: 'from offset 100,000 on', body: (_i, r) => ({ offset: 100_000 + 100 * r }) },
  { name: 'oldest first, from offset 500,000 on', body: (_i, r) => ({ sort_direction: 'ascending', offset: 500_000 + 100 * r }) },
];

export const ACTION_EVENT_MIX: Variant[] = [
  { name: 'no filter (newest first)', body: () => ({}) },
  { name: 'a customer', body: (i, r) => ({ entity_ids: [i.entity(r)] }) },
  { name: 'failed logins', body: () => ({ action_types: ['FAILED_LOGIN'] }) },
  { name: 'a 30-day range', body: () => ({ start_date: day(120), end_date: day(90) }) },
  { name: 'offset 50,000', body: () => ({ offset: 50_000 }) },
];

export interface VariantResult {
  name: string;
  count: number;
  /** the first call of each variant (warm-up round; counts not yet kept) */
  first: number;
  samples: number[];
}

export interface ListResult {
  path: string;
  firsts: number[];
  samples: number[];
  variants: VariantResult[];
}

export interface TxnEngineResult {
  engine: 'PGlite' | 'PostgreSQL';
  version: string;
  seed: SeedRecord;
  lists: ListResult[];
}

async function idsOf(client: ApiClient): Promise<Ids> {
  // Customers as the console finds them: from the action events list, each with its own activity.
  const events = await client.timedPost<{ action_events: Array<{ entity: { id: number } | null }> }>(ACTION_EVENT_LIST_PATH, { limit: 100 });
  const entities = [...new Set(events.body.action_events.flatMap((e) => (e.entity ? [e.entity.id] : [])))];
  const { tags } = await client.get<{ tags: Array<{ id: number; title: string }> }>('/api/tags');
  if (!entities.length || !tags.length) throw new Error('bench: no entities or tags on the large data');
  // a tag some transactions carry (the first such, by title)
  let tag = tags[0].id;
  for (const t of tags) {
    const tagged = await client.timedPost<{ count: number }>(TXN_LIST_PATH, { tag_ids: [t.id], limit: 1 });
    if (tagged.body.count > 0) {
      tag = t.id;
      break;
    }
  }
  return { entity: (round) => entities[round % entities.length], tag };
}

async function measureList(client: ApiClient, ids: Ids, path: string, mix: Variant[]): Promise<ListResult> {
  const variants: VariantResult[] = mix.map((v) => ({ name: v.name, count: 0, first: 0, samples: [] }));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, v] of mix.entries()) {
      const { ms, body } = await client.timedPost<{ count: number }>(path, v.body(ids, round));
      if (round === 0) {
        variants[k].count = body.count;
        variants[k].first = ms;
      } else variants[k].samples.push(ms);
    }
  }
  return { path, firsts: variants.map((v) => v.first), samples: variants.flatMap((v) => v.samples), variants };
}

const PGLITE_DIR = '.tmp/bench-large-pglite';
const PG_DIR = join(tmpdir(), 'vigil-bench-pg-large');
const PG_PORT = 55439;
const SERVER_PORT = 3231;

async function measureOn(target: { dataDir: string } | { databaseUrl: string }): Promise<ListResult[]> {
  const server = await startServer({ port: SERVER_PORT, fresh: false, ...target });
  try {
    const client = await signIn(server.baseUrl, AGENT);
    const ids = await idsOf(client);
    return [await measureList(client, ids, TXN_LIST_PATH, TXN_MIX), await measureList(client, ids, ACTION_EVENT_LIST_PATH, ACTION_EVENT_MIX)];
  } finally {
    await server.stop();
  }
}

export async function measureTransactionLists(fresh: boolean): Promise<TxnEngineResult[]> {
  const results: TxnEngineResult[] = [];
  console.log('bench: transaction list on PGlite');
  const pglite = { dataDir: PGLITE_DIR };
  const pgliteSeed = await ensureLargeData(pglite, `${PGLITE_DIR}.seed.json`, fresh);
  const pkg = JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')) as { version: string };
  results.push({ engine: 'PGlite', version: `PGlite ${pkg.version}`, seed: pgliteSeed, lists: await measureOn(pglite) });

  console.log('bench: transaction list on PostgreSQL');
  const pg = startPostgres(PG_DIR, PG_PORT);
  try {
    const target = { databaseUrl: pg.url };
    const pgSeed = await ensureLargeData(target, join(PG_DIR, 'seed.json'), fresh || pg.created);
    results.push({ engine: 'PostgreSQL', version: pg.version, seed: pgSeed, lists: await measureOn(target) });
  } finally {
    pg.stop();
  }
  return results;
}
