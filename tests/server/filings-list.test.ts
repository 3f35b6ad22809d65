import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { contractErrors } from './helpers/validate.js';

/** The Filings list: SAR batches with their SARs, the SARs not yet in a batch, filters, paging and visibility. */
let t: TestContext;
let hiddenQueue: number;
let batch: number;
let older: number;
let manager: number;
const ids: Record<string, number> = {};

interface Row {
  id: number;
  status: string;
  batch_id: number | null;
}
interface Answer {
  count: number;
  batches: Array<{ id: number; sars?: Row[] }>;
  unbatched?: Row[];
}

const grouped = async (body: object, as = 'analyst@demo.test') => {
  const res = await t.callAs(as, 'POST', '/api/filings/grouped', body);
  expect(res.statusCode).toBe(200);
  return res.json<Answer>();
};
const sarIds = (rows: Row[] | undefined) => (rows ?? []).map((r) => r.id);

beforeAll(async () => {
  t = await createTestContext();
  manager = (await t.one<{ id: number }>(sql`select id from agents where email = 'manager@demo.test'`)).id;
  hiddenQueue = (await t.one<{ id: number }>(sql`insert into queues (org_id, title, access_type) values (1, 'Filings list hidden', 'restricted') returning id`))
    .id;
  // two SAR batches created after every seeded one, so they head the list
  batch = (
    await t.one<{ id: number }>(
      sql`insert into filing_batches (org_id, report_type, status, total_count, accepted_count, created_at) values (1, 'SAR', 'READY', 2, 1, '2099-02-01T00:00:00Z') returning id`,
    )
  ).id;
  older = (
    await t.one<{ id: number }>(
      sql`insert into filing_batches (org_id, report_type, status, total_count, created_at) values (1, 'SAR', 'READY', 1, '2099-01-01T00:00:00Z') returning id`,
    )
  ).id;
  const sar = async (key: string, status: string, batchId: number | null, queue: number | null, reviewer: number | null, created: string) => {
    ids[key] = (
      await t.one<{ id: number }>(
        sql`insert into sars (org_id, name, status, batch_id, queue_id, reviewer_id, created_at, bsa_id)
          values (1, ${`Filings list ${key}`}, ${status}, ${batchId}, ${queue}, ${reviewer}, ${created}, ${status === 'FINCEN_ACCEPTED' ? '31000000000001' : null}) returning id`,
      )
    ).id;
  };
  await sar('accepted', 'FINCEN_ACCEPTED', batch, null, manager, '2099-01-20T00:00:00Z');
  await sar('hidden', 'FINCEN_REJECTED', batch, hiddenQueue, null, '2099-01-21T00:00:00Z');
  await sar('olderRejected', 'FINCEN_REJECTED', older, null, null, '2098-12-20T00:00:00Z');
  await sar('draft', 'PREFILING_VALIDATION_PENDING', null, null, null, '2099-03-01T00:00:00Z');
  await sar('review', 'READY_FOR_REVIEW', null, null, manager, '2099-03-02T00:00:00Z');
  await sar('hiddenDraft', 'PREFILING_VALIDATION_PENDING', null, hiddenQueue, null, '2099-03-03T00:00:00Z');
  await sar('archived', 'ARCHIVED', null, null, null, '2099-03-04T00:00:00Z');
});
afterAll(() => t.close());

describe('SAR batches with their SARs', () => {
  it('answers each batch’s SARs and the SARs not yet in a batch only when asked', async () => {
    const plain = await grouped({ report_type: 'SAR', limit: 2 });
    expect(plain.batches.map((b) => b.id)).toEqual([batch, older]);
    expect(plain.batches[0].sars).toBeUndefined();
    expect(plain.unbatched).toBeUndefined();

    const res = await grouped({ report_type: 'SAR', limit: 2, include_filings: true });
    expect(res.batches.map((b) => b.id)).toEqual([batch, older]);
    expect(res.batches[0].sars?.[0]).toMatchObject({
      id: ids.accepted,
      name: 'Filings list accepted',
      status: 'FINCEN_ACCEPTED',
      queue: null,
      reviewer: { id: manager },
      bsa_id: '31000000000001',
      batch_id: batch,
      filed_at: null,
      created_at: '2099-01-20T00:00:00.000Z',
    });
    expect(sarIds(res.batches[1].sars)).toEqual([ids.olderRejected]);
    // newest first; archived SARs are not waiting for a batch
    expect(sarIds(res.unbatched).slice(0, 2)).toEqual([ids.review, ids.draft]);
    expect(sarIds(res.unbatched)).not.toContain(ids.archived);
    expect((res.unbatched ?? []).every((r) => r.batch_id === null)).toBe(true);
  });

  it('pages the batches; the SARs not yet in a batch come with the first page only', async () => {
    const second = await grouped({ report_type: 'SAR', limit: 1, offset: 1, include_filings: true });
    expect(second.batches.map((b) => b.id)).toEqual([older]);
    expect(second.unbatched).toBeUndefined();
    const all = await t.one<{ n: number }>(sql`select count(*)::int as n from filing_batches where org_id = 1 and report_type = 'SAR'`);
    expect(second.count).toBe(all.n);
  });

  it('leaves out SARs in a restricted queue the caller is not in, and shows them to its members', async () => {
    const res = await grouped({ report_type: 'SAR', limit: 1, include_filings: true });
    expect(sarIds(res.batches[0].sars)).toEqual([ids.accepted]);
    expect(sarIds(res.unbatched)).not.toContain(ids.hiddenDraft);
    const analyst = await t.one<{ id: number }>(sql`select id from agents where email = 'analyst@demo.test'`);
    await t.database.db.execute(sql`insert into queue_members (org_id, queue_id, agent_id) values (1, ${hiddenQueue}, ${analyst.id})`);
    try {
      const member = await grouped({ report_type: 'SAR', limit: 1, include_filings: true });
      expect(sarIds(member.batches[0].sars)).toEqual([ids.hidden, ids.accepted]);
      expect(sarIds(member.unbatched)).toContain(ids.hiddenDraft);
    } finally {
      await t.database.db.execute(sql`delete from queue_members where queue_id = ${hiddenQueue} and agent_id = ${analyst.id}`);
    }
  });

  it('narrows by status, reviewer and queue: a batch is listed when one of its SARs matches', async () => {
    const rejected = await grouped({ report_type: 'SAR', limit: 5, include_filings: true, filters: { statuses: ['FINCEN_REJECTED'] } });
    // the newer batch's rejected SAR is hidden from the analyst, so only the older batch matches
    expect(rejected.batches[0].id).toBe(older);
    expect(rejected.batches.every((b) => (b.sars ?? []).every((s) => s.status === 'FINCEN_REJECTED'))).toBe(true);
    expect(rejected.unbatched).toEqual([]);

    const byReviewer = await grouped({ report_type: 'SAR', limit: 5, include_filings: true, filters: { reviewer_id: manager } });
    expect(byReviewer.batches[0]).toMatchObject({ id: batch });
    expect(sarIds(byReviewer.batches[0].sars)).toEqual([ids.accepted]);
    expect(sarIds(byReviewer.unbatched)).toContain(ids.review);
    expect(sarIds(byReviewer.unbatched)).not.toContain(ids.draft);

    const drafts = await grouped({ report_type: 'SAR', include_filings: true, filters: { statuses: ['PREFILING_VALIDATION_PENDING', 'ARCHIVED'] } });
    expect(sarIds(drafts.unbatched)).toEqual(expect.arrayContaining([ids.draft, ids.archived]));
    expect(sarIds(drafts.unbatched)).not.toContain(ids.review);

    const queue = await grouped({ report_type: 'SAR', include_filings: true, filters: { queue_id: hiddenQueue } }, 'admin@demo.test');
    expect(queue.batches.map((b) => b.id)).toEqual([batch]);
    expect(sarIds(queue.batches[0].sars)).toEqual([ids.hidden]);
    expect(sarIds(queue.unbatched)).toEqual([ids.hiddenDraft]);
    // an id beyond the int4 range names nothing
    expect(await grouped({ report_type: 'SAR', include_filings: true, filters: { reviewer_id: 2147483647 } })).toMatchObject({ count: 0, batches: [] });
  });

  it('narrows batches and the SARs not yet in a batch by when they were created', async () => {
    const res = await grouped({
      report_type: 'SAR',
      limit: 5,
      include_filings: true,
      filters: { created_from: '2099-01-15T00:00:00Z', created_to: '2099-03-02T00:00:00Z' },
    });
    expect(res.batches.map((b) => b.id)).toEqual([batch]);
    expect(res.count).toBe(1);
    expect(sarIds(res.unbatched)).toEqual([ids.draft]);
  });

  it('answers nothing of another organisation', async () => {
    const res = await grouped(
      { report_type: 'SAR', limit: 100, include_filings: true, filters: { statuses: ['FINCEN_ACCEPTED', 'PREFILING_VALIDATION_PENDING', 'READY_FOR_REVIEW'] } },
      'admin@northwind.test',
    );
    expect(res.batches.map((b) => b.id)).not.toContain(batch);
    const mine = Object.values(ids);
    expect([...res.batches.flatMap((b) => sarIds(b.sars)), ...sarIds(res.unbatched)].filter((id) => mine.includes(id))).toEqual([]);
  });
});

describe('the answer with filings', () => {
  it('matches the contract, SARs and the SARs not yet in a batch included', async () => {
    const op = loadContract().operations.find((o) => o.operationId === 'listGroupedFilings')!;
    const res = await t.callAs('manager@demo.test', 'POST', '/api/filings/grouped', { report_type: 'SAR', limit: 3, include_filings: true });
    const body = res.json<Answer>();
    expect(body.batches[0].sars?.length).toBeGreaterThan(0);
    expect(body.unbatched?.length).toBeGreaterThan(0);
    expect(contractErrors(op, res.statusCode, body)).toEqual([]);
  });
});

describe('permissions by report type', () => {
  it('FINTRAC batches need read_fintrac_filings, SAR and CTR batches read_sars', async () => {
    await t.database.db.execute(sql`insert into agents (org_id, email, full_name) values (1, 'fintrac-only@demo.test', 'Fiona Fintrac')`);
    await t.database.db.execute(
      sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
        select 1, 'agent', a.id, p.id from agents a, permissions p where a.email = 'fintrac-only@demo.test' and p.name = 'read_fintrac_filings'`,
    );
    expect((await t.callAs('fintrac-only@demo.test', 'POST', '/api/filings/grouped', { report_type: 'FINTRAC' })).statusCode).toBe(200);
    expect((await t.callAs('fintrac-only@demo.test', 'POST', '/api/filings/grouped', { report_type: 'SAR' })).statusCode).toBe(403);
    expect((await t.callAs('fintrac-only@demo.test', 'POST', '/api/filings/grouped', { report_type: 'CTR' })).statusCode).toBe(403);
    expect((await t.callAs('analyst@demo.test', 'POST', '/api/filings/grouped', { report_type: 'CTR' })).statusCode).toBe(200);
  });
});
