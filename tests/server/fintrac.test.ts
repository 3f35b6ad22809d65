import { sql } from 'drizzle-orm';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAcknowledgements } from '../../server/domain/filings/acks.js';
import '../../server/domain/filings/fintrac/acks.js';
import { buildFintracBatch, FINTRAC_PREFILING_JOB, fintracJobHandlers, sendFintracBatch } from '../../server/domain/filings/fintrac/jobs.js';
import { draftLctrs, lctrWindows } from '../../server/domain/filings/fintrac/lctr.js';
import { fintracBatchErrors } from '../../server/domain/filings/fintrac/report-schema.js';
import { intArray } from '../../server/db/sql.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * FINTRAC reports end to end on the real server: an STR written from a Northwind case, validated,
 * corrected, reviewed and submitted as the permissions allow, put in a batch whose JSON meets its
 * schema, sent to the submissions folder and answered by FINTRAC; LCTRs drafted from cash
 * deposits; the FINTRAC settings; and the seeded examples.
 */

let t: TestContext;
let dir: string;
const ANALYST = 'analyst@northwind.test';
const MANAGER = 'chloe.martin@northwind.test';
const DEMO_ANALYST = 'analyst@demo.test';
const folders = () => ({ outbox: join(dir, 'outbox'), acknowledgements: join(dir, 'acks') });

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'vigil-fintrac-'));
  t = await createTestContext({ dataDir: dir });
});
afterAll(() => t.close());

async function runPrefiling() {
  for (;;) {
    const job = await claimJob(t.database.db, 'fintrac-test', [FINTRAC_PREFILING_JOB], 15);
    if (!job) return;
    await fintracJobHandlers()[FINTRAC_PREFILING_JOB](job, { db: t.database.db, dataDir: dir, workerId: 'fintrac-test' });
    await completeJob(t.database.db, job.id, 'fintrac-test', null);
  }
}

/** A Northwind case in an open queue whose alerts hold transactions, with customers. */
async function northwindCase(): Promise<number> {
  const row = await t.one<{ id: number }>(
    sql`select c.id from cases c join queues q on q.org_id = c.org_id and q.id = c.queue_id
      where c.org_id = 2 and q.access_type is distinct from 'restricted'
        and exists (select 1 from case_alerts ca join alert_transactions at on at.org_id = ca.org_id and at.alert_id = ca.alert_id
          where ca.org_id = c.org_id and ca.case_id = c.id)
        and exists (select 1 from case_entities ce where ce.org_id = c.org_id and ce.case_id = c.id)
      order by c.id limit 1`,
  );
  return row.id;
}

type Report = {
  id: number;
  status: string;
  subjects: Array<Record<string, unknown> & { address: Record<string, unknown> | null }>;
  transactions: Array<Record<string, unknown>>;
  problems: Array<{ path: string; level: string; message: string }>;
  actions: string[];
  [key: string]: unknown;
};

describe('the seeded Northwind examples', () => {
  it('has FINTRAC settings, STRs and LCTRs in several statuses, and batches that count what they hold', async () => {
    const settings = await t.callAs(MANAGER, 'GET', '/api/fintrac/settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ reporting_entity_number: '7000123', lctr_enabled: true, location: { country: 'CA', province: 'ON' } });
    const byType = await t.all<{ report_type: string; status: string; n: number }>(
      sql`select report_type, status, count(*)::int as n from fintrac_reports where org_id = 2 group by 1, 2 order by 1, 2`,
    );
    const statuses = (type: string) => byType.filter((r) => r.report_type === type).map((r) => r.status);
    expect(statuses('STR')).toEqual(expect.arrayContaining(['FILING_SUCCESS', 'READY_FOR_REVIEW', 'PREFILING_VALIDATION_FAILED']));
    expect(statuses('LCTR')).toEqual(expect.arrayContaining(['FILING_SUCCESS']));
    const mismatched = await t.all(
      sql`select b.id from filing_batches b where b.org_id = 2 and b.report_type = 'FINTRAC'
        and exists (select 1 from fintrac_reports r where r.batch_id = b.id)
        and b.total_count <> (select count(*) from fintrac_reports r where r.batch_id = b.id)`,
    );
    expect(mismatched).toEqual([]);
    // a failed seeded STR carries the problems its validation really found
    const failed = await t.one<{ problems: Array<{ level: string }> }>(
      sql`select problems from fintrac_reports where org_id = 2 and report_type = 'STR' and status = 'PREFILING_VALIDATION_FAILED' limit 1`,
    );
    expect(failed.problems.some((p) => p.level === 'FATAL')).toBe(true);
  });

  it('lists FINTRAC batches with their reports, and the reports not yet in a batch', async () => {
    const res = await t.callAs(ANALYST, 'POST', '/api/filings/grouped', { report_type: 'FINTRAC', limit: 20, offset: 0, include_filings: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const inBatches = body.batches.flatMap((b: { reports?: unknown[] }) => b.reports ?? []);
    expect(inBatches.length).toBeGreaterThan(0);
    for (const b of body.batches) for (const r of b.reports) expect(r.batch_id).toBe(b.id);
    expect(body.unbatched_reports.length).toBeGreaterThan(0);
    expect(body.unbatched_reports.every((r: { batch_id: unknown }) => r.batch_id === null)).toBe(true);
    // a status filter narrows the reports and the batches
    const filtered = await t.callAs(ANALYST, 'POST', '/api/filings/grouped', {
      report_type: 'FINTRAC',
      limit: 20,
      include_filings: true,
      filters: { statuses: ['READY_FOR_REVIEW'] },
    });
    const rows = [...filtered.json().batches.flatMap((b: { reports: unknown[] }) => b.reports), ...filtered.json().unbatched_reports];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r: { status: string }) => r.status === 'READY_FOR_REVIEW')).toBe(true);
  });
});

describe('an STR from a case, to FINTRAC and back', () => {
  let caseId: number;
  let id: number;
  let batchId: number;

  it('starts from the case: its customers as subjects, its alerts’ transactions, its description', async () => {
    caseId = await northwindCase();
    const res = await t.callAs(ANALYST, 'POST', `/api/cases/${caseId}/strs`, {});
    expect(res.statusCode).toBe(201);
    const report = res.json<Report>();
    id = report.id;
    expect(report).toMatchObject({ report_type: 'STR', status: 'PREFILING_VALIDATION_PENDING', case_id: caseId, reference: `STR-2-${id}` });
    const customers = await t.all<{ entity_id: number }>(sql`select entity_id from case_entities where org_id = 2 and case_id = ${caseId} order by entity_id`);
    expect(report.subjects.map((s) => s.entity_id)).toEqual(customers.map((c) => c.entity_id));
    const txns = await t.all<{ id: number }>(
      sql`select distinct at.transaction_id as id from case_alerts ca join alert_transactions at on at.org_id = ca.org_id and at.alert_id = ca.alert_id
        where ca.org_id = 2 and ca.case_id = ${caseId} order by 1`,
    );
    expect(report.transactions.map((x) => x.transaction_id).sort((a, b) => Number(a) - Number(b))).toEqual(txns.map((x) => x.id));
    const audit = await t.one<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'fintrac.str_created' and object_id = ${id}`);
    expect(audit.n).toBe(1);
  });

  it('is validated as a job: the problems FINTRAC would find, per field', async () => {
    await runPrefiling();
    const report = (await t.callAs(ANALYST, 'GET', `/api/fintrac-reports/${id}`)).json<Report>();
    // the customers' records hold no postal codes: an STR may go without, and validation says so
    expect(report.problems).toContainEqual(expect.objectContaining({ path: 'subjects[0].address.postal_code', level: 'WARN' }));
    expect(report.status).toBe('PREFILING_VALIDATION_SUCCESS');
    // a suspicion too short to say anything fails it
    const short = await t.callAs(ANALYST, 'PUT', `/api/fintrac-reports/${id}`, {
      name: report.name,
      reviewer_id: null,
      suspicion: 'cash',
      action_taken: '',
      subjects: report.subjects,
      transactions: report.transactions,
    });
    expect(short.statusCode).toBe(200);
    await runPrefiling();
    const failed = (await t.callAs(ANALYST, 'GET', `/api/fintrac-reports/${id}`)).json<Report>();
    expect(failed.status).toBe('PREFILING_VALIDATION_FAILED');
    expect(failed.problems.filter((p) => p.level === 'FATAL').map((p) => p.path)).toEqual(['suspicion']);
    expect(failed.actions).toEqual(['edit', 'archive']);
  });

  it('refuses what cannot be saved, and a reviewer who may not submit', async () => {
    const report = (await t.callAs(ANALYST, 'GET', `/api/fintrac-reports/${id}`)).json<Report>();
    const base = { name: report.name, reviewer_id: null, suspicion: 'x', action_taken: '', subjects: report.subjects, transactions: report.transactions };
    const twice = await t.callAs(ANALYST, 'PUT', `/api/fintrac-reports/${id}`, { ...base, transactions: [...report.transactions, report.transactions[0]] });
    expect(twice.statusCode).toBe(400);
    const analystId = (await t.one<{ id: number }>(sql`select id from agents where email = ${ANALYST}`)).id;
    const reviewer = await t.callAs(ANALYST, 'PUT', `/api/fintrac-reports/${id}`, { ...base, reviewer_id: analystId });
    expect(reviewer.statusCode).toBe(400);
    expect(reviewer.json().error.message).toContain('may submit FINTRAC reports');
    // an agent holding root_all holds every permission, submit included: a reviewer
    const adminId = (await t.one<{ id: number }>(sql`select id from agents where email = 'admin@northwind.test'`)).id;
    const root = await t.callAs(ANALYST, 'PUT', `/api/fintrac-reports/${id}`, { ...base, suspicion: 'cash', reviewer_id: adminId });
    expect(root.statusCode, root.body).toBe(200);
    await runPrefiling();
    // what was refused was not saved
    expect((await t.callAs(ANALYST, 'GET', `/api/fintrac-reports/${id}`)).json()).toMatchObject({ status: 'PREFILING_VALIDATION_FAILED', suspicion: 'cash' });
  });

  it('passes once corrected, goes to review, and only an agent who may submit submits it', async () => {
    const report = (await t.callAs(ANALYST, 'GET', `/api/fintrac-reports/${id}`)).json<Report>();
    const managerId = (await t.one<{ id: number }>(sql`select id from agents where email = ${MANAGER}`)).id;
    const subjects = report.subjects.map((s, i) => ({
      ...s,
      given_name: s.kind === 'PERSON' ? (s.given_name ?? 'Alex') : null,
      occupation: s.occupation ?? 'Consultant',
      address: { street: `${10 + i} Queen Street`, city: 'Toronto', province: 'ON', postal_code: 'm5h 2n2', country: 'CA' },
    }));
    const saved = await t.callAs(ANALYST, 'PUT', `/api/fintrac-reports/${id}`, {
      name: 'STR structuring at the Queen Street branch',
      reviewer_id: managerId,
      suspicion: 'Repeated cash deposits just under the reporting threshold across several branches within days.',
      action_taken: 'Account placed under enhanced monitoring.',
      subjects,
      transactions: report.transactions,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().status).toBe('PREFILING_VALIDATION_PENDING');
    await runPrefiling();
    const validated = (await t.callAs(ANALYST, 'GET', `/api/fintrac-reports/${id}`)).json<Report>();
    expect(validated.problems.filter((p) => p.level === 'FATAL')).toEqual([]);
    expect(validated.status).toBe('PREFILING_VALIDATION_SUCCESS');
    expect((await t.callAs(ANALYST, 'POST', `/api/fintrac-reports/${id}/status`, { action: 'submit' })).statusCode).toBe(403);
    const review = await t.callAs(ANALYST, 'POST', `/api/fintrac-reports/${id}/status`, { action: 'review' });
    expect(review.json()).toMatchObject({ status: 'READY_FOR_REVIEW' });
    const notified = await t.one<{ n: number }>(
      sql`select count(*)::int as n from notifications where agent_id = ${managerId} and entity_type = 'FINTRAC_REPORT' and entity_id = ${id}`,
    );
    expect(notified.n).toBeGreaterThan(0);
    // an analyst who may not submit is told so; the manager submits
    const submitted = await t.callAs(MANAGER, 'POST', `/api/fintrac-reports/${id}/status`, { action: 'submit' });
    expect(submitted.json()).toMatchObject({ status: 'QUEUED_FOR_FILING', submitted: true, actions: [] });
    const edit = await t.callAs(MANAGER, 'PUT', `/api/fintrac-reports/${id}`, {
      name: 'late change',
      reviewer_id: managerId,
      suspicion: 'Repeated cash deposits just under the reporting threshold across several branches within days.',
      action_taken: '',
      subjects,
      transactions: report.transactions,
    });
    expect(edit.statusCode).toBe(409);
  });

  it('is put in a batch whose JSON meets its schema, sent once, and answered by FINTRAC', async () => {
    batchId = (await buildFintracBatch(t.database.db, 2, null))!;
    expect(batchId).toBeGreaterThan(0);
    const batch = await t.one<{ file_name: string; content: string; total_count: number }>(
      sql`select file_name, content, total_count from filing_batches where id = ${batchId}`,
    );
    expect(batch.file_name).toBe(`FINTRAC.2.${batchId}.json`);
    expect(fintracBatchErrors(batch.content)).toEqual([]);
    const doc = JSON.parse(batch.content);
    const mine = doc.reports.find(
      (r: { reportDetails: { reportingEntityReportReference: string } }) => r.reportDetails.reportingEntityReportReference === `STR-2-${id}`,
    );
    expect(mine.reportDetails).toMatchObject({ reportTypeCode: 'STR', reportingEntityNumber: '7000123', submitTypeCode: 'NEW' });
    expect(mine.detailsOfSuspicion.descriptionOfSuspiciousActivity).toContain('under the reporting threshold');
    expect(mine.subjects[0].address.postalZipCode).toBe('M5H 2N2');
    expect(doc.batchDetails.reportCount).toBe(batch.total_count);

    expect(await sendFintracBatch(t.database.db, 2, batchId, folders(), false)).toBe('sent');
    expect(await sendFintracBatch(t.database.db, 2, batchId, folders(), false)).toBe('already sent');
    expect(readFileSync(join(folders().outbox, batch.file_name), 'utf8')).toBe(batch.content);
    expect((await t.callAs(ANALYST, 'GET', `/api/fintrac-reports/${id}`)).json()).toMatchObject({ status: 'SENT_TO_FINTRAC', batch_id: batchId });

    mkdirSync(folders().acknowledgements, { recursive: true });
    const ackName = `${batch.file_name}.ack.json`;
    writeFileSync(
      join(folders().acknowledgements, ackName),
      JSON.stringify({
        status: 'ACCEPTED',
        reports: [
          {
            reportingEntityReportReference: `STR-2-${id}`,
            status: 'ACCEPTED',
            fintracReportId: 'STR0000098765',
            errors: [{ field: 'subjects[0].telephoneNumber', message: 'The telephone number has no area code', severity: 'WARNING' }],
          },
        ],
      }),
    );
    expect(await readAcknowledgements(t.database.db, folders().acknowledgements)).toEqual([{ file: ackName, batchId }]);
    expect(existsSync(join(folders().acknowledgements, 'processed', ackName))).toBe(true);
    const filed = (await t.callAs(ANALYST, 'GET', `/api/fintrac-reports/${id}`)).json();
    expect(filed).toMatchObject({ status: 'FILING_SUCCESS', fintrac_report_id: 'STR0000098765', fintrac_messages: [{ level: 'WARN' }] });
    expect(await t.one(sql`select accepted_count, ack_status from filing_batches where id = ${batchId}`)).toMatchObject({
      accepted_count: 1,
      ack_status: 'ACCEPTED',
    });
  });

  it('downloads as sent, for those who may read FINTRAC reports only', async () => {
    const res = await t.callAs(MANAGER, 'GET', `/api/filings/batch/${batchId}/download`);
    expect(res.statusCode).toBe(201);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="FINTRAC.2.${batchId}.json"`);
    expect(res.headers['content-type']).toContain('application/json');
    expect(fintracBatchErrors(res.body)).toEqual([]);
    // Demo Bank's analyst reads SARs but not FINTRAC reports, nor another organisation's
    expect((await t.callAs(DEMO_ANALYST, 'GET', `/api/filings/batch/${batchId}/download`)).statusCode).toBe(404);
    expect((await t.callAs(DEMO_ANALYST, 'GET', `/api/fintrac-reports/${id}`)).statusCode).toBe(403);
  });

  it('a rejected batch rejects each of its reports, with FINTRAC’s errors', async () => {
    const seeded = await t.one<{ id: number }>(
      sql`select id from fintrac_reports where org_id = 2 and status = 'READY_FOR_REVIEW' and report_type = 'STR' order by id limit 1`,
    );
    expect((await t.callAs(MANAGER, 'POST', `/api/fintrac-reports/${seeded.id}/status`, { action: 'submit' })).statusCode).toBe(200);
    const rejected = (await buildFintracBatch(t.database.db, 2, null))!;
    await sendFintracBatch(t.database.db, 2, rejected, folders(), false);
    const name = `FINTRAC.2.${rejected}.json.ack.json`;
    writeFileSync(
      join(folders().acknowledgements, name),
      JSON.stringify({ status: 'REJECTED', errors: [{ field: 'batchDetails', message: 'The file could not be read', severity: 'ERROR' }] }),
    );
    writeFileSync(join(folders().acknowledgements, 'FINTRAC.2.999999.json.ack.json'), '{"nothing": true');
    const read = await readAcknowledgements(t.database.db, folders().acknowledgements);
    expect(read.find((r) => r.file === name)?.batchId).toBe(rejected);
    const report = (await t.callAs(MANAGER, 'GET', `/api/fintrac-reports/${seeded.id}`)).json();
    expect(report).toMatchObject({ status: 'FINTRAC_REJECTED', fintrac_messages: [{ level: 'FATAL', message: 'The file could not be read' }] });
    expect(report.actions).toContain('edit');
  });
});

describe('large cash transaction reports', () => {
  it('drafts one LCTR per customer and 24 hours of cash reaching 10,000, once', async () => {
    const customer = await t.one<{ id: number; account: number }>(
      sql`select e.id, i.id as account from entities e join instruments i on i.org_id = e.org_id and i.entity_id = e.id and i.instrument_type = 'account'
        where e.org_id = 2 and e.entity_type = 'user' order by e.id limit 1`,
    );
    const now = new Date();
    const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000).toISOString();
    for (const [hours, amount] of [
      [60, 6000],
      [50, 4000], // with the first: exactly 10,000 within 24 hours, reported
      [20, 9999.99], // 30 hours after the first: a new window
      [2, 3000], // 18 hours after the 9,999.99: 12,999.99 together
    ] as const)
      await t.database.db.execute(
        sql`insert into transactions (org_id, external_id, event_time, amount, currency, status, internal_txn_type, receiver_entity_id, receiver_instrument_id)
          values (2, ${`lctr-test-${hours}`}, ${at(hours)}::timestamptz, ${amount}, 'CAD', 'COMPLETED', 'CASH_DEPOSIT', ${customer.id}, ${customer.account})`,
      );
    const created = await draftLctrs(t.database.db, 2, now);
    const mine = await t.all<{ id: number; total_amount: number; twenty_four_hour_rule: boolean; status: string; content: { transactions: unknown[] } }>(
      sql`select id, total_amount::float8 as total_amount, twenty_four_hour_rule, status, content from fintrac_reports
        where org_id = 2 and report_type = 'LCTR' and id = any(${intArray(created)}) and (content->'subjects'->0->>'entity_id')::int = ${customer.id} order by id`,
    );
    expect(mine.map((r) => r.total_amount)).toEqual([10000, 12999.99]);
    expect(mine.every((r) => r.twenty_four_hour_rule && r.content.transactions.length === 2 && r.status === 'PREFILING_VALIDATION_PENDING')).toBe(true);
    expect(await draftLctrs(t.database.db, 2, now)).toEqual([]);
  });
});

describe('the 24-hour rule', () => {
  const h = 3600_000;
  it('reports 10,000 or more received within 24 consecutive hours, one window after another', () => {
    expect(lctrWindows([{ id: 1, customer: 7, at: 0, amount: 9999.99 }])).toEqual([]);
    expect(lctrWindows([{ id: 1, customer: 7, at: 0, amount: 10000 }])).toMatchObject([{ customer: 7, total: 10000 }]);
    // 24 hours after the first receipt is outside its window
    expect(
      lctrWindows([
        { id: 1, customer: 7, at: 0, amount: 5000 },
        { id: 2, customer: 7, at: 24 * h, amount: 5000 },
      ]),
    ).toEqual([]);
    // a window that does not reach 10,000 moves on to the next receipt
    const windows = lctrWindows([
      { id: 1, customer: 7, at: 0, amount: 1000 },
      { id: 2, customer: 7, at: 20 * h, amount: 5000 },
      { id: 3, customer: 7, at: 30 * h, amount: 5000 },
      { id: 4, customer: 8, at: 30 * h, amount: 5000 },
    ]);
    expect(windows.map((w) => w.receipts.map((r) => r.id))).toEqual([[2, 3]]);
    // receipts already reported are left out
    expect(lctrWindows([{ id: 1, customer: 7, at: 0, amount: 20000 }], new Set([1]))).toEqual([]);
  });
});

describe('FINTRAC settings', () => {
  it('are read with FINTRAC read, saved with FINTRAC config, and checked', async () => {
    const current = (await t.callAs(MANAGER, 'GET', '/api/fintrac/settings')).json();
    const refused = await t.callAs(ANALYST, 'PUT', '/api/fintrac/settings', current);
    expect(refused.statusCode, refused.body).toBe(403);
    expect((await t.callAs(DEMO_ANALYST, 'GET', '/api/fintrac/settings')).statusCode).toBe(403);
    const bad = await t.callAs(MANAGER, 'PUT', '/api/fintrac/settings', {
      ...current,
      reporting_entity_number: '12345',
      location: { ...current.location, postal_code: '90210' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.map((d: { path: string }) => d.path)).toEqual(['body/reporting_entity_number', 'body/location/postal_code']);
    const saved = await t.callAs(MANAGER, 'PUT', '/api/fintrac/settings', { ...current, contact: { ...current.contact, name: 'Chloé Martin' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().contact.name).toBe('Chloé Martin');
  });
});
