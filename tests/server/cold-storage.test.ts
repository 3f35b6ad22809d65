import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { archiveRecords, sweepOrganisation } from '../../server/domain/cold-storage/archive.js';
import { REHYDRATE_JOB } from '../../server/domain/cold-storage/read.js';
import { coldRoot } from '../../server/domain/cold-storage/store.js';
import { startJobWorker } from '../../server/jobs/index.js';
import { claimJob } from '../../server/jobs/queue.js';
import type { Worker } from '../../server/jobs/worker.js';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let dataDir: string;
let worker: Worker | null = null;
const ADMIN = 'admin@demo.test';
const ANALYST = 'analyst@demo.test';

beforeAll(async () => {
  dataDir = await mkdtemp(resolve('.tmp/cold-storage-test-'));
  t = await createTestContext({ dataDir });
  // 10 years: the sweep that turning it on queues finds nothing due, so each test archives its own records
  const on = await t.callAs(ADMIN, 'PUT', '/api/cold-storage/settings', { enabled: true, archive_after_days: 3650 });
  expect(on.statusCode).toBe(200);
  expect(on.json().enabled).toBe(true);
});
afterEach(async () => {
  await worker?.stop();
  worker = null;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const startWorker = (leaseSeconds = 15) => {
  worker = startJobWorker({ db: t.database.db, dataDir, pollMs: 50, leaseSeconds, sweepEveryMs: 3_600_000 });
  return worker;
};
const archive = (objectType: string, ids: number[], as = ADMIN) =>
  t.callAs(as, 'POST', '/api/cold-storage/archive', { object_type: objectType, object_ids: ids });
const jobsFor = (type: string, id: number) =>
  t.all<{ id: number; status: string; attempts: number; last_error: string | null }>(
    sql`select id, status, attempts, last_error from jobs where kind = ${REHYDRATE_JOB} and payload->>'object_type' = ${type}
      and payload->'object_ids' @> ${JSON.stringify([id])}::jsonb order by id`,
  );

/** Reads until data_loader says the record is back; answers the body and the time it took. */
async function readUntilLoaded(url: string, as = ANALYST, limitMs = 5000) {
  const started = performance.now();
  for (;;) {
    const res = await t.callAs(as, 'GET', url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    if (body.data_loader === null || body.data_loader?.status === 'loaded') return { body, ms: performance.now() - started };
    expect(body.data_loader.status).toBe('loading');
    if (performance.now() - started > limitMs) throw new Error(`${url} still loading after ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a cold transaction', () => {
  it('is archived to a gzip file, answers loading, comes back within 5 seconds with the same data', async () => {
    const { id } = await t.one<{ id: number }>(sql`select id from transactions where org_id = 1 and formatted_data <> '{}'::jsonb order by id limit 1`);
    const before = (await t.callAs(ANALYST, 'POST', '/api/txn-events/get', { txn_event_id: id })).json();
    expect(Object.keys(before.formatted_data).length).toBeGreaterThan(0);

    const archived = await archive('TRANSACTION', [id]);
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toEqual({ object_type: 'TRANSACTION', archived: [id], already_cold: [] });
    expect((await archive('TRANSACTION', [id])).json().already_cold).toEqual([id]);

    // the hot table keeps a stub; the whole row is in the file
    const record = await t.one<{ file: string; line: number; state: string }>(
      sql`select file, line, state from cold_records where org_id = 1 and object_type = 'TRANSACTION' and object_id = ${id}`,
    );
    expect(record.state).toBe('cold');
    const stub = await t.one<{ formatted_data: object; amount: number }>(
      sql`select formatted_data, amount::float8 as amount from transactions where id = ${id}`,
    );
    expect(stub.formatted_data).toEqual({});
    expect(stub.amount).toBe(before.amount);
    const lines = gunzipSync(await readFile(join(coldRoot(dataDir), record.file)))
      .toString('utf8')
      .trim()
      .split('\n');
    expect(JSON.parse(lines[record.line]).id).toBe(id);

    // many reads while no worker runs: every one answers loading, and one job exists
    const reads = await Promise.all(Array.from({ length: 5 }, () => t.callAs(ANALYST, 'GET', `/api/txn-events/cached/${id}`)));
    for (const r of reads) {
      expect(r.statusCode).toBe(200);
      expect(r.json().data_loader).toEqual({ status: 'loading' });
      expect(r.json().formatted_data).toEqual({});
    }
    expect(await jobsFor('TRANSACTION', id)).toHaveLength(1);

    startWorker();
    const { body, ms } = await readUntilLoaded(`/api/txn-events/cached/${id}`);
    expect(ms).toBeLessThan(5000);
    expect({ ...body, data_loader: null }).toEqual({ ...before, data_loader: null });
    // the record is back before the job is marked done
    await expect.poll(async () => (await jobsFor('TRANSACTION', id)).map((j) => j.status)).toEqual(['succeeded']);
    expect(existsSync(join(coldRoot(dataDir), record.file))).toBe(false);
    expect(await t.all(sql`select 1 from cold_records where object_type = 'TRANSACTION' and object_id = ${id}`)).toHaveLength(0);
  });

  it('a plain list shows the stub; a cached list page answers loading for it and brings it back', async () => {
    const { id, event_time } = await t.one<{ id: number; event_time: Date }>(
      sql`select id, event_time from transactions where org_id = 1 order by id desc limit 1`,
    );
    await archive('TRANSACTION', [id]);
    const window = {
      start_date: new Date(new Date(event_time).getTime() - 1000).toISOString(),
      end_date: new Date(new Date(event_time).getTime() + 1000).toISOString(),
      limit: 100,
    };
    const plain = (await t.callAs(ANALYST, 'POST', '/api/txn-events/list', window)).json();
    expect(plain.txn_events.find((e: { id: number }) => e.id === id)).toMatchObject({ id, formatted_data: {}, data_loader: null });
    const cached = (await t.callAs(ANALYST, 'POST', '/api/txn-events/cached/list', window)).json();
    expect(cached.txn_events.find((e: { id: number }) => e.id === id).data_loader).toEqual({ status: 'loading' });
    startWorker();
    await readUntilLoaded(`/api/txn-events/cached/${id}`);
    expect(await jobsFor('TRANSACTION', id)).toHaveLength(1);
  });

  it('a failed rehydration is retried with backoff and then succeeds', async () => {
    const { id } = await t.one<{ id: number }>(sql`select id from transactions where org_id = 1 order by id limit 1 offset 5`);
    await archive('TRANSACTION', [id]);
    const { file } = await t.one<{ file: string }>(sql`select file from cold_records where object_type = 'TRANSACTION' and object_id = ${id}`);
    const path = join(coldRoot(dataDir), file);
    await rename(path, `${path}.away`);
    startWorker();
    expect((await t.callAs(ANALYST, 'GET', `/api/txn-events/cached/${id}`)).json().data_loader).toEqual({ status: 'loading' });
    await expect.poll(async () => (await jobsFor('TRANSACTION', id))[0]?.last_error ?? '', { timeout: 3000 }).toMatch(/ENOENT/);
    expect((await t.callAs(ANALYST, 'GET', `/api/txn-events/cached/${id}`)).json().data_loader).toEqual({ status: 'loading' });
    await rename(`${path}.away`, path);
    await readUntilLoaded(`/api/txn-events/cached/${id}`, ANALYST, 10_000);
    await expect.poll(async () => (await jobsFor('TRANSACTION', id))[0]?.status).toBe('succeeded');
    expect((await jobsFor('TRANSACTION', id))[0].attempts).toBeGreaterThanOrEqual(2);
  });
});

describe('two archivers at once', () => {
  it('the sweep and an archive-now call racing for the same records archive each once, and neither fails', async () => {
    const picked = await t.all<{ id: number }>(sql`select id from transactions t where org_id = 1 and formatted_data <> '{}'::jsonb
      and not exists (select 1 from cold_records c where c.object_type = 'TRANSACTION' and c.object_id = t.id) order by id desc limit 6`);
    const ids = picked.map((p) => p.id).sort((a, b) => a - b);
    // both read the records while they are hot, then both write: the second finds them taken
    const [a, b] = await Promise.all([
      archiveRecords(t.database.db, dataDir, 1, 'TRANSACTION', ids),
      archiveRecords(t.database.db, dataDir, 1, 'TRANSACTION', ids.slice(2)),
    ]);
    expect([...a, ...b].sort((x, y) => x - y)).toEqual(ids);
    const records = await t.all<{ object_id: number; file: string }>(
      sql`select object_id, file from cold_records where org_id = 1 and object_type = 'TRANSACTION' and object_id = any(${sql.param(ids)}::int[]) order by object_id`,
    );
    expect(records.map((r) => r.object_id)).toEqual(ids);
    // every index row points at a file that exists; a file that won nothing is not left behind
    for (const r of records) expect(existsSync(join(coldRoot(dataDir), r.file))).toBe(true);
    if (!b.length) expect(new Set(records.map((r) => r.file)).size).toBe(1);
    startWorker();
    for (const id of ids) await readUntilLoaded(`/api/txn-events/cached/${id}`);
  });
});

describe('durable jobs', () => {
  it('a job whose worker died mid-run is claimed again after its lease and finishes', async () => {
    const { id } = await t.one<{ id: number }>(sql`select id from action_events where org_id = 1 and formatted_data <> '{}'::jsonb order by id limit 1`);
    const before = (await t.callAs(ANALYST, 'POST', '/api/action-events/get', { action_event_id: id })).json();
    await archive('ACTION_EVENT', [id]);
    expect((await t.callAs(ANALYST, 'GET', `/api/action-events/cached/${id}`)).json().data_loader).toEqual({ status: 'loading' });
    // a worker claims the job and the process dies: the claim stays, its heartbeat stops
    const claimed = await claimJob(t.database.db, 'crashed-worker', [REHYDRATE_JOB], 15);
    expect(claimed?.payload).toMatchObject({ object_type: 'ACTION_EVENT', object_ids: [id] });
    startWorker(1);
    const { body } = await readUntilLoaded(`/api/action-events/cached/${id}`);
    expect({ ...body, data_loader: null }).toEqual({ ...before, data_loader: null });
    await expect.poll(async () => (await jobsFor('ACTION_EVENT', id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });
});

describe('alerts, cases, SARs and entities', () => {
  it('each comes back through its cached read with the same data', async () => {
    const alertId = (
      await t.one<{ id: number }>(
        sql`select id from alerts where org_id = 1 and description is not null and queue_id in (select id from queues where access_type <> 'restricted') order by id limit 1`,
      )
    ).id;
    const caseId = (
      await t.one<{ id: number }>(
        sql`select id from cases where org_id = 1 and description is not null and queue_id in (select id from queues where access_type <> 'restricted') order by id limit 1`,
      )
    ).id;
    const sarId = (await t.one<{ id: number }>(sql`select id from sars where org_id = 1 order by id limit 1`)).id;
    const entityId = (await t.one<{ id: number }>(sql`select entity_id as id from alert_entities where org_id = 1 and alert_id = ${alertId} limit 1`)).id;
    const urls = {
      ALERT: `/api/alerts/cached/${alertId}`,
      CASE: `/api/cases/cached/${caseId}`,
      SAR: `/api/sars/cached/${sarId}`,
      ENTITY: `/api/entities/cached/${entityId}`,
    };
    const ids = { ALERT: alertId, CASE: caseId, SAR: sarId, ENTITY: entityId };
    const before: Record<string, unknown> = {};
    for (const [type, url] of Object.entries(urls)) {
      const res = await t.callAs(ADMIN, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().data_loader).toBeNull();
      before[type] = res.json();
      expect((await archive(type, [ids[type as keyof typeof ids]])).json().archived).toEqual([ids[type as keyof typeof ids]]);
    }
    const alertCold = (await t.callAs(ADMIN, 'GET', urls.ALERT)).json();
    expect(alertCold).toMatchObject({ data_loader: { status: 'loading' }, description: null });
    const entities = (await t.callAs(ADMIN, 'POST', '/api/entities/cached/list', { alert_ids: [alertId] })).json();
    expect(entities.entities.find((e: { id: number }) => e.id === entityId).data_loader).toEqual({ status: 'loading' });
    startWorker();
    for (const [type, url] of Object.entries(urls)) {
      const { body } = await readUntilLoaded(url, ADMIN);
      expect({ ...body, data_loader: null }, type).toEqual({ ...(before[type] as object), data_loader: null });
    }
  });
});

describe('organisations', () => {
  it("another organisation's records answer 404 and start nothing", async () => {
    const { id } = await t.one<{ id: number }>(sql`select id from transactions where org_id = 1 order by id limit 1 offset 7`);
    await archive('TRANSACTION', [id]);
    const north = 'admin@northwind.test';
    expect((await t.callAs(north, 'PUT', '/api/cold-storage/settings', { enabled: true })).statusCode).toBe(200);
    expect((await t.callAs(north, 'GET', `/api/txn-events/cached/${id}`)).statusCode).toBe(404);
    expect((await archive('TRANSACTION', [id], north)).statusCode).toBe(404);
    expect(await jobsFor('TRANSACTION', id)).toHaveLength(0);
    expect((await t.callAs(north, 'GET', '/api/cold-storage/settings')).json().cold_records.TRANSACTION).toBe(0);
    expect((await t.callAs(north, 'PUT', '/api/cold-storage/settings', { enabled: false })).statusCode).toBe(200);
  });

  it('an agent without edit_storage cannot archive or change the policy', async () => {
    expect((await t.callAs(ANALYST, 'PUT', '/api/cold-storage/settings', { enabled: false })).statusCode).toBe(403);
    expect((await archive('TRANSACTION', [1], ANALYST)).statusCode).toBe(403);
  });
});

describe('the sweep and turning cold storage off', () => {
  it('archives records older than the age, and off brings every cold record back', async () => {
    const { n: due } = await t.one<{ n: number }>(sql`select count(*)::int as n from transactions where org_id = 1 and event_time < now() - interval '548 days'
      and not exists (select 1 from cold_records c where c.org_id = 1 and c.object_type = 'TRANSACTION' and c.object_id = transactions.id)`);
    expect(due).toBeGreaterThan(0);
    expect((await t.callAs(ADMIN, 'PUT', '/api/cold-storage/settings', { archive_after_days: 548 })).json().archive_after_days).toBe(548);
    expect(await t.all(sql`select id from jobs where org_id = 1 and kind = 'cold_storage.sweep' and status = 'queued'`)).toHaveLength(1);
    const swept = await sweepOrganisation(t.database.db, dataDir, 1);
    expect(swept.archived.TRANSACTION).toBe(Math.min(due, 500));
    const settings = (await t.callAs(ADMIN, 'GET', '/api/cold-storage/settings')).json();
    expect(settings.cold_records.TRANSACTION).toBeGreaterThanOrEqual(Math.min(due, 500));
    expect(settings.last_swept_at).not.toBeNull();

    const off = (await t.callAs(ADMIN, 'PUT', '/api/cold-storage/settings', { enabled: false })).json();
    expect(off.enabled).toBe(false);
    startWorker();
    await expect
      .poll(async () => (await t.one<{ n: number }>(sql`select count(*)::int as n from cold_records where org_id = 1`)).n, { timeout: 20_000 })
      .toBe(0);
    // the sweep queued while it was on finds it off and archives nothing
    await expect
      .poll(
        async () =>
          (await t.one<{ result: unknown }>(sql`select result from jobs where org_id = 1 and kind = 'cold_storage.sweep' order by id desc limit 1`)).result,
      )
      .toEqual({ skipped: 'cold storage is off' });
    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from cold_records where org_id = 1`)).n).toBe(0);
  });
});
