import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpiredExports, EXPORT_JOB, exportJobHandlers, type GenerateOptions } from '../../server/modules/exports/index.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { parseCsv } from '../support/csv.js';

// File exports against the real server and database: the job is run here as the worker runs it
// (claimed from the queue), so a test can stop it midway as a killed worker would.

let t: TestContext;
let dataDir: string;
/** rows the job reads per page of the list: small, so the seeded lists take several pages */
const PAGE = 10;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-exports-'));
  t = await createTestContext({ dataDir });
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs every due export job once; a job whose run throws is left running (as a killed worker leaves it). */
async function runJobs(options: GenerateOptions = {}, leaseSeconds = 60): Promise<void> {
  const handler = exportJobHandlers({ pageRows: PAGE, ...options })[EXPORT_JOB];
  for (;;) {
    const job = await claimJob(t.database.db, 'test-worker', [EXPORT_JOB], leaseSeconds);
    if (!job) return;
    const result = await handler(job, { db: t.database.db, dataDir, workerId: 'test-worker' });
    await completeJob(t.database.db, job.id, 'test-worker', result);
  }
}

async function listedAlerts(as: string, filters: Record<string, unknown>) {
  const all: Array<{ id: number; title: string; status: string }> = [];
  for (let offset = 0; ; offset += 200) {
    const res = await t.callAs(as, 'POST', '/api/alerts/list', { ...filters, limit: 200, offset });
    expect(res.statusCode).toBe(200);
    const page = res.json().alerts;
    all.push(...page);
    if (page.length < 200) return all;
  }
}

async function requestExport(as: string, list: 'alerts' | 'cases' | 'transactions' | 'action-events' | 'rules' | 'sar-filings', body: unknown) {
  const res = await t.callAs(as, 'POST', `/api/file-exports/${list}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; status: string; export_type: string }>();
}

async function exportOf(as: string, id: number) {
  const res = await t.callAs(as, 'GET', '/api/file-exports?limit=100');
  return (
    res.json().file_exports as Array<{ id: number; status: string; file_size: number | null; progress: { rows_written: number; rows_total: number } | null }>
  ).find((e) => e.id === id);
}

async function download(as: string, id: number) {
  return t.call({ method: 'GET', url: `/api/file-exports/${id}/download`, token: await t.signIn(as) });
}

/** Every alert that is work (several pages of the list), by title. */
const OPEN_BY_TITLE = { sort_column: 'title', sort_direction: 'ascending' };

describe('an export of the alert list', () => {
  it('holds, as CSV, exactly the rows of the filtered list in its order, with the chosen columns', async () => {
    const listed = await listedAlerts('manager@demo.test', OPEN_BY_TITLE);
    expect(listed.length).toBeGreaterThan(2 * PAGE); // several pages
    const requested = await requestExport('manager@demo.test', 'alerts', { format: 'CSV', columns: ['id', 'title', 'status'], filters: OPEN_BY_TITLE });
    expect(requested).toMatchObject({ status: 'REQUESTED', export_type: 'ALERTS_CSV' });
    await runJobs();
    const done = await exportOf('manager@demo.test', requested.id);
    expect(done).toMatchObject({ status: 'READY_FOR_DOWNLOAD', progress: { rows_written: listed.length, rows_total: listed.length } });
    const res = await download('manager@demo.test', requested.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(done!.file_size).toBe(res.rawPayload.length);
    const [header, ...data] = parseCsv(res.body);
    expect(header).toEqual(['id', 'title', 'status']);
    expect(data).toEqual(listed.map((a) => [String(a.id), a.title, a.status]));
  });

  it('holds, as XLSX, the same rows, on further sheets past the sheet size', async () => {
    const filters = { statuses: ['OPEN', 'CLOSED'], sort_column: 'id', sort_direction: 'ascending' };
    const listed = await listedAlerts('manager@demo.test', filters);
    const requested = await requestExport('manager@demo.test', 'alerts', { format: 'XLSX', columns: ['id', 'status'], filters });
    await runJobs({ sheetRows: 10 });
    const res = await download('manager@demo.test', requested.id);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(listed.length).toBeGreaterThan(10);
    expect(workbook.worksheets.length).toBe(Math.ceil(listed.length / 10));
    const rows: unknown[][] = [];
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row, n) => {
        const values = (row.values as unknown[]).slice(1);
        if (n === 1) expect(values).toEqual(['id', 'status']);
        else rows.push(values);
      });
    }
    expect(rows).toEqual(listed.map((a) => [a.id, a.status]));
  });

  it('tells the requester it is ready, and audits the request and the download', async () => {
    const requested = await requestExport('analyst@demo.test', 'alerts', { format: 'CSV', filters: { statuses: ['CLOSED'] } });
    await runJobs();
    expect((await download('analyst@demo.test', requested.id)).statusCode).toBe(200);
    const notes = await t.all<{ entity_type: string; agent: string }>(
      sql`select n.entity_type, a.email as agent from notifications n join agents a on a.id = n.agent_id where n.entity_id = ${requested.id} and n.entity_type = 'FILE_EXPORT'`,
    );
    expect(notes).toEqual([{ entity_type: 'FILE_EXPORT', agent: 'analyst@demo.test' }]);
    const audited = await t.all<{ action: string }>(
      sql`select action from audit_log where object_type = 'FILE_EXPORT' and object_id = ${String(requested.id)} order by id`,
    );
    expect(audited.map((a) => a.action)).toEqual(['file_export.requested', 'file_export.downloaded']);
  });
});

describe('an export of the case list', () => {
  it('holds exactly the rows of the filtered case list in its order', async () => {
    const filters = { sort_column: 'created_at', sort_direction: 'ascending' };
    const listed: Array<{ id: number; status: string; alert_count: number }> = [];
    for (let offset = 0; ; offset += 200) {
      const page = (await t.callAs('manager@demo.test', 'POST', '/api/cases/list', { ...filters, limit: 200, offset })).json().cases;
      listed.push(...page);
      if (page.length < 200) break;
    }
    expect(listed.length).toBeGreaterThan(4); // several pages of 2
    const requested = await requestExport('manager@demo.test', 'cases', { format: 'CSV', columns: ['id', 'status', 'alert_count'], filters });
    expect(requested.export_type).toBe('CASES_CSV');
    await runJobs({ pageRows: 2 });
    const res = await download('manager@demo.test', requested.id);
    expect(res.statusCode).toBe(200);
    const [header, ...data] = parseCsv(res.body);
    expect(header).toEqual(['id', 'status', 'alert_count']);
    expect(data).toEqual(listed.map((c) => [String(c.id), c.status, String(c.alert_count)]));
  });
});

describe('an export of the action event list', () => {
  it('holds exactly the rows of the filtered action event list in its order, its data fields as the list shows them', async () => {
    const filters = { sort_direction: 'ascending' };
    const listed: Array<{
      id: number;
      external_id: string;
      action_type: string;
      entity: { external_id: string } | null;
      formatted_data: Record<string, { formatted_value: string | null }>;
    }> = [];
    for (let offset = 0; ; offset += 100) {
      const res = await t.callAs('manager@demo.test', 'POST', '/api/action-events/list', { ...filters, limit: 100, offset });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json().action_events;
      listed.push(...page);
      if (page.length < 100) break;
    }
    expect(listed.length).toBeGreaterThan(4); // several pages of 2
    const field = Object.keys(listed.find((e) => Object.keys(e.formatted_data).length)?.formatted_data ?? {})[0];
    expect(field).toBeDefined();
    const columns = ['id', 'external_id', 'action_type', 'entity', `ds:${field}`];
    const requested = await requestExport('manager@demo.test', 'action-events', { format: 'CSV', columns, filters });
    expect(requested.export_type).toBe('EVENTS_CSV');
    await runJobs({ pageRows: 2 });
    const res = await download('manager@demo.test', requested.id);
    expect(res.statusCode).toBe(200);
    const [header, ...data] = parseCsv(res.body);
    expect(header.slice(0, 4)).toEqual(['id', 'external_id', 'action_type', 'entity']);
    expect(header).toHaveLength(5);
    expect(data).toEqual(
      listed.map((e) => [String(e.id), e.external_id, e.action_type, e.entity?.external_id ?? '', e.formatted_data[field]?.formatted_value ?? '']),
    );
  });
});

describe('an export of the rule list', () => {
  async function listedRules(query: string) {
    const res = await t.callAs('manager@demo.test', 'GET', `/api/rules?limit=500${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rules: Array<{ id: number; title: string; status: string; queue: { title: string } | null; alerts_30d: number }> }>().rules;
  }

  it('holds exactly the rows of the filtered rule list in its order', async () => {
    const every = await listedRules('');
    expect(every.length).toBeGreaterThan(4); // several pages of 2
    // a filter that keeps some rules and drops others
    const status = every[0].status;
    const listed = await listedRules(`&status=${status}`);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(every.length);
    const columns = ['id', 'title', 'status', 'queue', 'alerts_30d'];
    for (const [filters, expected] of [
      [{}, every],
      [{ status: [status] }, listed],
    ] as const) {
      const requested = await requestExport('manager@demo.test', 'rules', { format: 'CSV', columns, filters });
      expect(requested.export_type).toBe('RULES_CSV');
      await runJobs({ pageRows: 2 });
      const res = await download('manager@demo.test', requested.id);
      expect(res.statusCode).toBe(200);
      const [header, ...data] = parseCsv(res.body);
      expect(header).toEqual(columns);
      expect(data).toEqual(expected.map((r) => [String(r.id), r.title, r.status, r.queue?.title ?? '', String(r.alerts_30d)]));
    }
  });
});

describe('an export of the SAR filings list', () => {
  type SarRow = { id: number; name: string; status: string; batch_id: number | null };
  /** The SARs the Filings list shows, page after page of ten batches, as the console reads them. */
  async function listedSars(filters: Record<string, unknown>) {
    const listed: SarRow[] = [];
    let batches = 0;
    for (let offset = 0; ; offset += 10) {
      const res = await t.callAs('manager@demo.test', 'POST', '/api/filings/grouped', {
        report_type: 'SAR',
        include_filings: true,
        limit: 10,
        offset,
        filters,
      });
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ count: number; batches: Array<{ sars?: SarRow[] }>; unbatched?: SarRow[] }>();
      listed.push(...(page.unbatched ?? []), ...page.batches.flatMap((b) => b.sars ?? []));
      batches += page.batches.length;
      if (page.batches.length === 0 || batches >= page.count) return { listed, batches };
    }
  }

  it('holds exactly the SARs of the filtered list in its order, unbatched first, then batch by batch', async () => {
    const every = await listedSars({});
    expect(every.batches).toBeGreaterThan(2); // several pages of 2 batches
    expect(every.listed.some((r) => r.batch_id === null)).toBe(true);
    const status = every.listed.find((r) => r.batch_id !== null)!.status;
    const some = await listedSars({ statuses: [status] });
    expect(some.listed.length).toBeGreaterThan(0);
    expect(some.listed.length).toBeLessThan(every.listed.length);
    const columns = ['id', 'name', 'status', 'batch_id'];
    for (const [filters, expected] of [
      [{}, every.listed],
      [{ statuses: [status] }, some.listed],
    ] as const) {
      const requested = await requestExport('manager@demo.test', 'sar-filings', { format: 'CSV', columns, filters });
      expect(requested.export_type).toBe('SAR_FILINGS_CSV');
      await runJobs({ pageRows: 2 });
      const done = await exportOf('manager@demo.test', requested.id);
      expect(done?.progress).toEqual({ rows_written: expected.length, rows_total: expected.length });
      const res = await download('manager@demo.test', requested.id);
      expect(res.statusCode).toBe(200);
      const [header, ...data] = parseCsv(res.body);
      expect(header).toEqual(columns);
      expect(data).toEqual(expected.map((r) => [String(r.id), r.name, r.status, r.batch_id === null ? '' : String(r.batch_id)]));
    }
  });
});

describe('who sees an export', () => {
  it("an agent lists and downloads only their own; system_exports reaches the organisation's", async () => {
    const managers = await requestExport('manager@demo.test', 'alerts', { format: 'CSV', filters: { statuses: ['OPEN'] } });
    await runJobs();
    expect(await exportOf('analyst@demo.test', managers.id)).toBeUndefined();
    expect((await download('analyst@demo.test', managers.id)).statusCode).toBe(404);
    expect((await t.callAs('analyst@demo.test', 'POST', `/api/file-exports/${managers.id}/cancel`)).statusCode).toBe(404);
    expect(await exportOf('admin@demo.test', managers.id)).toMatchObject({ status: 'READY_FOR_DOWNLOAD' });
    expect((await download('admin@demo.test', managers.id)).statusCode).toBe(200);
    expect((await download('admin@northwind.test', managers.id)).statusCode).toBe(404);
  });
});

describe('censorship', () => {
  it('an agent without access to a censored field gets the mask the list shows them; an agent with access the value', async () => {
    const secret = 'SECRET-EXPORT-MEMO-4242';
    const manager = await t.one<{ id: number }>(sql`select id from agents where email = 'manager@demo.test'`);
    const memo = await t.one<{ id: number; label: string }>(
      sql`select id, user_facing_label as label from data_settings where org_id = 1 and key_path = 'transaction.memo'`,
    );
    await t.database.db.execute(
      sql`update data_settings set censorship_setting = 'CENSORED', agent_ids_with_censorship_read_permission = ${sql.param([manager.id])}::int[],
        team_ids_with_censorship_read_permission = '{}'::int[] where id = ${memo.id}`,
    );
    const txn = await t.one<{ id: number; event_time: Date }>(sql`select id, event_time from transactions where org_id = 1 order by id limit 1`);
    await t.database.db.execute(
      sql`update transactions set formatted_data = formatted_data || jsonb_build_object(${String(memo.id)}::text, jsonb_build_object('formatted_value', ${secret}::text)) where id = ${txn.id}`,
    );
    const from = new Date(txn.event_time);
    const filters = { start_date: from.toISOString(), end_date: new Date(from.getTime() + 1).toISOString() };
    const listed = await t.callAs('analyst@demo.test', 'POST', '/api/txn-events/list', { ...filters, limit: 100 });
    const shownToAnalyst = (listed.json().txn_events as Array<{ id: number; formatted_data: Record<string, { formatted_value: unknown }> }>).find(
      (e) => e.id === txn.id,
    )!.formatted_data[String(memo.id)].formatted_value;
    expect(shownToAnalyst).not.toBe(secret);

    const cells: Record<string, string> = {};
    for (const as of ['analyst@demo.test', 'manager@demo.test']) {
      // the analyst names the field as the list's column does (ds:{id}); the manager asks for every exported field
      const columns = as === 'analyst@demo.test' ? ['id', `ds:${memo.id}`] : ['id', 'data_fields'];
      const requested = await requestExport(as, 'transactions', { format: 'CSV', columns, filters });
      await runJobs();
      const res = await download(as, requested.id);
      expect(res.statusCode).toBe(200);
      const [header, ...data] = parseCsv(res.body);
      if (as === 'analyst@demo.test') expect(header).toEqual(['id', memo.label]);
      const row = data.find((r) => r[0] === String(txn.id))!;
      cells[as] = row[header.indexOf(memo.label)];
      if (as === 'analyst@demo.test') expect(res.body).not.toContain(secret);
    }
    expect(cells['analyst@demo.test']).toBe(String(shownToAnalyst));
    expect(cells['manager@demo.test']).toBe(secret);
  });
});

describe('the life of an export', () => {
  it('cancel stops it: no file, and a finished export cannot be canceled', async () => {
    const requested = await requestExport('analyst@demo.test', 'alerts', { format: 'CSV', filters: OPEN_BY_TITLE });
    // canceled while the job writes its first page
    await runJobs({
      afterPage: async (written) => {
        if (written === PAGE) expect((await t.callAs('analyst@demo.test', 'POST', `/api/file-exports/${requested.id}/cancel`)).statusCode).toBe(200);
      },
    });
    expect(await exportOf('analyst@demo.test', requested.id)).toMatchObject({ status: 'CANCELED', file_size: null });
    expect(readdirSync(join(dataDir, 'exports', '1')).filter((f) => f.startsWith(`${requested.id}.`))).toEqual([]);
    expect((await download('analyst@demo.test', requested.id)).statusCode).toBe(409);
    expect((await t.callAs('analyst@demo.test', 'POST', `/api/file-exports/${requested.id}/cancel`)).statusCode).toBe(409);
  });

  it('a run killed midway leaves the export GENERATING without a ready file; the retry starts over and finishes whole', async () => {
    const listed = await listedAlerts('analyst@demo.test', OPEN_BY_TITLE);
    const requested = await requestExport('analyst@demo.test', 'alerts', { format: 'CSV', columns: ['id'], filters: OPEN_BY_TITLE });
    const killed = new Error('worker killed');
    await expect(
      runJobs({
        afterPage: (written) => {
          if (written >= PAGE) throw killed;
        },
      }),
    ).rejects.toBe(killed);
    expect(await exportOf('analyst@demo.test', requested.id)).toMatchObject({ status: 'GENERATING', progress: { rows_written: PAGE } });
    expect((await download('analyst@demo.test', requested.id)).statusCode).toBe(409);
    const folder = join(dataDir, 'exports', '1');
    expect(existsSync(join(folder, `${requested.id}.csv`))).toBe(false);
    expect(existsSync(join(folder, `${requested.id}.csv.part`))).toBe(true);
    // the lease runs out: another worker claims the job and starts over
    await runJobs({}, 0);
    expect(await exportOf('analyst@demo.test', requested.id)).toMatchObject({ status: 'READY_FOR_DOWNLOAD' });
    expect(existsSync(join(folder, `${requested.id}.csv.part`))).toBe(false);
    const [, ...data] = parseCsv((await download('analyst@demo.test', requested.id)).body);
    expect(data.map((r) => Number(r[0]))).toEqual(listed.map((a) => a.id));
  });

  it('files are deleted after the retention period, newer ones kept', async () => {
    const old = await requestExport('analyst@demo.test', 'alerts', { format: 'CSV', filters: { statuses: ['CLOSED'] } });
    const recent = await requestExport('analyst@demo.test', 'alerts', { format: 'CSV', filters: { statuses: ['CLOSED'] } });
    await runJobs();
    await t.database.db.execute(sql`update file_exports set finished_at = now() - interval '8 days' where id = ${old.id}`);
    const folder = join(dataDir, 'exports', '1');
    writeFileSync(join(folder, 'unrelated.txt'), 'kept');
    await deleteExpiredExports(t.database.db, dataDir, 7);
    expect(existsSync(join(folder, `${old.id}.csv`))).toBe(false);
    expect(await exportOf('analyst@demo.test', old.id)).toBeUndefined();
    expect((await download('analyst@demo.test', old.id)).statusCode).toBe(404);
    expect(existsSync(join(folder, `${recent.id}.csv`))).toBe(true);
    expect((await download('analyst@demo.test', recent.id)).statusCode).toBe(200);
  });
});
