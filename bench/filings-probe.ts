/**
 * The filings phase's probe: imported into the real server's process (`node --import tsx --import
 * ./bench/filings-probe.ts server/index.ts`); the server's code is not changed. Over the process's
 * IPC channel it writes the bench's complete SARs in QUEUED_FOR_FILING (one statement) and then runs
 * the server's own batch build (`buildSarBatch`, as the filings.build_sar_batch job does) on the
 * server's database: on PGlite the server's instance (found on its first query), on PostgreSQL a
 * connection pool of its own. The build is timed here, from the call until the batch exists.
 */
import { writeFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';

export type FilingsQuestion =
  | { probe: 'filings'; seq: number; action: 'sql'; text: string }
  | { probe: 'filings'; seq: number; action: 'queueSars'; count: number }
  | { probe: 'filings'; seq: number; action: 'buildBatch'; file: string };

export interface BatchBuilt {
  batchId: number;
  seconds: number;
  sars: number;
  bytes: number;
}

export interface FilingsAnswer {
  probe: 'filings';
  seq: number;
  rows?: Array<Record<string, unknown>>;
  built?: BatchBuilt;
  error?: string;
}

let lite: PGlite | null = null;
const proto = PGlite.prototype as unknown as Record<'query' | 'exec' | 'transaction', (...args: unknown[]) => unknown>;
for (const method of ['query', 'exec', 'transaction'] as const) {
  const original = proto[method];
  proto[method] = function (this: PGlite, ...args: unknown[]) {
    // the server's one instance (the probe has no other way to reach it)
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    lite ??= this;
    return original.apply(this, args);
  };
}

type Db = import('../server/db/client.js').Db;
let db: Db | null = null;

/** A Drizzle database over the server's own PGlite instance, or over PostgreSQL (the server's URL). */
async function database(): Promise<Db> {
  if (db) return db;
  const schema = await import('../server/db/schema/index.js');
  const url = process.env.DATABASE_URL;
  if (url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    db = drizzle({ client: postgres(url, { max: 4, onnotice: () => {} }), schema });
  } else {
    if (!lite) throw new Error('the server has not opened its database yet');
    const { drizzle } = await import('drizzle-orm/pglite');
    db = drizzle({ client: lite, schema });
  }
  return db;
}

async function sqlRows(text: string): Promise<Array<Record<string, unknown>>> {
  const { sql } = await import('drizzle-orm');
  const { rows } = await import('../server/db/sql.js');
  return rows<Record<string, unknown>>(await database(), sql.raw(text));
}

const ORG = `(select org_id from agents where email = 'manager@demo.test')`;

/** A complete subject, as FinCEN takes it (tests/server/filing-transport.test.ts's). */
const SUBJECT = {
  entityId: null,
  kind: 'INDIVIDUAL',
  lastOrLegalName: 'Rivera',
  firstName: 'Dana',
  middleName: null,
  alternateName: null,
  tin: '521234567',
  tinType: 'SSN_ITIN',
  dateOfBirth: '1980-04-12',
  address: { street: '12 Market St', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' },
  phone: '9735550188',
  email: null,
  occupation: 'Restaurant owner',
  accounts: [{ number: 'demo_acct_0000042', closed: false }],
  relationship: '7',
};

/**
 * `count` complete, submitted SARs of the demo organisation in QUEUED_FOR_FILING, on its cases in
 * turn, each with its own name, subject's account and amounts; the seed's own queued SARs are set
 * aside first (FILING_SUCCESS), so the batch holds exactly the bench's.
 */
async function queueSars(count: number): Promise<Array<Record<string, unknown>>> {
  await sqlRows(`update sars set status = 'FILING_SUCCESS' where org_id = ${ORG} and status in ('QUEUED_FOR_FILING', 'SENDING_TO_FINCEN')`);
  const subject = JSON.stringify(SUBJECT).replace(/'/g, "''");
  return sqlRows(`with c as (select id, row_number() over (order by id) - 1 as k, count(*) over () as n from cases where org_id = ${ORG})
    insert into sars (org_id, name, status, case_id, submitted, submitted_at, narrative, filing_type, activity_start, activity_end, total_amount, categories, subjects)
    select ${ORG}, 'Bench SAR ' || g, 'QUEUED_FOR_FILING', c.id, true, now() - (${count} - g) * interval '1 second',
      'Cash deposit number ' || g || ' of a series below the reporting threshold at three branches within two weeks, then wired abroad.',
      'INITIAL', date '2026-09-01' + (g % 20), date '2026-09-21' + (g % 20), 10000 + g * 7,
      '[{"type": 1, "subtype": 114, "other": null}]'::jsonb,
      jsonb_build_array(jsonb_set('${subject}'::jsonb, '{accounts}', jsonb_build_array(jsonb_build_object('number', 'bench_acct_' || g, 'closed', false))))
    from generate_series(1, ${count}) g join c on c.k = g % c.n
    returning id`);
}

async function buildBatch(file: string): Promise<BatchBuilt> {
  const { buildSarBatch } = await import('../server/domain/filings/transport.js');
  const db = await database();
  const [org] = await sqlRows(`select ${ORG} as id`);
  const started = performance.now();
  const batchId = await buildSarBatch(db, Number(org.id), null);
  const seconds = (performance.now() - started) / 1000;
  if (batchId === null) throw new Error('no batch: no SAR was queued (or every one failed prefiling validation)');
  const [batch] = await sqlRows(`select total_count, content from filing_batches where id = ${batchId}`);
  writeFileSync(file, String(batch.content));
  return { batchId, seconds, sars: Number(batch.total_count), bytes: Buffer.byteLength(String(batch.content)) };
}

process.on('message', (received: unknown) => {
  const m = received as FilingsQuestion;
  if (m?.probe !== 'filings') return;
  const answer = (a: Omit<FilingsAnswer, 'probe' | 'seq'>) => process.send?.({ probe: 'filings', seq: m.seq, ...a } satisfies FilingsAnswer);
  const work =
    m.action === 'sql'
      ? sqlRows(m.text).then((rows) => answer({ rows }))
      : m.action === 'queueSars'
        ? queueSars(m.count).then((rows) => answer({ rows: [{ queued: rows.length }] }))
        : buildBatch(m.file).then((built) => answer({ built }));
  work.catch((error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }));
});
