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

// Exports of the entities and instruments of alerts (the alert's Entities and Instruments tabs)
// against the real server and database: each file is compared with what the tab's list call
// answers the same agent for the same alerts.

let t: TestContext;
let dataDir: string;
/** rows the job reads per page: small, so the lists take several pages */
const PAGE = 2;

interface ListedEntity {
  id: number;
  external_id: string;
  name_readable: string;
  entity_type: string;
  status: string | null;
  risk_score: number | null;
  created_at: string;
  blocked: boolean;
  geolocations: Array<{ geolocation_string: string }>;
  tags: Array<{ title: string }>;
  formatted_data: Record<string, { formatted_value: string | number | boolean | null }>;
}

interface ListedInstrument {
  id: number;
  external_id: string;
  instrument_type: string;
  status: string;
  entity_id: number | null;
  created_at: string;
  formatted_data: Record<string, { formatted_value: string | number | boolean | null }>;
}

/** Open-queue alerts of Demo Bank flagging the most entities (or instruments). */
let entityAlerts: number[];
let instrumentAlerts: number[];
let restrictedAlert: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vigil-exports-entities-'));
  t = await createTestContext({ dataDir });
  const busiest = async (table: 'alert_entities' | 'alert_instruments') =>
    (
      await t.all<{ alert_id: number }>(
        sql`select l.alert_id from ${sql.raw(table)} l join alerts a on a.id = l.alert_id and a.org_id = l.org_id
          left join queues q on q.id = a.queue_id where l.org_id = 1 and coalesce(q.access_type, 'open') = 'open'
          group by l.alert_id order by count(*) desc, l.alert_id limit 12`,
      )
    ).map((r) => r.alert_id);
  entityAlerts = await busiest('alert_entities');
  instrumentAlerts = await busiest('alert_instruments');
  const queue = await t.one<{ id: number }>(sql`select id from queues where org_id = 1 and access_type = 'restricted' order by id limit 1`);
  restrictedAlert = (
    await t.one<{ id: number }>(
      sql`insert into alerts (org_id, title, alert_type, queue_id) values (1, 'Restricted export alert', 'MANUAL', ${queue.id}) returning id`,
    )
  ).id;
  const entity = await t.one<{ id: number }>(sql`select entity_id as id from alert_entities where alert_id = ${entityAlerts[0]} limit 1`);
  const instrument = await t.one<{ id: number }>(sql`select instrument_id as id from alert_instruments where alert_id = ${instrumentAlerts[0]} limit 1`);
  await t.database.db.execute(sql`insert into alert_entities (org_id, alert_id, entity_id) values (1, ${restrictedAlert}, ${entity.id})`);
  await t.database.db.execute(sql`insert into alert_instruments (org_id, alert_id, instrument_id) values (1, ${restrictedAlert}, ${instrument.id})`);
});

afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A Demo Bank agent holding exactly the given permissions. */
async function agentWith(email: string, permissions: string[]): Promise<string> {
  const { id } = await t.one<{ id: number }>(sql`insert into agents (org_id, email, full_name) values (1, ${email}, 'Export Tester') returning id`);
  for (const name of permissions) {
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select 1, 'agent', ${id}, id from permissions where name = ${name}`);
  }
  return email;
}

/** Runs every due export job once, as the worker runs it. */
async function runJobs(pageRows = PAGE): Promise<void> {
  const handler = exportJobHandlers({ pageRows })[EXPORT_JOB];
  for (;;) {
    const job = await claimJob(t.database.db, 'test-worker', [EXPORT_JOB], 60);
    if (!job) return;
    const result = await handler(job, { db: t.database.db, dataDir, workerId: 'test-worker' });
    await completeJob(t.database.db, job.id, 'test-worker', result);
  }
}

/** Every row the tab's list call answers for these alerts, page after page. */
async function listed<T>(as: string, kind: 'entities' | 'instruments', alertIds: number[]): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += 100) {
    const res = await t.callAs(as, 'POST', `/api/${kind}/cached/list`, { alert_ids: alertIds, limit: 100, offset });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json()[kind] as T[];
    all.push(...page);
    if (page.length < 100) return all;
  }
}

async function requestExport(as: string, kind: 'entities' | 'instruments', body: unknown) {
  const res = await t.callAs(as, 'POST', `/api/file-exports/${kind}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; status: string; export_type: string }>();
}

async function download(as: string, id: number) {
  return t.call({ method: 'GET', url: `/api/file-exports/${id}/download`, token: await t.signIn(as) });
}

const text = (v: string | number | boolean | null | undefined) => (v === null || v === undefined ? '' : String(v));

describe('an export of the entities of alerts', () => {
  it('holds, as CSV, exactly the entities the list answers for the alerts, in its order, with the chosen columns', async () => {
    const entities = await listed<ListedEntity>('analyst@demo.test', 'entities', entityAlerts);
    expect(entities.length).toBeGreaterThan(2 * PAGE); // several pages
    const columns = ['id', 'external_id', 'name', 'entity_type', 'status', 'risk_score', 'created_at', 'blocked', 'locations', 'tags'];
    const requested = await requestExport('analyst@demo.test', 'entities', { format: 'CSV', columns, filters: { alert_ids: entityAlerts } });
    expect(requested).toMatchObject({ status: 'REQUESTED', export_type: 'ENTITIES_CSV' });
    await runJobs();
    const res = await download('analyst@demo.test', requested.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="entities-${requested.id}.csv"`);
    const [header, ...data] = parseCsv(res.body);
    expect(header).toEqual(columns);
    expect(data).toEqual(
      entities.map((e) => [
        String(e.id),
        e.external_id,
        e.name_readable,
        e.entity_type,
        text(e.status),
        text(e.risk_score),
        e.created_at,
        String(e.blocked),
        e.geolocations.map((g) => g.geolocation_string).join('; '),
        e.tags.map((g) => g.title).join('; '),
      ]),
    );
    const [progress] = await t.all<{ parameters: { progress: { rows_written: number; rows_total: number } } }>(
      sql`select parameters from file_exports where id = ${requested.id}`,
    );
    expect(progress.parameters.progress).toEqual({ rows_written: entities.length, rows_total: entities.length });
  });

  it('holds, as XLSX, the same rows; no columns asked for means every column', async () => {
    const entities = await listed<ListedEntity>('manager@demo.test', 'entities', entityAlerts.slice(0, 2));
    const requested = await requestExport('manager@demo.test', 'entities', { format: 'XLSX', filters: { alert_ids: entityAlerts.slice(0, 2) } });
    expect(requested.export_type).toBe('ENTITIES');
    await runJobs();
    const res = await download('manager@demo.test', requested.id);
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const [header, ...data] = rows;
    expect(header).toEqual([
      'id',
      'external_id',
      'name',
      'entity_type',
      'status',
      'internal_status',
      'risk_score',
      'created_at',
      'registered_at',
      'last_seen',
      'blocked',
      'locations',
      'tags',
    ]);
    expect(data.map((r) => [r[0], r[1], r[2]])).toEqual(entities.map((e) => [e.id, e.external_id, e.name_readable]));
  });
});

describe('an export of the instruments of alerts', () => {
  it('holds, as CSV, exactly the instruments the list answers for the alerts, in its order, with their owners', async () => {
    const instruments = await listed<ListedInstrument>('analyst@demo.test', 'instruments', instrumentAlerts);
    expect(instruments.length).toBeGreaterThan(PAGE);
    const owners = new Map(
      (await t.all<{ id: number; external_id: string }>(sql`select id, external_id from entities where org_id = 1`)).map((e) => [e.id, e.external_id]),
    );
    const columns = ['id', 'external_id', 'instrument_type', 'status', 'owner_entity_id', 'owner_entity_external_id', 'created_at'];
    const requested = await requestExport('analyst@demo.test', 'instruments', { format: 'CSV', columns, filters: { alert_ids: instrumentAlerts } });
    expect(requested.export_type).toBe('INSTRUMENTS_CSV');
    await runJobs();
    const res = await download('analyst@demo.test', requested.id);
    expect(res.statusCode).toBe(200);
    const [header, ...data] = parseCsv(res.body);
    expect(header).toEqual(columns);
    expect(instruments.some((i) => i.entity_id !== null)).toBe(true);
    expect(data).toEqual(
      instruments.map((i) => [
        String(i.id),
        i.external_id,
        i.instrument_type,
        i.status,
        text(i.entity_id),
        i.entity_id === null ? '' : owners.get(i.entity_id)!,
        i.created_at,
      ]),
    );
  });

  it('holds, as XLSX, the same rows', async () => {
    const instruments = await listed<ListedInstrument>('analyst@demo.test', 'instruments', instrumentAlerts);
    const requested = await requestExport('analyst@demo.test', 'instruments', {
      format: 'XLSX',
      columns: ['external_id', 'id', 'status'],
      filters: { alert_ids: instrumentAlerts },
    });
    expect(requested.export_type).toBe('INSTRUMENTS');
    await runJobs();
    const res = await download('analyst@demo.test', requested.id);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows).toEqual([['external_id', 'id', 'status'], ...instruments.map((i) => [i.external_id, i.id, i.status])]);
  });
});

describe('who may export the entities and instruments of alerts', () => {
  it('needs the list read permission (403 without it); the file is downloaded only with it', async () => {
    const alertsOnly = await agentWith('alerts-only-export@demo.test', ['read_alerts', 'read_transaction_instruments']);
    const entitiesBody = { format: 'CSV', filters: { alert_ids: entityAlerts } };
    const refused = await t.callAs(alertsOnly, 'POST', '/api/file-exports/entities', entitiesBody);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('forbidden');
    expect((await t.callAs(alertsOnly, 'POST', '/api/file-exports/instruments', { format: 'CSV', filters: { alert_ids: instrumentAlerts } })).statusCode).toBe(
      201,
    );
    const noInstruments = await agentWith('entities-only-export@demo.test', ['read_alerts', 'read_entities']);
    expect(
      (await t.callAs(noInstruments, 'POST', '/api/file-exports/instruments', { format: 'CSV', filters: { alert_ids: instrumentAlerts } })).statusCode,
    ).toBe(403);
    expect((await t.callAs(noInstruments, 'POST', '/api/file-exports/entities', entitiesBody)).statusCode).toBe(201);
  });

  it('answers 404 at request time for an alert of a restricted queue the caller is not in, as the list does, and queues nothing', async () => {
    const before = await t.one<{ n: number }>(sql`select count(*)::int as n from file_exports`);
    for (const kind of ['entities', 'instruments'] as const) {
      const alertIds = [...(kind === 'entities' ? entityAlerts : instrumentAlerts), restrictedAlert];
      expect((await t.callAs('analyst@demo.test', 'POST', `/api/${kind}/cached/list`, { alert_ids: alertIds })).statusCode).toBe(404);
      const res = await t.callAs('analyst@demo.test', 'POST', `/api/file-exports/${kind}`, { format: 'CSV', filters: { alert_ids: alertIds } });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from file_exports`)).n).toBe(before.n);
    // a member of the queue exports the restricted alert's entity with the rest
    const listedForMember = await listed<ListedEntity>('manager@demo.test', 'entities', [restrictedAlert]);
    expect(listedForMember).toHaveLength(1);
    const requested = await requestExport('manager@demo.test', 'entities', { format: 'CSV', columns: ['id'], filters: { alert_ids: [restrictedAlert] } });
    await runJobs();
    expect(parseCsv((await download('manager@demo.test', requested.id)).body)).toEqual([['id'], [String(listedForMember[0].id)]]);
  });

  it("answers 404 for another organisation's alert and for an alert that does not exist", async () => {
    const northwind = await t.one<{ id: number }>(sql`select alert_id as id from alert_entities where org_id = 2 order by alert_id limit 1`);
    const missing = await t.one<{ id: number }>(sql`select coalesce(max(id), 0) + 1000 as id from alerts`);
    for (const alertIds of [[northwind.id], [entityAlerts[0], missing.id]]) {
      for (const kind of ['entities', 'instruments'] as const) {
        const res = await t.callAs('analyst@demo.test', 'POST', `/api/file-exports/${kind}`, { format: 'XLSX', filters: { alert_ids: alertIds } });
        expect(res.statusCode).toBe(404);
      }
    }
    // Northwind's admin, holding every permission there, cannot export Demo Bank's alerts
    const res = await t.callAs('admin@northwind.test', 'POST', '/api/file-exports/entities', { format: 'CSV', filters: { alert_ids: entityAlerts } });
    expect(res.statusCode).toBe(404);
  });

  it('asks for the alerts (400 without alert_ids, with an unknown column or over 100 alerts)', async () => {
    for (const body of [
      { format: 'CSV' },
      { format: 'CSV', filters: {} },
      { format: 'CSV', filters: { alert_ids: [] } },
      { format: 'CSV', columns: ['password'], filters: { alert_ids: entityAlerts } },
      { format: 'CSV', filters: { alert_ids: Array.from({ length: 101 }, (_, i) => i + 1) } },
    ]) {
      expect((await t.callAs('analyst@demo.test', 'POST', '/api/file-exports/entities', body)).statusCode).toBe(400);
    }
  });
});

describe('censorship', () => {
  it('a censored data field is exported as the list shows it to the caller: masked for the analyst, the value for an agent with access', async () => {
    const secret = 'SECRET-ENTITY-EXPORT-777';
    const manager = await t.one<{ id: number }>(sql`select id from agents where email = 'manager@demo.test'`);
    const setting = await t.one<{ id: number; label: string }>(
      sql`select id, user_facing_label as label from data_settings where org_id = 1 and key_path = 'entity.ssn_last4'`,
    );
    await t.database.db.execute(
      sql`update data_settings set censorship_setting = 'CENSORED', agent_ids_with_censorship_read_permission = ${sql.param([manager.id])}::int[],
        team_ids_with_censorship_read_permission = '{}'::int[] where id = ${setting.id}`,
    );
    const alertIds = entityAlerts.slice(0, 1);
    const entity = await t.one<{ id: number }>(sql`select entity_id as id from alert_entities where alert_id = ${alertIds[0]} order by entity_id limit 1`);
    await t.database.db.execute(
      sql`update entities set formatted_data = coalesce(formatted_data, '{}'::jsonb) || jsonb_build_object(${String(setting.id)}::text, jsonb_build_object('formatted_value', ${secret}::text)) where id = ${entity.id}`,
    );
    const shownToAnalyst = (await listed<ListedEntity>('analyst@demo.test', 'entities', alertIds)).find((e) => e.id === entity.id)!.formatted_data[
      String(setting.id)
    ].formatted_value;
    expect(shownToAnalyst).not.toBe(secret);

    const cells: Record<string, string> = {};
    for (const as of ['analyst@demo.test', 'manager@demo.test']) {
      const requested = await requestExport(as, 'entities', { format: 'CSV', columns: ['id', `ds:${setting.id}`], filters: { alert_ids: alertIds } });
      await runJobs();
      const res = await download(as, requested.id);
      expect(res.statusCode).toBe(200);
      const [header, ...data] = parseCsv(res.body);
      expect(header).toEqual(['id', setting.label]);
      cells[as] = data.find((r) => r[0] === String(entity.id))![1];
      if (as === 'analyst@demo.test') expect(res.body).not.toContain(secret);
    }
    expect(cells['analyst@demo.test']).toBe(text(shownToAnalyst));
    expect(cells['manager@demo.test']).toBe(secret);
  });
});
