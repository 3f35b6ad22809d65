import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../server/db/client.js';
import { loadModel, scoreOrganisation, writeScores, type RiskModelInput } from '../server/domain/risk/index.js';
import { firstRow, rows } from '../server/db/sql.js';
import { signIn } from './api-client.js';
import { ensureLargeData, type SeedRecord } from './large-data.js';
import { startPostgres } from './postgres.js';
import { startServer } from './server.js';

/**
 * The risk phase of `npm run bench` (`--only risk`), on PostgreSQL with the `--scale large` data
 * (100,000 entities for Demo Bank): scoring throughput of the engine in this process (every entity
 * of the organisation, in the rescoring job's batches), with and without writing the results, and
 * the batch scores call (100 ids) over HTTP against the real server.
 */

export const THROUGHPUT_BUDGET = 20_000;
export const SCORES_P95_BUDGET_MS = 30;
const BATCH = 5_000;
const RUNS = 3;
const CALL_ROUNDS = 40;
const PG_DIR = join(tmpdir(), 'vigil-bench-pg-large');
const PG_PORT = 55439;
const SERVER_PORT = 3233;
/** The seed's "now": ages and 12-month windows as the seeded scores saw them. */
const SEED_NOW = new Date(Date.UTC(2026, 10, 1));

export interface ThroughputRun {
  entities: number;
  seconds: number;
  perSecond: number;
}

export interface RiskResult {
  version: string;
  seed: SeedRecord;
  entities: number;
  /** the seeded active model (five parameters, two segments) */
  seeded: ThroughputRun[];
  /** a model with a parameter of each of the seven families */
  allFamilies: ThroughputRun[];
  /** all families, writing every result and the entities' mirrored score (rolled back after) */
  withWrites: ThroughputRun[];
  calls: { first: number; samples: number[] };
}

const gt = (value: number, risk: number) => ({ risk, content: { operator: 'greater_than', value } });
const lt = (value: number, risk: number) => ({ risk, content: { operator: 'less_than', value } });
const eq = (value: string, risk: number) => ({ risk, content: { operator: 'equal_to', value } });
const between = (start: number, end: number, risk: number) => ({ risk, content: { operator: 'in_between', start, end } });
const metric = (name: string, mappings: unknown[], extra: Record<string, unknown> = {}) => ({
  metric: name,
  metric_type: 'number',
  unknown_risk: 0,
  unscored_risk: null,
  custom_data_setting_id: null,
  risk_mappings: mappings,
  ...extra,
});

async function allFamiliesModel(db: Db, orgId: number, id: number): Promise<RiskModelInput> {
  const setting = async (key: string) =>
    (await firstRow<{ id: number }>(db, sql`select id from data_settings where org_id = ${orgId} and key_path = ${key}`))?.id ?? null;
  const [kyc, income] = [await setting('entity.kyc_level'), await setting('entity.annual_income')];
  const parameters = [
    {
      id: 1,
      parameter_type: 'address_risk',
      weight: 0.1,
      metrics: [metric('address_region', [eq('CA', 60), eq('NY', 40)], { metric_type: 'text', unknown_risk: 100, unscored_risk: 20 })],
    },
    {
      id: 2,
      parameter_type: 'new_member_risk',
      weight: 0.2,
      metrics: [metric('account_age_months', [lt(3, 100), lt(6, 80), lt(9, 60), lt(12, 40)], { unknown_risk: 100 })],
    },
    {
      id: 3,
      parameter_type: 'customer_information_risk',
      weight: 0.1,
      metrics: [metric('kyc_level', [eq('BASIC', 70), eq('STANDARD', 20)], { metric_type: 'text', custom_data_setting_id: kyc })],
    },
    { id: 4, parameter_type: 'suspicious_activity_risk', weight: 0.2, metrics: [metric('sar_count_12m', [gt(0, 100)])] },
    { id: 5, parameter_type: 'alert_and_case_risk', weight: 0.2, metrics: [metric('alert_count_12m', [gt(0, 100)]), metric('case_count_12m', [gt(0, 100)])] },
    {
      id: 6,
      parameter_type: 'custom_data_risk',
      weight: 0.1,
      metrics: [metric('annual_income', [between(0, 25_000, 50), gt(250_000, 70)], { custom_data_setting_id: income })],
    },
    { id: 7, parameter_type: 'rule_risk', weight: 0.1, metrics: [metric('rule_alert_count_12m', [gt(2, 90), between(1, 3, 50)])] },
  ];
  return { id, high_risk_floor: 80, low_risk_ceiling: 40, segments: [{ id: 1, title: 'Everyone', filters: [], parameters }] };
}

async function timed(entities: number, run: () => Promise<void>): Promise<ThroughputRun> {
  const started = performance.now();
  await run();
  const seconds = (performance.now() - started) / 1000;
  return { entities, seconds, perSecond: entities / seconds };
}

async function scoreAll(db: Db, orgId: number, model: RiskModelInput, write: boolean): Promise<void> {
  await scoreOrganisation(db, orgId, model, async (results) => void (write && (await writeScores(db, orgId, model.id, results, true))), {
    now: SEED_NOW,
    batchSize: BATCH,
  });
}

class Rollback extends Error {}

async function measureEngine(url: string) {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const db = database.db;
    const org = (await firstRow<{ org_id: number; n: number }>(
      db,
      sql`select org_id, count(*)::int as n from entities group by org_id order by n desc limit 1`,
    ))!;
    const active = (await firstRow<{ id: number }>(db, sql`select id from risk_models where org_id = ${org.org_id} and status = 'active'`))!;
    const seededModel = (await loadModel(db, org.org_id, active.id))!;
    const families = await allFamiliesModel(db, org.org_id, active.id);
    const ids = (await rows<{ id: number }>(db, sql`select id from entities where org_id = ${org.org_id} order by id`)).map((r) => r.id);
    const seeded: ThroughputRun[] = [];
    const allFamilies: ThroughputRun[] = [];
    const withWrites: ThroughputRun[] = [];
    for (let run = 0; run < RUNS; run++) {
      console.log(`bench: risk scoring, run ${run + 1} of ${RUNS}`);
      seeded.push(await timed(ids.length, () => scoreAll(db, org.org_id, seededModel, false)));
      allFamilies.push(await timed(ids.length, () => scoreAll(db, org.org_id, families, false)));
      // one transaction, rolled back, so the bench database keeps its seeded scores
      const started = performance.now();
      await db
        .transaction(async (tx) => {
          await scoreAll(tx, org.org_id, families, true);
          throw new Rollback();
        })
        .catch((e: unknown) => {
          if (!(e instanceof Rollback)) throw e;
        });
      const seconds = (performance.now() - started) / 1000;
      withWrites.push({ entities: ids.length, seconds, perSecond: ids.length / seconds });
    }
    return { entities: ids.length, seeded, allFamilies, withWrites, orgId: org.org_id };
  } finally {
    await database.close();
  }
}

async function measureCalls(url: string): Promise<RiskResult['calls']> {
  const server = await startServer({ port: SERVER_PORT, fresh: false, databaseUrl: url });
  try {
    const client = await signIn(server.baseUrl, 'analyst@demo.test');
    const database = await openDatabase({ databaseUrl: url });
    let external: string[];
    try {
      const org = (await firstRow<{ org_id: number }>(database.db, sql`select org_id from agents where email = 'analyst@demo.test'`))!;
      external = (await rows<{ external_id: string }>(database.db, sql`select external_id from entities where org_id = ${org.org_id} order by id`)).map(
        (r) => r.external_id,
      );
    } finally {
      await database.close();
    }
    // 100 different customers each round, spread over the whole organisation
    const stride = Math.max(1, Math.floor(external.length / (100 * (CALL_ROUNDS + 1))));
    const idsOf = (round: number) => Array.from({ length: 100 }, (_, k) => external[((round * 100 + k) * stride) % external.length]);
    let first = 0;
    const samples: number[] = [];
    for (let round = 0; round <= CALL_ROUNDS; round++) {
      const { ms, body } = await client.timedPost<{ results: Record<string, unknown> }>('/api/risk/entities/scores', { entity_external_ids: idsOf(round) });
      if (Object.keys(body.results).length !== 100) throw new Error(`bench: the scores call answered ${Object.keys(body.results).length} of 100 entities`);
      if (round === 0) first = ms;
      else samples.push(ms);
    }
    return { first, samples };
  } finally {
    await server.stop();
  }
}

async function vacuumScores(url: string): Promise<void> {
  const postgres = (await import('postgres')).default;
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client.unsafe('vacuum analyze risk_score_results, entities');
  } finally {
    await client.end();
  }
}

export async function measureRisk(fresh: boolean): Promise<RiskResult> {
  console.log('bench: risk scoring on PostgreSQL');
  const pg = startPostgres(PG_DIR, PG_PORT);
  try {
    const seed = await ensureLargeData({ databaseUrl: pg.url }, join(PG_DIR, 'seed.json'), fresh || pg.created);
    // the server first: it applies any migration added since the seed
    const calls = await measureCalls(pg.url);
    const engine = await measureEngine(pg.url);
    // the written runs are rolled back: their dead rows and index entries are cleared, as autovacuum
    // would on a running database, so the next run's calls do not step over them
    await vacuumScores(pg.url);
    return {
      version: pg.version,
      seed,
      entities: engine.entities,
      seeded: engine.seeded,
      allFamilies: engine.allFamilies,
      withWrites: engine.withWrites,
      calls,
    };
  } finally {
    pg.stop();
  }
}
