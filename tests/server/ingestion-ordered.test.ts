import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processExecution } from '../../server/domain/ingestion/job.js';
import { OrderedBatches } from '../../server/domain/ingestion/ordered.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * Batches written in file order. On PostgreSQL a batch is written while the one before it commits
 * (OrderedBatches with overlap); on PGlite one after the other. The file-level case runs on both.
 */

let t: TestContext;
let token: string;
const BASE = '/api/database-connections/pull-based-datafiles';

beforeAll(async () => {
  t = await createTestContext({ dataDir: mkdtempSync(join(tmpdir(), 'vigil-ordered-')) });
  token = await t.signIn('manager@demo.test');
  await t.database.exec('create table ordered_probe (id int primary key, v int not null)');
});
afterAll(() => t.close());

/** Uploads the file and runs its execution as the worker would, in batches of `batchRows`. */
async function loadInBatches(lines: readonly string[], stream: string, objectType: string, batchRows: number) {
  const created = await t.call({ method: 'POST', url: BASE, token, payload: { file_name: `${stream}.csv`, stream, object_type: objectType } });
  expect(created.statusCode, created.body).toBe(201);
  const fileId = created.json().id as number;
  const put = await t.call({ method: 'PUT', url: `${BASE}/${fileId}/content`, token, payload: lines.join('\n'), headers: { 'content-type': 'text/csv' } });
  expect(put.statusCode, put.body).toBe(202);
  const [execution] = await t.all<{ id: number }>(sql`select id from flat_file_executions where file_id = ${fileId} order by id desc limit 1`);
  await processExecution(t.database.db, t.config.dataDir, 1, execution.id, true, batchRows);
  return { file: (await t.call({ method: 'GET', url: `${BASE}/${fileId}`, token })).json(), executionId: execution.id };
}

describe('a file written in small batches', () => {
  it('keeps the later row of an id repeated across batches, creates each new party once and counts every row', async () => {
    const lines = ['txn_id,event_time,amount,txn_type,sender_id,receiver_id'];
    // batches of three rows: OB-1 and OB-2 come back in the next batches with new amounts, each
    // batch names parties no earlier batch did, and one row fails
    lines.push('OB-1,2026-05-01T00:00:00Z,1,CARD,ob_cust_1,ob_cust_2');
    lines.push('OB-2,2026-05-01T00:01:00Z,2,CARD,ob_cust_1,ob_cust_3');
    lines.push('OB-3,2026-05-01T00:02:00Z,3,WIRE,ob_cust_4,ob_cust_2');
    lines.push('OB-1,2026-05-01T00:03:00Z,10,CARD,ob_cust_5,ob_cust_2');
    lines.push('OB-4,2026-05-01T00:04:00Z,not a number,CARD,ob_cust_6,ob_cust_2');
    lines.push('OB-5,2026-05-01T00:05:00Z,5,ACH,ob_cust_6,ob_cust_7');
    lines.push('OB-2,2026-05-01T00:06:00Z,20,CARD,ob_cust_8,ob_cust_3');
    lines.push('OB-6,2026-05-01T00:07:00Z,6,P2P,ob_cust_8,ob_cust_1');
    lines.push('OB-1,2026-05-01T00:08:00Z,100,CARD,ob_cust_9,ob_cust_2');
    lines.push('OB-7,2026-05-01T00:09:00Z,7,CARD,ob_cust_9,ob_cust_10');
    const { file, executionId } = await loadInBatches(lines, 'ordered', 'transactions', 3);
    expect(file.status).toBe('finished');
    expect(file.latest_execution).toMatchObject({ success_count: 9, failure_count: 1, total_count: 10 });
    const written = await t.all<{ external_id: string; amount: number; sender: string }>(
      sql`select t.external_id, t.amount::float8 as amount, e.external_id as sender from transactions t join entities e on e.id = t.sender_entity_id
        where t.org_id = 1 and t.external_id like 'OB-%' order by 1`,
    );
    expect(written.map((r) => [r.external_id, r.amount, r.sender])).toEqual([
      ['OB-1', 100, 'ob_cust_9'],
      ['OB-2', 20, 'ob_cust_8'],
      ['OB-3', 3, 'ob_cust_4'],
      ['OB-5', 5, 'ob_cust_6'],
      ['OB-6', 6, 'ob_cust_8'],
      ['OB-7', 7, 'ob_cust_9'],
    ]);
    const parties = await t.all<{ n: number; distinct_ids: number }>(
      sql`select count(*)::int as n, count(distinct external_id)::int as distinct_ids from entities where org_id = 1 and external_id like 'ob_cust_%'`,
    );
    expect(parties).toEqual([{ n: 10, distinct_ids: 10 }]);
    const [progress] = await t.all<{ last_row_number: number; error_count: number }>(
      sql`select last_row_number, error_count from flat_file_executions where id = ${executionId}`,
    );
    expect(progress).toEqual({ last_row_number: 11, error_count: 1 });
  });
});

describe('a customer file written in small batches', () => {
  it('keeps the later row of a customer repeated across batches and queues every written customer for scoring', async () => {
    const lines = ['customer_id,name'];
    // batches of two: OC-1 comes back in the second and fourth batches, OC-3 in the third
    for (const [id, name] of [
      ['OC-1', 'First'],
      ['OC-2', 'Second'],
      ['OC-1', 'First again'],
      ['OC-3', 'Third'],
      ['OC-4', 'Fourth'],
      ['OC-3', 'Third again'],
      ['OC-1', 'First last'],
      ['OC-5', 'Fifth'],
    ])
      lines.push(`${id},${name}`);
    const queued = async () =>
      (
        await t.all<{ ids: number[] }>(sql`select array(select jsonb_array_elements_text(payload->'entity_ids')::int) as ids
          from jobs where org_id = 1 and kind = 'risk.score_entities' order by id`)
      ).flatMap((j) => j.ids);
    const before = (await queued()).length;
    const { file } = await loadInBatches(lines, 'ordered_customers', 'entities', 2);
    expect(file.latest_execution).toMatchObject({ success_count: 8, failure_count: 0, total_count: 8 });
    const written = await t.all<{ id: number; external_id: string; name_readable: string }>(
      sql`select id, external_id, name_readable from entities where org_id = 1 and external_id like 'OC-%' order by external_id`,
    );
    expect(written.map((r) => [r.external_id, r.name_readable])).toEqual([
      ['OC-1', 'First last'],
      ['OC-2', 'Second'],
      ['OC-3', 'Third again'],
      ['OC-4', 'Fourth'],
      ['OC-5', 'Fifth'],
    ]);
    // each batch queues the customers it wrote: OC-1 three times, OC-3 twice
    const ids = new Map(written.map((r) => [r.external_id, r.id]));
    expect((await queued()).slice(before).sort((a, b) => a - b)).toEqual(
      ['OC-1', 'OC-2', 'OC-1', 'OC-3', 'OC-4', 'OC-3', 'OC-1', 'OC-5'].map((e) => ids.get(e)!).sort((a, b) => a - b),
    );
  });
});

describe('OrderedBatches on one connection', () => {
  it('writes and commits each batch before answering', async () => {
    const order: string[] = [];
    const batches = new OrderedBatches(t.database.db, 'serial-probe', false);
    await batches.write(
      async (tx) => {
        await tx.execute(sql`insert into ordered_probe values (1, 1)`);
        order.push('work 1');
      },
      () => order.push('committed 1'),
    );
    order.push('answered 1');
    await batches.write(
      async (tx, previousCommitted) => {
        await previousCommitted();
        await tx.execute(sql`insert into ordered_probe values (2, 2)`);
        order.push('work 2');
      },
      () => order.push('committed 2'),
    );
    await batches.finish();
    expect(order).toEqual(['work 1', 'committed 1', 'answered 1', 'work 2', 'committed 2']);
    expect(await t.all(sql`select id from ordered_probe where id in (1, 2) order by id`)).toEqual([{ id: 1 }, { id: 2 }]);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('OrderedBatches on PostgreSQL, a batch written while the one before commits', () => {
  it('runs the next batch beside the one before it and commits them in order', async () => {
    const order: string[] = [];
    const batches = new OrderedBatches(t.database.db, 'overlap-probe', true);
    await batches.write(
      async (tx) => {
        await tx.execute(sql`select pg_sleep(0.4)`);
        await tx.execute(sql`insert into ordered_probe values (11, 1)`);
        order.push('work 1 done');
      },
      () => order.push('committed 1'),
    );
    await batches.write(
      async (tx, previousCommitted) => {
        order.push('work 2 started');
        await tx.execute(sql`insert into ordered_probe values (12, 2)`);
        await previousCommitted();
        // after the wait, the previous batch's rows are visible
        const seen = await t.all<{ n: number }>(sql`select count(*)::int as n from ordered_probe where id = 11`);
        order.push(`work 2 sees ${seen[0].n}`);
      },
      () => order.push('committed 2'),
    );
    await batches.finish();
    expect(order).toEqual(['work 2 started', 'work 1 done', 'committed 1', 'work 2 sees 1', 'committed 2']);
  });

  it('rolls back the batch after a failed one and answers the failure', async () => {
    const batches = new OrderedBatches(t.database.db, 'failure-probe', true);
    await batches.write(
      async (tx) => {
        await tx.execute(sql`insert into ordered_probe values (21, 1)`);
        await tx.execute(sql`select pg_sleep(0.2)`);
        throw new Error('batch 1 failed');
      },
      () => undefined,
    );
    await expect(
      batches.write(
        async (tx, previousCommitted) => {
          await tx.execute(sql`insert into ordered_probe values (22, 2)`);
          await previousCommitted();
        },
        () => undefined,
      ),
    ).rejects.toThrow('batch 1 failed');
    await batches.settle();
    expect(await t.all(sql`select id from ordered_probe where id in (21, 22)`)).toEqual([]);
  });

  it('ends a wait cycle through another lock with a deadlock error instead of hanging', { timeout: 20_000 }, async () => {
    await t.database.exec('insert into ordered_probe values (31, 0)');
    const batches = new OrderedBatches(t.database.db, 'deadlock-probe', true);
    let locked!: () => void;
    const rowLocked = new Promise<void>((resolve) => (locked = resolve));
    await batches.write(
      async (tx) => {
        // waits for the row the next batch holds, while the next batch waits for this one
        await rowLocked;
        await tx.execute(sql`update ordered_probe set v = 1 where id = 31`);
      },
      () => undefined,
    );
    const second = batches.write(
      async (tx, previousCommitted) => {
        await tx.execute(sql`update ordered_probe set v = 2 where id = 31`);
        locked();
        await previousCommitted();
      },
      () => undefined,
    );
    const started = Date.now();
    const failure = await second
      .then(() => batches.finish())
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(Date.now() - started).toBeLessThan(15_000);
    // the driver's error wraps the database's; either transaction may be the one ended
    const chain: string[] = [];
    for (let e = failure as { message?: string; code?: string; cause?: unknown } | null; e; e = e.cause as typeof e)
      chain.push(`${e.code ?? ''} ${e.message ?? ''}`);
    expect(chain.join(' | ')).toMatch(/40P01|deadlock detected/);
    await batches.settle();
  });
});
