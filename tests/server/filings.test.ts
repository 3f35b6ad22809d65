import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeCtrs } from '../../server/domain/filings/ctr.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { FINCEN_SCHEMAS, xmllintErrors } from './helpers/xmllint.js';

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
  it('answers 201 with the FinCEN CTR batch of the CTRs due in the batch’s business days', async () => {
    const ctr = await batchId('CTR', 'READY');
    const res = await call('analyst@demo.test', 'GET', `/api/filings/batch/${ctr}/download`);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="CtrBatch${ctr}.xml"`);
    expect(String(res.headers['content-type'])).toMatch(/^application\/xml/);
    expect(xmllintErrors(res.body, FINCEN_SCHEMAS.CTRX)).toEqual([]);
    // the batch's earliest to latest activity, as business days of the organisation's zone
    const days = await t.one<{ from: string; to: string; zone: string }>(
      sql`select to_char((b.earliest at time zone s.timezone)::date, 'YYYY-MM-DD') as "from",
        to_char((b.latest at time zone s.timezone)::date, 'YYYY-MM-DD') as "to", s.timezone as zone
        from filing_batches b join organisation_settings s on s.org_id = b.org_id where b.id = ${ctr}`,
    );
    const expected = await computeCtrs(t.database.db, 1, { from: days.from, to: days.to }, days.zone);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.body.match(/<Activity /g)?.length).toBe(expected.length);
    expect(res.body).toContain(`ActivityCount="${expected.length}"`);
    const reported = [...res.body.matchAll(/<TransactionDateText>(\d{8})<\/TransactionDateText>/g)].map((m) => m[1]);
    expect(reported).toEqual(expected.map((f) => f.businessDay.replace(/-/g, '')));
    // the filer profile's institution files it
    expect(res.body).toContain('<RawPartyFullName>Demo Bank, N.A.</RawPartyFullName>');
  });

  it('answers 409 while the organisation has no filer profile, and 404 when the business days hold no CTR', async () => {
    const ctr = await batchId('CTR', 'READY');
    const saved = await t.one<{ profile: unknown }>(sql`select profile from filing_settings where org_id = 1`);
    await t.database.db.execute(sql`update filing_settings set profile = null where org_id = 1`);
    try {
      const res = await call('analyst@demo.test', 'GET', `/api/filings/batch/${ctr}/download`);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'conflict', message: expect.stringMatching(/filer profile/) });
    } finally {
      await t.database.db.execute(sql`update filing_settings set profile = ${JSON.stringify(saved.profile)}::jsonb where org_id = 1`);
    }
    // a generated batch of a day without cash over the threshold (long before the demo's data)
    const empty = await t.one<{ id: number }>(
      sql`insert into filing_batches (org_id, report_type, status, total_count, earliest, latest)
        values (1, 'CTR', 'READY', 0, '2001-03-05T15:00:00Z', '2001-03-06T15:00:00Z') returning id`,
    );
    const none = await call('analyst@demo.test', 'GET', `/api/filings/batch/${empty.id}/download`);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toMatch(/No CTR/);
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

describe('a customer’s CTR data', () => {
  const body = {
    last_or_legal_name: null,
    first_name: 'Ada',
    middle_name: null,
    tin: '123-45-6789',
    tin_type: 'SSN_ITIN',
    date_of_birth: '1980-04-02',
    address: { street: '12 Elm Street', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' },
    occupation: 'Restaurant owner',
    identification: { type: 'Passport', number: 'P7654321', issuer_state: null, issuer_country: 'US' },
  };
  const entityOf = async (org: number) => (await t.one<{ id: number }>(sql`select id from entities where org_id = ${org} order by id desc limit 1`)).id;

  it('reads nothing saved, saves the values and reads them back, audited by field name', async () => {
    const id = await entityOf(1);
    const blank = await call('analyst@demo.test', 'GET', `/api/entities/${id}/ctr-data`);
    expect(blank.statusCode).toBe(200);
    expect(blank.json()).toEqual({
      entity_id: id,
      data: Object.fromEntries(Object.keys(body).map((k) => [k, null])),
      updated_by: null,
      updated_at: null,
    });
    const saved = await call('analyst@demo.test', 'PUT', `/api/entities/${id}/ctr-data`, body);
    expect(saved.statusCode).toBe(200);
    const analyst = await t.one<{ id: number; full_name: string }>(sql`select id, full_name from agents where email = 'analyst@demo.test'`);
    expect(saved.json()).toMatchObject({ entity_id: id, data: body, updated_by: analyst });
    expect((await call('analyst@demo.test', 'GET', `/api/entities/${id}/ctr-data`)).json()).toEqual(saved.json());
    const entry = await t.one<{ details: { after: { changed: string[] } } }>(
      sql`select details from audit_log where org_id = 1 and action = 'filings.ctr_entity_data_updated' and object_id = ${id} order by id desc limit 1`,
    );
    expect(entry.details.after.changed.sort()).toEqual(['address', 'date_of_birth', 'first_name', 'identification', 'occupation', 'tin', 'tin_type']);
    // the values are not in the audit log
    expect(JSON.stringify(entry.details)).not.toContain('6789');
  });

  it('says field by field what is wrong', async () => {
    const id = await entityOf(1);
    const res = await call('analyst@demo.test', 'PUT', `/api/entities/${id}/ctr-data`, {
      ...body,
      tin: '12345',
      first_name: '  ',
      date_of_birth: '2999-01-01',
      address: { ...body.address, state: 'nj' },
      identification: { ...body.identification, issuer_country: 'us' },
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body/address/state', 'body/date_of_birth', 'body/first_name', 'body/identification/issuer_country', 'body/tin']);
    const typeless = await call('analyst@demo.test', 'PUT', `/api/entities/${id}/ctr-data`, { ...body, tin_type: null });
    expect(typeless.statusCode).toBe(400);
    expect(typeless.json().error.details).toEqual([{ path: 'body/tin_type', message: 'is needed with a TIN' }]);
  });

  it('answers 404 for an entity of another organisation', async () => {
    const id = await entityOf(2);
    expect((await call('analyst@demo.test', 'GET', `/api/entities/${id}/ctr-data`)).statusCode).toBe(404);
    expect((await call('analyst@demo.test', 'PUT', `/api/entities/${id}/ctr-data`, body)).statusCode).toBe(404);
    expect((await t.all(sql`select 1 from ctr_entity_data where entity_id = ${id}`)).length).toBe(0);
  });
});
