import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CsvReader } from '../../server/domain/ingestion/csv.js';
import { processExecution } from '../../server/domain/ingestion/job.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * Flat files with bad bytes: a NUL byte or bytes that are not UTF-8 in a row are that row's error
 * (the rest of the file loads), binary or compressed uploads are refused before processing, and no
 * answer carries SQL, a stack trace or other rows' values, even when processing fails.
 */

let t: TestContext;
let token: string;
const BASE = '/api/database-connections/pull-based-datafiles';
const HEADER = 'txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id,memo';
const BINARY_REFUSED = 'This file looks binary or compressed. Upload a plain CSV text file.';
const INTERNAL_FAILURE =
  'Processing stopped because of an internal error. The rows counted as loaded are saved; run the file again, and report the file if it fails again.';

beforeAll(async () => {
  t = await createTestContext({ dataDir: mkdtempSync(join(tmpdir(), 'vigil-bad-bytes-')) });
  token = await t.signIn('manager@demo.test');
});
afterAll(() => t.close());

async function createFile(stream: string, objectType = 'transactions'): Promise<number> {
  const created = await t.call({ method: 'POST', url: BASE, token, payload: { file_name: `${stream}.csv`, stream, object_type: objectType } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

const put = (id: number, bytes: Buffer, type = 'text/csv') =>
  t.call({ method: 'PUT', url: `${BASE}/${id}/content`, token, payload: bytes, headers: { 'content-type': type } });

async function uploadAndProcess(stream: string, bytes: Buffer) {
  const id = await createFile(stream);
  const res = await put(id, bytes);
  expect(res.statusCode, res.body).toBe(202);
  const [e] = await t.all<{ id: number }>(sql`select id from flat_file_executions where file_id = ${id} order by id desc limit 1`);
  await processExecution(t.database.db, t.config.dataDir, 1, e.id);
  return id;
}

/** Every answer about the file, as the client reads them. */
async function answersAbout(id: number) {
  const file = await t.call({ method: 'GET', url: `${BASE}/${id}`, token });
  const list = await t.call({ method: 'GET', url: `${BASE}?limit=100`, token });
  const errors = await t.call({ method: 'GET', url: `${BASE}/${id}/errors`, token });
  expect([file.statusCode, list.statusCode, errors.statusCode]).toEqual([200, 200, 200]);
  const listed = list.json().files.find((f: { id: number }) => f.id === id);
  return { file: file.json(), listed, errors: errors.json(), text: JSON.stringify([file.json(), listed, errors.json()]) };
}

function expectNoInternals(text: string) {
  expect(text).not.toMatch(/insert|select|failed query|params:|\bat .*\.ts:\d+/i);
}

const line = (s: string) => Buffer.from(`${s}\n`, 'utf8');

describe('flat files with bad bytes', () => {
  it('a row with a NUL byte and a row that is not UTF-8 are those rows’ errors, and every other row loads', async () => {
    const bytes = Buffer.concat([
      line(HEADER),
      line('BB-1,2026-04-01T10:00:00Z,10,USD,P2P,bb_cust_1,bb_cust_2,first fine'),
      line('BB-2,2026-04-01T10:00:00Z,20,USD,P2P,bb_cust_1,bb_cust_2,nul\u0000here'),
      line('BB-3,2026-04-01T10:00:00Z,30,USD,P2P,bb_cust_1,bb_cust_2,café € fine'),
      Buffer.concat([Buffer.from('BB-4,2026-04-01T10:00:00Z,40,USD,P2P,bb_cust_1,bb_cust_2,latin1 caf'), Buffer.from([0xe9, 0xff]), Buffer.from('\n')]),
      line('BB-5,2026-04-01T10:00:00Z,50,USD,P2P,bb_cust_1,bb_cust_2,last fine'),
    ]);
    const id = await uploadAndProcess('bb_rows', bytes);
    const { file, errors, text } = await answersAbout(id);
    expect(file.status).toBe('finished');
    expect(file.latest_execution).toMatchObject({ success_count: 3, failure_count: 2, total_count: 5 });
    const loaded = await t.all<{ external_id: string; memo: string }>(
      sql`select external_id, formatted_data -> (select id::text from data_settings where org_id = 1 and key_path = 'transaction.memo') ->> 'formatted_value' as memo
        from transactions where org_id = 1 and external_id like 'BB-%' order by 1`,
    );
    expect(loaded).toEqual([
      { external_id: 'BB-1', memo: 'first fine' },
      { external_id: 'BB-3', memo: 'café € fine' },
      { external_id: 'BB-5', memo: 'last fine' },
    ]);

    const all = [...errors.errors.annotation_transformation_exceptions, ...errors.errors.unhandled_exceptions];
    expect(
      all.map((e: { row_number: number; annotation: string; columns: string[]; type: string }) => [e.row_number, e.type, e.annotation, e.columns]),
    ).toEqual([
      [3, 'unknown_error', 'Row 3 contains a NUL byte.', ['memo']],
      [5, 'unknown_error', 'Row 5 is not valid UTF-8 text.', ['memo']],
    ]);
    // each error shows its own row (bad bytes as U+FFFD), never another row's values
    const [nul, latin] = all;
    expect(nul.raw_data).toMatchObject({ txn_id: 'BB-2', memo: 'nul\ufffdhere' });
    expect(latin.raw_data).toMatchObject({ txn_id: 'BB-4', memo: 'latin1 caf\ufffd\ufffd' });
    expect(JSON.stringify(nul)).not.toMatch(/BB-[1345]/);
    expect(JSON.stringify(latin)).not.toMatch(/BB-[1235]/);
    expectNoInternals(text);
  });

  it('a header with a NUL byte fails the file with a clear message', async () => {
    const id = await uploadAndProcess('bb_header', Buffer.concat([line('txn_id,amo\u0000unt'), line('BB-9,9')]));
    const { file, errors, text } = await answersAbout(id);
    expect(file.status).toBe('failed');
    expect(errors.errors.unhandled_exceptions.map((e: { annotation: string }) => e.annotation)).toEqual(['The header row contains a NUL byte.']);
    expectNoInternals(text);
  });

  it('an unexpected database failure is answered with a generic message, never the SQL or the rows', async () => {
    // a real constraint the rows break: the batch's insert fails inside the database
    await t.database.db.execute(sql`alter table transactions add constraint bad_bytes_probe check (external_id <> 'BB-BOOM')`);
    try {
      const bytes = Buffer.concat([
        line(HEADER),
        line('BB-10,2026-04-02T10:00:00Z,10,USD,P2P,bb_cust_1,bb_cust_2,secret memo one'),
        line('BB-BOOM,2026-04-02T10:00:00Z,20,USD,P2P,bb_cust_1,bb_cust_2,secret memo two'),
      ]);
      const id = await uploadAndProcess('bb_boom', bytes);
      const { file, errors, text } = await answersAbout(id);
      expect(file.status).toBe('failed');
      expect(
        errors.errors.unhandled_exceptions.map((e: { annotation: string; row_number: number | null; raw_data: unknown; value: unknown }) => [
          e.annotation,
          e.row_number,
          e.raw_data,
          e.value,
        ]),
      ).toEqual([[INTERNAL_FAILURE, null, null, null]]);
      expectNoInternals(text);
      expect(text).not.toMatch(/BB-10|BB-BOOM|secret memo|bad_bytes_probe/);
    } finally {
      await t.database.db.execute(sql`alter table transactions drop constraint bad_bytes_probe`);
    }
  });
});

describe('binary or compressed uploads are refused before processing', () => {
  const csv = Buffer.from(`${HEADER}\nBB-20,2026-04-03T10:00:00Z,1,USD,P2P,bb_cust_1,bb_cust_2,x\n`);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from('\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0', 'latin1'),
  ]);
  const controls = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i % 3 === 0 ? 0x41 : i % 32)));
  const cases: [string, Buffer][] = [
    ['gzip', gzipSync(csv)],
    ['PNG', png],
    ['zip', Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), csv])],
    ['PDF', Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n')],
    ['mostly control bytes', controls],
  ];
  for (const [kind, bytes] of cases) {
    it(`a ${kind} upload answers 400 with the clear error, the file stays pending and takes the CSV after`, async () => {
      const id = await createFile(`bb_refused_${kind.replace(/\W/g, '_')}`);
      const refused = await put(id, bytes, 'application/octet-stream');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toEqual({ code: 'bad_request', message: BINARY_REFUSED, details: [] });
      const { file } = await answersAbout(id);
      expect(file).toMatchObject({ status: 'pending_upload', latest_execution: null });
      expect((await put(id, csv)).statusCode).toBe(202);
    });
  }
});

describe('the CSV reader and bytes that are not UTF-8', () => {
  const read = (chunks: Buffer[]) => {
    const reader = new CsvReader();
    const out = chunks.flatMap((c) => reader.push(c));
    return [...out, ...reader.end().records].map((r) => r.cells);
  };
  const text = Buffer.from('a,b\ncafé,€𝄞\nx,y\n', 'utf8');

  it('reads valid UTF-8 the same however the chunks split its characters', () => {
    const whole = read([text]);
    expect(whole).toEqual([
      ['a', 'b'],
      ['café', '€𝄞'],
      ['x', 'y'],
    ]);
    expect(read([...text].map((b) => Buffer.from([b])))).toEqual(whole);
  });

  it('marks each undecodable byte, including a sequence cut off at the end of the file, and nothing valid', () => {
    const cells = read([Buffer.from('a,b\n'), Buffer.from([0x63, 0xc3]), Buffer.from([0x28, 0x2c, 0xed, 0xa0, 0x80, 0x0a, 0x7a, 0x2c, 0xe2, 0x82])]);
    const bad = (s: string) => [...s].map((c) => (/[\ud800-\udfff]/.test(c) ? '?' : c)).join('');
    expect(cells.map((r) => r.map(bad))).toEqual([
      ['a', 'b'],
      ['c?(', '???'],
      ['z', '??'],
    ]);
  });
});
