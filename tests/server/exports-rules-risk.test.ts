import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPORT_JOB, exportJobHandlers } from '../../server/modules/exports/index.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { parseCsv } from '../support/csv.js';

// File exports of a rule's validation runs and of the risk ratings list, against the real server
// and database: the job runs here as the worker runs it, a page of two rows at a time, and the
// file is compared with what the list's own call answers.

let t: TestContext;
let dataDir: string;
const MANAGER = 'manager@demo.test';
const BARE = 'no-permissions-exports@demo.test';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-exports-rules-risk-'));
  t = await createTestContext({ dataDir });
  // an active Demo Bank agent with no permissions
  await t.database.db.execute(sql`insert into agents (org_id, email, full_name) values (1, ${BARE}, 'Nora Nopermission')`);
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function runJobs(): Promise<void> {
  const handler = exportJobHandlers({ pageRows: 2 })[EXPORT_JOB];
  for (;;) {
    const job = await claimJob(t.database.db, 'test-worker', [EXPORT_JOB], 60);
    if (!job) return;
    const result = await handler(job, { db: t.database.db, dataDir, workerId: 'test-worker' });
    await completeJob(t.database.db, job.id, 'test-worker', result);
  }
}

async function requestExport(as: string, list: 'rule-validations' | 'risk-ratings', body: unknown) {
  const res = await t.callAs(as, 'POST', `/api/file-exports/${list}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; status: string; export_type: string }>();
}

/** Runs the job and downloads the file; the export must be ready with every row written. */
async function generated(as: string, id: number, rows: number) {
  await runJobs();
  const listed = (await t.callAs(as, 'GET', '/api/file-exports?limit=100')).json().file_exports as Array<{
    id: number;
    status: string;
    file_name: string | null;
    progress: unknown;
  }>;
  const done = listed.find((e) => e.id === id);
  expect(done).toMatchObject({ status: 'READY_FOR_DOWNLOAD', progress: { rows_written: rows, rows_total: rows } });
  const res = await t.call({ method: 'GET', url: `/api/file-exports/${id}/download`, token: await t.signIn(as) });
  expect(res.statusCode).toBe(200);
  return { res, fileName: done!.file_name };
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

interface Run {
  id: number;
  status: string;
  window_start: string | null;
  window_end: string | null;
  evaluated_events: number;
  hits: number | null;
  alerts: number | null;
  entities: number | null;
  errors: number | null;
  error: string | null;
  created_by: { full_name: string } | null;
  created_at: string;
  finished_at: string | null;
}

describe("an export of a rule's validation runs", () => {
  let ruleId: number;
  let otherRuleId: number;

  beforeAll(async () => {
    const rules = await t.all<{ id: number }>(sql`select id from rules where org_id = 1 order by id limit 2`);
    [ruleId, otherRuleId] = rules.map((r) => r.id);
    const analyst = await t.one<{ id: number }>(sql`select id from agents where email = 'analyst@demo.test'`);
    // runs enough for several pages of two: a failed one whose error needs quoting, one by the system, one still queued
    await t.database.db.execute(sql`
      insert into rule_validations (org_id, rule_id, status, window_start, window_end, result, created_by_id, created_at, finished_at) values
        (1, ${ruleId}, 'FAILED', now() - interval '40 days', now() - interval '10 days', ${JSON.stringify({ evaluated_events: 12, error: 'Timed out, "retry" later' })}::jsonb, ${analyst.id}, now() - interval '3 days', now() - interval '3 days'),
        (1, ${ruleId}, 'SUCCESS', now() - interval '31 days', now() - interval '1 day', ${JSON.stringify({ evaluated_events: 900, hits: 7, alerts: 5, entities: 4, errors: 0 })}::jsonb, null, now() - interval '2 days', now() - interval '2 days'),
        (1, ${ruleId}, 'QUEUED', now() - interval '30 days', now(), null, ${analyst.id}, now() - interval '1 hour', null),
        (1, ${otherRuleId}, 'SUCCESS', now() - interval '30 days', now(), ${JSON.stringify({ evaluated_events: 5, hits: 1, alerts: 1, entities: 1, errors: 0 })}::jsonb, null, now(), now())`);
  });

  async function listedRuns(id: number) {
    const res = await t.callAs(MANAGER, 'GET', `/api/rules/${id}/validations`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ validations: Run[] }>().validations;
  }

  it('holds, as CSV, exactly the runs the Validation runs table lists, newest first, in every column', async () => {
    const listed = await listedRuns(ruleId);
    expect(listed.length).toBeGreaterThan(2); // several pages of two
    const requested = await requestExport(MANAGER, 'rule-validations', { format: 'CSV', filters: { rule_id: ruleId } });
    expect(requested).toMatchObject({ status: 'REQUESTED', export_type: 'RULE_VALIDATIONS_CSV' });
    const { res, fileName } = await generated(MANAGER, requested.id, listed.length);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(fileName).toBe(`rule_validations-${requested.id}.csv`);
    const [header, ...data] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'status',
      'window_start',
      'window_end',
      'evaluated_events',
      'hits',
      'alerts',
      'entities',
      'errors',
      'created_by',
      'created_at',
      'finished_at',
      'error',
    ]);
    expect(data).toEqual(
      listed.map((r) => [
        String(r.id),
        r.status,
        text(r.window_start),
        text(r.window_end),
        String(r.evaluated_events),
        text(r.hits),
        text(r.alerts),
        text(r.entities),
        text(r.errors),
        text(r.created_by?.full_name),
        r.created_at,
        text(r.finished_at),
        text(r.error),
      ]),
    );
    // the other rule's run is not in it, and the quoted error came through whole
    expect(data.some((row) => row[12] === 'Timed out, "retry" later')).toBe(true);
    expect(data.map((row) => Number(row[0]))).not.toContain((await listedRuns(otherRuleId))[0].id);
  });

  it('holds, as XLSX, the same runs in the chosen columns', async () => {
    const listed = await listedRuns(ruleId);
    const columns = ['id', 'status', 'hits', 'created_by'];
    const requested = await requestExport(MANAGER, 'rule-validations', { format: 'XLSX', columns, filters: { rule_id: ruleId } });
    expect(requested.export_type).toBe('RULE_VALIDATIONS');
    const { res, fileName } = await generated(MANAGER, requested.id, listed.length);
    expect(fileName).toBe(`rule_validations-${requested.id}.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    // an empty cell at the end of a row is not stored
    const trimmed = (cells: unknown[]) => {
      const out = [...cells];
      while (out.length && (out[out.length - 1] === null || out[out.length - 1] === undefined)) out.pop();
      return out.map((c) => (c === undefined ? null : c));
    };
    expect(rows[0]).toEqual(columns);
    expect(rows.slice(1).map(trimmed)).toEqual(listed.map((r) => trimmed([r.id, r.status, r.hits, r.created_by?.full_name ?? null])));
  });

  it('is refused without read_rules (403), and for a rule of another organisation (404)', async () => {
    const bare = await t.callAs(BARE, 'POST', '/api/file-exports/rule-validations', { format: 'CSV', filters: { rule_id: ruleId } });
    expect(bare.statusCode).toBe(403);
    const northwind = await t.callAs('admin@northwind.test', 'POST', '/api/file-exports/rule-validations', { format: 'CSV', filters: { rule_id: ruleId } });
    expect(northwind.statusCode).toBe(404);
    expect(northwind.json().error.code).toBe('not_found');
    const exports = await t.all<{ id: number }>(sql`select id from file_exports where org_id <> 1 and export_type like 'RULE_VALIDATIONS%'`);
    expect(exports).toEqual([]);
  });

  it('asks for a rule: a request without one is refused (400)', async () => {
    const res = await t.callAs(MANAGER, 'POST', '/api/file-exports/rule-validations', { format: 'CSV', filters: {} });
    expect(res.statusCode).toBe(400);
  });
});

interface Model {
  id: number;
  title: string;
  status: string;
  last_validation: { status: string; validated_at: string | null; distribution: { low: number; medium: number; high: number } | null } | null;
  low_risk_ceiling: number;
  high_risk_floor: number;
  entity_risk_segments: Array<{ title: string }>;
  created_by: { full_name: string } | null;
  created_at: string;
  updated_at: string;
  activated_at: string | null;
}

describe('an export of the risk ratings list', () => {
  beforeAll(async () => {
    // more models than a page of two, one archived and one whose title needs quoting
    await t.database.db.execute(sql`
      insert into risk_models (org_id, title, status, segments, updated_at, last_validation_status, last_validated_at, last_validation_result) values
        (1, 'Retail, "strict"', 'draft', '[]'::jsonb, now() - interval '5 days', 'success', now() - interval '5 days',
          '{"low": 60, "medium": 30, "high": 10, "total": 100, "excluded": 0}'::jsonb),
        (1, 'Old model', 'archived', '[]'::jsonb, now() - interval '50 days', null, null, null),
        (2, 'Northwind only', 'draft', '[]'::jsonb, now(), null, null, null)`);
  });

  async function listedModels(as = MANAGER) {
    const res = await t.callAs(as, 'GET', '/api/risk/risk-models');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ risk_models: Model[] }>().risk_models;
  }

  it('holds, as CSV, exactly the models the list shows, in its order, in every column', async () => {
    const listed = await listedModels();
    expect(listed.length).toBeGreaterThan(2); // several pages of two
    expect(listed.map((m) => m.title)).not.toContain('Northwind only');
    const requested = await requestExport(MANAGER, 'risk-ratings', { format: 'CSV' });
    expect(requested).toMatchObject({ status: 'REQUESTED', export_type: 'RISK_RATINGS_CSV' });
    const { res, fileName } = await generated(MANAGER, requested.id, listed.length);
    expect(fileName).toBe(`risk_ratings-${requested.id}.csv`);
    const [header, ...data] = parseCsv(res.body);
    expect(header).toEqual([
      'id',
      'title',
      'status',
      'last_validation_status',
      'last_validation_at',
      'low_risk_ceiling',
      'high_risk_floor',
      'segments',
      'rated_low',
      'rated_medium',
      'rated_high',
      'created_by',
      'created_at',
      'updated_at',
      'activated_at',
    ]);
    expect(data).toEqual(
      listed.map((m) => [
        String(m.id),
        m.title,
        m.status,
        text(m.last_validation?.status),
        text(m.last_validation?.validated_at),
        String(m.low_risk_ceiling),
        String(m.high_risk_floor),
        m.entity_risk_segments.map((s) => s.title).join('; '),
        text(m.last_validation?.distribution?.low),
        text(m.last_validation?.distribution?.medium),
        text(m.last_validation?.distribution?.high),
        text(m.created_by?.full_name),
        m.created_at,
        m.updated_at,
        text(m.activated_at),
      ]),
    );
    // the validated draft's ratings are in the file; the active model is first, as the list shows it
    expect(data.find((row) => row[1] === 'Retail, "strict"')?.slice(8, 11)).toEqual(['60', '30', '10']);
    expect(data[0][2]).toBe('active');
  });

  it('holds the chosen columns in their order', async () => {
    const listed = await listedModels();
    const columns = ['title', 'status', 'id'];
    const requested = await requestExport(MANAGER, 'risk-ratings', { format: 'CSV', columns, filters: {} });
    const { res } = await generated(MANAGER, requested.id, listed.length);
    expect(parseCsv(res.body)).toEqual([columns, ...listed.map((m) => [m.title, m.status, String(m.id)])]);
  });

  it('is CSV only: XLSX is refused (400)', async () => {
    const res = await t.callAs(MANAGER, 'POST', '/api/file-exports/risk-ratings', { format: 'XLSX' });
    expect(res.statusCode).toBe(400);
  });

  it("is refused without read_risk_ratings (403); another organisation's export holds its own models", async () => {
    expect((await t.callAs(BARE, 'POST', '/api/file-exports/risk-ratings', { format: 'CSV' })).statusCode).toBe(403);
    const northwind = await listedModels('admin@northwind.test');
    const requested = await requestExport('admin@northwind.test', 'risk-ratings', { format: 'CSV', columns: ['id', 'title'] });
    const { res } = await generated('admin@northwind.test', requested.id, northwind.length);
    const [, ...data] = parseCsv(res.body);
    expect(data).toEqual(northwind.map((m) => [String(m.id), m.title]));
    expect(data.map((r) => r[1])).toContain('Northwind only');
    // Demo Bank cannot download Northwind's file
    const res2 = await t.call({ method: 'GET', url: `/api/file-exports/${requested.id}/download`, token: await t.signIn('admin@demo.test') });
    expect(res2.statusCode).toBe(404);
  });

  it("an export stored under the seed's name RISK_RATING_CSV is listed as RISK_RATINGS_CSV and needs read_risk_ratings to download", async () => {
    const admin = await t.one<{ id: number }>(sql`select id from agents where email = 'admin@demo.test'`);
    const row = await t.one<{ id: number }>(
      sql`insert into file_exports (org_id, export_type, request_source, status, parameters, created_by_id, file_name, file_size, content, finished_at)
        values (1, 'RISK_RATING_CSV', 'CONSOLE', 'READY_FOR_DOWNLOAD', '{"format": "CSV"}'::jsonb, ${admin.id}, 'risk-ratings-seeded.csv', 5, 'id\n1\n', now()) returning id`,
    );
    const download = async (as: string) => (await t.call({ method: 'GET', url: `/api/file-exports/${row.id}/download`, token: await t.signIn(as) })).statusCode;
    const listed = (await t.callAs('admin@demo.test', 'GET', '/api/file-exports?limit=100')).json().file_exports as Array<{ id: number; export_type: string }>;
    expect(listed.find((e) => e.id === row.id)?.export_type).toBe('RISK_RATINGS_CSV');
    expect(await download('admin@demo.test')).toBe(200);
    // an agent who reaches every export of the organisation (system_exports) but may not read risk ratings
    const exporter = 'exports-only@demo.test';
    const agent = await t.one<{ id: number }>(sql`insert into agents (org_id, email, full_name) values (1, ${exporter}, 'Eve Exporter') returning id`);
    await t.database.db.execute(
      sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
        select 1, 'agent', ${agent.id}, p.id from permissions p where p.name = 'system_exports'`,
    );
    const seen = (await t.callAs(exporter, 'GET', '/api/file-exports?limit=100')).json().file_exports as Array<{ id: number }>;
    expect(seen.map((e) => e.id)).toContain(row.id);
    expect(await download(exporter)).toBe(404);
  });
});
