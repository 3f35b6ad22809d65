import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const call: TestContext['callAs'] = (...args) => t.callAs(...args);
const batchId = async (type: string, status: string) =>
  (await t.one<{ id: number }>(sql`select id from filing_batches where org_id = 1 and report_type = ${type} and status = ${status} order by id limit 1`)).id;

describe('grouped filings', () => {
  it('pages batches of one report type, one by default, newest first', async () => {
    const all = await t.all<{ id: number }>(sql`select id from filing_batches where org_id = 1 and report_type = 'SAR' order by created_at desc, id desc`);
    const first = (await call('analyst@demo.test', 'POST', '/api/filings/grouped', { report_type: 'SAR' })).json();
    expect(first.count).toBe(all.length);
    expect(first.batches.map((b: { id: number }) => b.id)).toEqual([all[0].id]);
    const second = (await call('analyst@demo.test', 'POST', '/api/filings/grouped', { report_type: 'SAR', offset: 1 })).json();
    expect(second.batches[0].id).toBe(all[1].id);
  });

  it('narrows to one batch, within the organisation', async () => {
    const ctr = await batchId('CTR', 'READY');
    const res = (await call('analyst@demo.test', 'POST', '/api/filings/grouped', { report_type: 'CTR', filters: { batch_id: ctr } })).json();
    expect(res.count).toBe(1);
    expect(res.batches[0]).toMatchObject({ id: ctr, report_type: 'CTR' });
    const other = (await call('admin@northwind.test', 'POST', '/api/filings/grouped', { report_type: 'CTR', filters: { batch_id: ctr } })).json();
    expect(other).toEqual({ count: 0, batches: [] });
  });
});

describe('CTR batch download', () => {
  it('answers 201 with the XML file of a generated batch', async () => {
    const ctr = await batchId('CTR', 'READY');
    const res = await call('analyst@demo.test', 'GET', `/api/filings/batch/${ctr}/download`);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="CtrBatch${ctr}.xml"`);
    expect(String(res.headers['content-type'])).toMatch(/^application\/xml/);
    expect(res.body).toMatch(new RegExp(`^<\\?xml version="1.0" encoding="UTF-8"\\?>\\n<CtrBatch id="${ctr}"`));
    const total = (await t.one<{ total_count: number }>(sql`select total_count from filing_batches where id = ${ctr}`)).total_count;
    expect(res.body.match(/<Filing /g)?.length ?? 0).toBe(total);
  });

  it('answers 202 while the batch is being generated', async () => {
    const pending = await batchId('CTR', 'PENDING');
    const res = await call('analyst@demo.test', 'GET', `/api/filings/batch/${pending}/download`);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'pending' });
  });

  it('answers 404 for other report types, failed batches and other organisations', async () => {
    const sar = await batchId('SAR', 'READY');
    expect((await call('analyst@demo.test', 'GET', `/api/filings/batch/${sar}/download`)).statusCode).toBe(404);
    const failed = await batchId('CTR', 'FAILED');
    expect((await call('analyst@demo.test', 'GET', `/api/filings/batch/${failed}/download`)).statusCode).toBe(404);
    const ctr = await batchId('CTR', 'READY');
    expect((await call('admin@northwind.test', 'GET', `/api/filings/batch/${ctr}/download`)).statusCode).toBe(404);
  });
});
