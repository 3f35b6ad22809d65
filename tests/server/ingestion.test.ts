import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processExecution } from '../../server/domain/ingestion/job.js';
import { isEncryptedField } from '../../server/domain/censorship/encryption.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/** Ingestion through the real API and the real processing job, on PGlite. */

let t: TestContext;
let token: string;
const BASE = '/api/database-connections/pull-based-datafiles';

beforeAll(async () => {
  t = await createTestContext({ dataDir: mkdtempSync(join(tmpdir(), 'vigil-ingest-')) });
  token = await t.signIn('manager@demo.test');
});
afterAll(() => t.close());

async function upload(csv: string, stream: string, objectType = 'transactions', extra: Record<string, unknown> = {}) {
  const created = await t.call({ method: 'POST', url: BASE, token, payload: { file_name: `${stream}.csv`, stream, object_type: objectType, ...extra } });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const put = await t.call({ method: 'PUT', url: `${BASE}/${id}/content`, token, payload: csv, headers: { 'content-type': 'text/csv' } });
  expect(put.statusCode, put.body).toBe(202);
  expect(put.json().status).toBe('queued');
  return id;
}

/** Runs the file's queued execution as the worker would. */
async function processLatest(fileId: number) {
  const [e] = await t.all<{ id: number }>(sql`select id from flat_file_executions where file_id = ${fileId} order by id desc limit 1`);
  await processExecution(t.database.db, t.config.dataDir, 1, e.id);
  const file = await t.call({ method: 'GET', url: `${BASE}/${fileId}`, token });
  return file.json();
}

async function allErrors(fileId: number) {
  const res = await t.call({ method: 'GET', url: `${BASE}/${fileId}/errors`, token });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const HEADER = 'txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id,memo';

describe('a good file', () => {
  it('loads every row, with quotes, commas and CRLF, and creates unknown parties as placeholders', async () => {
    const csv = [
      HEADER,
      'IG-1,2026-03-01T10:00:00Z,125.50,USD,P2P,ig_cust_1,ig_cust_2,"rent, March"',
      'IG-2,2026-03-01 09:30,7,EUR,WIRE,ig_cust_1,,"said ""hi"""',
      '',
    ].join('\r\n');
    const id = await upload(csv, 'ig_good', 'transactions', { time_zone: 'America/New_York' });
    const file = await processLatest(id);
    expect(file.status).toBe('finished');
    expect(file.latest_execution).toMatchObject({ success_count: 2, failure_count: 0, total_count: 2 });
    const rows = await t.all<{ external_id: string; amount: number; event_time: Date; sender: string; memo: string }>(
      sql`select t.external_id, t.amount::float8 as amount, t.event_time, e.external_id as sender,
          t.formatted_data -> (select id::text from data_settings where org_id = 1 and key_path = 'transaction.memo') ->> 'formatted_value' as memo
        from transactions t left join entities e on e.id = t.sender_entity_id where t.org_id = 1 and t.external_id in ('IG-1', 'IG-2') order by 1`,
    );
    expect(rows.map((r) => [r.external_id, r.amount, new Date(r.event_time).toISOString(), r.sender, r.memo])).toEqual([
      ['IG-1', 125.5, '2026-03-01T10:00:00.000Z', 'ig_cust_1', 'rent, March'],
      // a wall-clock time is read in the file's time zone (New York, UTC-5 in March before DST)
      ['IG-2', 7, '2026-03-01T14:30:00.000Z', 'ig_cust_1', 'said "hi"'],
    ]);
    const [memo] = await t.all<{ recent_values: string[] }>(sql`select recent_values from data_settings where org_id = 1 and key_path = 'transaction.memo'`);
    expect(memo.recent_values.slice(0, 2)).toEqual(['said "hi"', 'rent, March']);
    const columns = await t.call({ method: 'GET', url: `${BASE}/${id}/columns`, token });
    expect(columns.json().columns).toEqual(HEADER.split(','));
  });
});

describe('bad and mixed files', () => {
  it('records every error type per row, loads the good rows only, and a dry run writes nothing', async () => {
    const csv = [
      HEADER,
      'IG-10,2026-03-02T10:00:00Z,10,USD,P2P,ig_cust_1,ig_cust_2,fine',
      ',2026-03-02T10:00:00Z,10,USD,P2P,ig_cust_1,ig_cust_2,no id', // conditional required
      'IG-12,2026-03-02T10:00:00Z,12;50O,USD,P2P,ig_cust_1,ig_cust_2,bad amount', // transformation
      'IG-13,2026-03-02T10:00:00Z,13,usd,P2P,ig_cust_1,ig_cust_2,lower-case currency', // mapping (enum is case-sensitive)
      'IG-14,2026-03-02T10:00:00Z,14,USD,P2P,ig_cust_1,ig_cust_2,memo,extra', // excessive
      'IG-15,2026-03-02T10:00:00Z,15,USD,P2P,,,nobody', // directionality
      'IG-16,2026-03-02T10:00:00Z,16,USD', // unknown (short row)
      'IG-17,2026-03-02T10:00:00Z,17,USD,P2P,ig_cust_3,ig_cust_2,fine',
    ].join('\n');
    const dry = await upload(csv, 'ig_mixed', 'transactions', { dry_run: true });
    const dryFile = await processLatest(dry);
    expect(dryFile).toMatchObject({
      status: 'finished',
      is_dry_run: true,
      latest_execution: { success_count: 2, failure_count: 6, total_count: 8, is_dry_run: true },
    });
    expect(await t.all(sql`select 1 from transactions where org_id = 1 and external_id in ('IG-10', 'IG-17')`)).toHaveLength(0);

    const errors = await allErrors(dry);
    // the first error of each type (the short row 8 also misses its required transaction type)
    const byType: Record<string, Record<string, unknown>> = {};
    for (const e of [...errors.errors.annotation_transformation_exceptions, ...errors.errors.unhandled_exceptions]) byType[e.type] ??= e;
    expect(Object.keys(byType).sort()).toEqual([
      'conditional_required_field_error',
      'directionality_error',
      'excessive_object_error',
      'mapping_error',
      'transformation_error',
      'unknown_error',
    ]);
    expect(byType.conditional_required_field_error).toMatchObject({ row_number: 3, columns: ['txn_id'] });
    expect(byType.conditional_required_field_error.annotation).toBe('external_id is required but was empty, likely due to conditions evaluating to false.');
    expect(byType.transformation_error).toMatchObject({
      row_number: 4,
      value: '12;50O',
      columns: ['amount'],
      annotation: "Could not convert '12;50O' to a number.",
    });
    expect(byType.mapping_error).toMatchObject({ row_number: 5, value: 'usd', annotation: "No mapping for value 'usd' of currency." });
    expect(byType.excessive_object_error).toMatchObject({ row_number: 6 });
    expect(byType.directionality_error).toMatchObject({ row_number: 7 });
    expect(byType.unknown_error).toMatchObject({ row_number: 8 });
    expect(errors.errors.unhandled_exceptions).toHaveLength(1);
    expect(byType.transformation_error.raw_data).toMatchObject({ txn_id: 'IG-12', amount: '12;50O' });

    // the same bytes for real: the good rows land
    const run = await t.call({ method: 'POST', url: `${BASE}/${dry}/run`, token, payload: { dry_run: false } });
    expect(run.statusCode, run.body).toBe(202);
    const real = await processLatest(dry);
    expect(real.latest_execution).toMatchObject({ success_count: 2, failure_count: 6, is_dry_run: false });
    expect(await t.all(sql`select 1 from transactions where org_id = 1 and external_id in ('IG-10', 'IG-17')`)).toHaveLength(2);
    const [placeholder] = await t.all<{ name_readable: string }>(sql`select name_readable from entities where org_id = 1 and external_id = 'ig_cust_3'`);
    expect(placeholder.name_readable).toBe('ig_cust_3');
  });

  it('a saved mapping fixes a column the names did not map, and values of encrypted settings are stored encrypted', async () => {
    const csv = ['reference,when,value,kind,from,account_no', 'IG-30,2026-03-03T08:00:00Z,30,ACH,ig_cust_1,ACCT-778899'].join('\n');
    const id = await upload(csv, 'ig_mapped');
    const before = await processLatest(id);
    // reference, when and value are not known names: the required fields are missing
    expect(before.latest_execution.failure_count).toBe(1);
    const settings = await t.all<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'transaction.beneficiary_account'`);
    const save = await t.call({
      method: 'PUT',
      url: '/api/database-connections/streams/ig_mapped/mappings/transactions',
      token,
      payload: {
        columns: [
          { column: 'reference', target: 'native', native_field: 'external_id' },
          { column: 'when', target: 'native', native_field: 'event_time' },
          { column: 'value', target: 'native', native_field: 'amount' },
          { column: 'kind', target: 'native', native_field: 'internal_txn_type' },
          { column: 'from', target: 'native', native_field: 'sender_entity' },
          { column: 'account_no', target: 'data_setting', data_setting_id: settings[0].id },
        ],
      },
    });
    expect(save.statusCode, save.body).toBe(200);
    expect(save.json()).toMatchObject({ saved: true, stream: 'ig_mapped' });
    await t.call({ method: 'POST', url: `${BASE}/${id}/run`, token, payload: { dry_run: false } });
    const after = await processLatest(id);
    expect(after.latest_execution).toMatchObject({ success_count: 1, failure_count: 0 });
    const [row] = await t.all<{ value: string }>(
      sql`select formatted_data -> ${String(settings[0].id)} ->> 'formatted_value' as value from transactions where org_id = 1 and external_id = 'IG-30'`,
    );
    expect(isEncryptedField(row.value)).toBe(true);
    expect(row.value).not.toContain('778899');
  });
});

describe('idempotency', () => {
  it('running a file again duplicates nothing and keeps counts equal to the rows', async () => {
    const lines = [HEADER];
    for (let i = 0; i < 120; i++) lines.push(`IG-R${i},2026-03-04T00:00:${String(i % 60).padStart(2, '0')}Z,${i + 1},USD,CARD,ig_cust_1,ig_cust_2,r${i}`);
    const id = await upload(lines.join('\n'), 'ig_rerun');
    await processLatest(id);
    await t.call({ method: 'POST', url: `${BASE}/${id}/run`, token, payload: { dry_run: false } });
    const again = await processLatest(id);
    expect(again.latest_execution).toMatchObject({ success_count: 120, total_count: 120 });
    const [count] = await t.all<{ n: number }>(sql`select count(*)::int as n from transactions where org_id = 1 and external_id like 'IG-R%'`);
    expect(count.n).toBe(120);
  });

  it('a run refuses while the file is queued, and a deleted file takes its errors with it', async () => {
    const id = await upload(`${HEADER}\nIG-D1,2026-03-05T00:00:00Z,1,USD,CARD,ig_cust_1,,x\n`, 'ig_delete');
    const busy = await t.call({ method: 'POST', url: `${BASE}/${id}/run`, token, payload: { dry_run: true } });
    expect(busy.statusCode).toBe(409);
    const gone = await t.call({ method: 'DELETE', url: `${BASE}/${id}`, token });
    expect(gone.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${BASE}/${id}`, token })).statusCode).toBe(404);
  });
});

describe('risk scoring of loaded customers', () => {
  it('queues the entities a file writes for scoring under the active risk model, with the batch; a dry run queues nothing', async () => {
    const csv = ['customer_id,name', 'ig_risk_1,Risk One', 'ig_risk_2,Risk Two', ''].join('\n');
    const queued = async () =>
      (
        await t.all<{ ids: number[] }>(sql`select array(select jsonb_array_elements_text(payload->'entity_ids')::int) as ids
        from jobs where org_id = 1 and kind = 'risk.score_entities'`)
      ).flatMap((j) => j.ids);
    const dry = await upload(csv, 'ig_risk_dry', 'entities', { dry_run: true });
    expect((await processLatest(dry)).status).toBe('finished');
    const before = await queued();
    const id = await upload(csv, 'ig_risk', 'entities');
    expect((await processLatest(id)).status).toBe('finished');
    const written = await t.all<{ id: number }>(sql`select id from entities where org_id = 1 and external_id in ('ig_risk_1', 'ig_risk_2') order by id`);
    expect(written).toHaveLength(2);
    const after = await queued();
    expect(after.length - before.length).toBe(2);
    expect(after.slice(before.length).sort((a, b) => a - b)).toEqual(written.map((w) => w.id));
  });
});
