import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRowCursor } from '../../server/db/cursor.js';
import { isEmbedded } from '../../server/db/client.js';
import { EXPORT_JOB, exportJobHandlers, type GenerateOptions } from '../../server/modules/exports/index.js';
import { isoTime } from '../../server/modules/exports/sources/transactions.js';
import { iso } from '../../server/db/sql.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { parseCsv } from '../support/csv.js';
import { createTestContext, type TestContext } from './helpers/app.js';

// The transaction export reads the list's rows from a cursor (a server-side cursor on PostgreSQL,
// keyset batches on PGlite). Each sort order of the list is exported with batches of a few rows,
// so that batch boundaries fall between rows of equal amounts, equal and empty risk scores, and
// the file is compared cell by cell with what the list answers for the same filters.

let t: TestContext;
let dataDir: string;
const BATCH = 7;
const AS = 'manager@demo.test';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-txn-exports-'));
  t = await createTestContext({ dataDir });
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function runJobs(options: GenerateOptions = {}, leaseSeconds = 60): Promise<void> {
  const handler = exportJobHandlers({ pageRows: BATCH, ...options })[EXPORT_JOB];
  for (;;) {
    const job = await claimJob(t.database.db, 'test-worker', [EXPORT_JOB], leaseSeconds);
    if (!job) return;
    const result = await handler(job, { db: t.database.db, dataDir, workerId: 'test-worker' });
    await completeJob(t.database.db, job.id, 'test-worker', result);
  }
}

interface Listed {
  id: number;
  external_id: string;
  event_time: string;
  amount: number;
  currency: string;
  status: string;
  internal_txn_type: string;
  risk_score: number | null;
  sender_entity_external_id: string | null;
  receiver_entity_external_id: string | null;
  tags: Array<{ title: string }>;
}

async function listed(filters: Record<string, unknown>): Promise<Listed[]> {
  const all: Listed[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await t.callAs(AS, 'POST', '/api/txn-events/list', { ...filters, limit: 100, offset });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().txn_events as Listed[];
    all.push(...page);
    if (page.length < 100) return all;
  }
}

const COLUMNS = [
  'id',
  'external_id',
  'event_time',
  'amount',
  'currency',
  'status',
  'internal_txn_type',
  'risk_score',
  'sender_entity_external_id',
  'receiver_entity_external_id',
  'tags',
] as const;

const cell = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

async function exported(filters: Record<string, unknown>): Promise<{ header: string[]; rows: string[][]; progress: unknown }> {
  const res = await t.callAs(AS, 'POST', '/api/file-exports/transactions', { format: 'CSV', columns: [...COLUMNS], filters });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: number }>().id;
  await runJobs();
  const item = (await t.callAs(AS, 'GET', '/api/file-exports?limit=100')).json().file_exports.find((e: { id: number }) => e.id === id);
  expect(item.status).toBe('READY_FOR_DOWNLOAD');
  const file = await t.call({ method: 'GET', url: `/api/file-exports/${id}/download`, token: await t.signIn(AS) });
  expect(file.statusCode).toBe(200);
  const [header, ...rows] = parseCsv(file.body);
  return { header, rows, progress: item.progress };
}

describe('an export of the transaction list', () => {
  let window: Record<string, string>;

  beforeAll(async () => {
    // a window of a few hundred transactions, some of them given equal amounts and equal or no risk scores, some tagged
    const bounds = await t.all<{ event_time: string }>(
      sql`select event_time::text as event_time from transactions where org_id = 1 order by event_time desc, id desc offset 260 limit 1`,
    );
    window = { start_date: new Date(bounds[0].event_time).toISOString() };
    await t.database.db.execute(sql`update transactions set amount = 777.77 where org_id = 1 and id in
      (select id from transactions where org_id = 1 and event_time >= ${window.start_date}::timestamptz order by id limit 20)`);
    await t.database.db.execute(sql`update transactions set risk_score = 42.5 where org_id = 1 and id in
      (select id from transactions where org_id = 1 and event_time >= ${window.start_date}::timestamptz order by id desc limit 20)`);
    await t.database.db.execute(sql`update transactions set risk_score = null where org_id = 1 and id in
      (select id from transactions where org_id = 1 and event_time >= ${window.start_date}::timestamptz order by id desc offset 20 limit 30)`);
    const tags = await t.all<{ id: number }>(sql`select id from tags where org_id = 1 order by id limit 2`);
    for (const tag of tags) {
      await t.database.db.execute(sql`insert into object_tags (org_id, object_type, object_id, tag_id)
        select 1, 'TRANSACTION', id, ${tag.id} from transactions where org_id = 1 and event_time >= ${window.start_date}::timestamptz
        order by amount, id limit 15 on conflict do nothing`);
    }
  });

  const orders = [
    {},
    { sort_column: 'event_time', sort_direction: 'ascending' },
    { sort_column: 'amount', sort_direction: 'descending' },
    { sort_column: 'amount', sort_direction: 'ascending' },
    { sort_column: 'risk_score', sort_direction: 'descending' },
    { sort_column: 'risk_score', sort_direction: 'ascending' },
  ];

  it.each(orders)('in the order %o holds every row of the list, cell for cell', async (order) => {
    const filters = { ...window, ...order };
    const expected = await listed(filters);
    expect(expected.length).toBeGreaterThan(200);
    const { header, rows, progress } = await exported(filters);
    expect(header).toEqual([...COLUMNS]);
    expect(rows.map((r) => Number(r[0]))).toEqual(expected.map((e) => e.id));
    const want = expected.map((e) => COLUMNS.map((c) => (c === 'tags' ? e.tags.map((tag) => tag.title).join('; ') : cell(e[c]))));
    expect(rows).toEqual(want);
    expect(progress).toEqual({ rows_written: expected.length, rows_total: expected.length });
  });

  it('as XLSX holds the same rows, numbers as numbers, its data fields of their kinds, on further sheets past the sheet size', async () => {
    // one data field given a number, a boolean and a text that needs quoting in CSV
    const [setting] = await t.all<{ id: number; label: string }>(
      sql`select id, user_facing_label as label from data_settings where org_id = 1 and data_classifier = 'EVENT' and exported
        and censorship_setting = 'ALWAYS_VISIBLE' and native_field is null order by id limit 1`,
    );
    const values = [12.5, true, 'a,"b"\nc'];
    for (const [n, value] of values.entries()) {
      await t.database.db
        .execute(sql`update transactions set formatted_data = coalesce(formatted_data, '{}'::jsonb) || jsonb_build_object(${String(setting.id)}::text, ${JSON.stringify(value)}::jsonb)
        where org_id = 1 and id in (select id from transactions where org_id = 1 and event_time >= ${window.start_date}::timestamptz order by id offset ${n * 10} limit 10)`);
    }
    const fields = await t.all<{ id: number; label: string }>(
      sql`select id, user_facing_label as label from data_settings where org_id = 1 and data_classifier = 'EVENT' and exported order by id`,
    );
    const expected = (await listed(window)) as Array<Listed & { formatted_data: Record<string, { formatted_value: unknown }> }>;
    const res = await t.callAs(AS, 'POST', '/api/file-exports/transactions', { format: 'XLSX', columns: [...COLUMNS, 'data_fields'], filters: window });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    await runJobs({ sheetRows: 100 });
    const file = await t.call({ method: 'GET', url: `/api/file-exports/${id}/download`, token: await t.signIn(AS) });
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.length).toBe(Math.ceil(expected.length / 100));
    const width = COLUMNS.length + fields.length;
    // an empty cell is read back as nothing
    const read = (v: unknown) => (v === undefined || v === '' ? null : v);
    const rows: unknown[][] = [];
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row, n) => {
        const cells = Array.from({ length: width }, (_, i) => read((row.values as unknown[])[i + 1]));
        if (n === 1) expect(cells).toEqual([...COLUMNS, ...fields.map((f) => f.label)]);
        else rows.push(cells);
      });
    }
    const want = expected.map((e) => [
      ...COLUMNS.map((c) => read(c === 'tags' ? e.tags.map((tag) => tag.title).join('; ') : e[c])),
      ...fields.map((f) => read(e.formatted_data?.[String(f.id)]?.formatted_value ?? null)),
    ]);
    expect(rows).toEqual(want);
    // the field's values kept their kinds
    const at = COLUMNS.length + fields.findIndex((f) => f.id === setting.id);
    expect(
      new Set(
        rows
          .map((r) => r[at])
          .filter((v) => v !== null)
          .map((v) => typeof v),
      ),
    ).toEqual(new Set(['number', 'boolean', 'string']));
    expect(rows.some((r) => r[at] === 'a,"b"\nc')).toBe(true);
  });

  it('with a filter that matches nothing writes the header alone', async () => {
    const { header, rows } = await exported({ ...window, minimum_amount: 999_999_999 });
    expect(header).toEqual([...COLUMNS]);
    expect(rows).toEqual([]);
  });
});

describe('the life of a transaction export', () => {
  const exportsOf = async (id: number) =>
    (await t.callAs(AS, 'GET', '/api/file-exports?limit=100')).json().file_exports.find((e: { id: number }) => e.id === id) as {
      status: string;
      file_size: number | null;
      progress: { rows_written: number; rows_total: number } | null;
    };
  const request = async (columns: string[] = ['id'], format: 'CSV' | 'XLSX' = 'CSV') => {
    const res = await t.callAs(AS, 'POST', '/api/file-exports/transactions', { format, columns, filters: {} });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };

  // every column: the file comes in several chunks, so the cancel lands midway; on PostgreSQL the
  // XLSX is written in a thread of its own from the database's CSV
  it.each(['CSV', 'XLSX'] as const)('as %s, canceled while it is written, it stops and leaves no file', async (format) => {
    const id = await request([], format);
    let canceledAt = 0;
    await runJobs({
      afterPage: async (written) => {
        if (canceledAt === 0) {
          canceledAt = written;
          expect((await t.callAs(AS, 'POST', `/api/file-exports/${id}/cancel`)).statusCode).toBe(200);
        }
      },
    });
    expect(canceledAt).toBeGreaterThan(0);
    const after = await exportsOf(id);
    expect(after).toMatchObject({ status: 'CANCELED', file_size: null });
    expect(after.progress!.rows_written).toBeLessThan(after.progress!.rows_total);
    expect(readdirSync(join(dataDir, 'exports', '1')).filter((f) => f.startsWith(`${id}.`))).toEqual([]);
  });

  it('killed while it is written, it is left GENERATING without a ready file; the retry writes every row once', async () => {
    const expected = (await t.all<{ id: number }>(sql`select id from transactions where org_id = 1 order by event_time desc, id desc`)).map((r) => r.id);
    const id = await request([]);
    const killed = new Error('worker killed');
    await expect(
      runJobs({
        afterPage: () => {
          throw killed;
        },
      }),
    ).rejects.toBe(killed);
    const left = await exportsOf(id);
    expect(left.status).toBe('GENERATING');
    expect(left.progress!.rows_written).toBeLessThan(expected.length);
    const folder = join(dataDir, 'exports', '1');
    expect(existsSync(join(folder, `${id}.csv`))).toBe(false);
    // the lease runs out: another worker claims the job and starts over
    await runJobs({}, 0);
    expect(await exportsOf(id)).toMatchObject({ status: 'READY_FOR_DOWNLOAD', progress: { rows_written: expected.length, rows_total: expected.length } });
    expect(existsSync(join(folder, `${id}.csv.part`))).toBe(false);
    const file = await t.call({ method: 'GET', url: `/api/file-exports/${id}/download`, token: await t.signIn(AS) });
    const [header, ...rows] = parseCsv(file.body);
    expect(header[0]).toBe('id');
    expect(rows.map((r) => Number(r[0]))).toEqual(expected);
  });
});

describe('the row cursor', () => {
  const series = (after: { n: number } | null) => sql`select n from generate_series(1, 23) n${after ? sql` where n > ${after.n}` : sql``} order by n`;

  it('reads every row a batch at a time, then nothing', async () => {
    const cursor = openRowCursor<{ n: number }>(t.database.db, { query: series, batch: 5 });
    const sizes: number[] = [];
    const seen: number[] = [];
    for (;;) {
      const batch = await cursor.next();
      if (!batch.length) break;
      sizes.push(batch.length);
      seen.push(...batch.map((r) => Number(r.n)));
    }
    await cursor.close();
    expect(sizes).toEqual([5, 5, 5, 5, 3]);
    expect(seen).toEqual(Array.from({ length: 23 }, (_, i) => i + 1));
    expect(await cursor.next()).toEqual([]);
  });

  it('closed midway, it leaves no transaction open, and a failing query is an error', async () => {
    const cursor = openRowCursor<{ n: number }>(t.database.db, { query: series, batch: 5 });
    expect((await cursor.next()).length).toBe(5);
    await cursor.close();
    if (!isEmbedded(t.database.db)) {
      const open = await t.one<{ count: number }>(
        sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(open.count).toBe(0);
    }
    const broken = openRowCursor<{ n: number }>(t.database.db, { query: () => sql`select n from no_such_table order by n`, batch: 5 });
    await expect(broken.next()).rejects.toThrow(/no_such_table/);
    await broken.close();
    expect((await t.one<{ one: number }>(sql`select 1 as one`)).one).toBe(1);
  });
});

describe('the event time of an exported row', () => {
  it.each(['2026-10-31 23:59:59+00', '2026-10-31 23:59:59.5+00', '2026-01-02 03:04:05.123456+00', '2026-01-02 03:04:05.999+02', '2026-01-02T03:04:05Z'])(
    '%s reads as the list shows it',
    (text) => {
      expect(isoTime(text)).toBe(iso(text));
      expect(isoTime(new Date(iso(text)))).toBe(iso(text));
    },
  );
});
