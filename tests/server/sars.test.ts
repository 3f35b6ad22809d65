import { sql } from 'drizzle-orm';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filingJobHandlers, PREFILING_JOB } from '../../server/domain/filings/jobs.js';
import type { FilerProfile } from '../../server/domain/filings/model.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * Writing a SAR from a case (prefilled from what the case holds, as the writer may read it), saving
 * it, its prefiling validation as a job, review, submission and archiving, each as the lifecycle and
 * the permissions allow, within the organisation and the queues the writer may see.
 */

let t: TestContext;
const ANALYST = 'analyst@demo.test';
const MANAGER = 'manager@demo.test';

beforeAll(async () => {
  t = await createTestContext({ dataDir: mkdtempSync(join(tmpdir(), 'vigil-sars-')) });
  // a writer who may write and edit SARs but not submit them, and reads no censored field
  await t.database.db.execute(sql`insert into agents (org_id, email, full_name) values (1, 'sar-writer@demo.test', 'Sam Writer')`);
  await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
    select 1, 'agent', a.id, p.id from agents a, permissions p where a.email = 'sar-writer@demo.test' and p.name in ('read_sars', 'edit_sars', 'create_sars')`);
});
afterAll(() => t.close());

async function runPrefilingJobs() {
  for (;;) {
    const job = await claimJob(t.database.db, 'sars-test', [PREFILING_JOB], 15);
    if (!job) return;
    await filingJobHandlers[PREFILING_JOB](job, { db: t.database.db, dataDir: t.config.dataDir, workerId: 'sars-test' });
    await completeJob(t.database.db, job.id, 'sars-test', null);
  }
}

/** An open Demo Bank case in an open queue whose alerts hold transactions, and its customers. */
async function caseWithTransactions(offset = 0): Promise<number> {
  const row = await t.one<{ id: number }>(
    sql`select c.id from cases c join queues q on q.org_id = c.org_id and q.id = c.queue_id
      where c.org_id = 1 and q.access_type is distinct from 'restricted'
        and exists (select 1 from case_alerts ca join alert_transactions at on at.org_id = ca.org_id and at.alert_id = ca.alert_id
          join transactions tx on tx.org_id = at.org_id and tx.id = at.transaction_id and tx.currency = 'USD'
          where ca.org_id = c.org_id and ca.case_id = c.id)
        and exists (select 1 from case_entities ce where ce.org_id = c.org_id and ce.case_id = c.id)
      order by c.id offset ${offset} limit 1`,
  );
  return row.id;
}

const PROFILE: FilerProfile = {
  transmitter: {
    name: 'Demo Bank',
    tin: '521234567',
    tcc: 'PBSA1234',
    address: { street: '1 Harbor Plaza', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' },
    phone: '9735550100',
    contactName: 'Filing Desk',
  },
  institution: {
    legalName: 'Demo Bank, N.A.',
    tin: '521234567',
    tinType: 'EIN',
    primaryRegulator: '4',
    institutionType: '2',
    rssd: '1234567',
    address: { street: '1 Harbor Plaza', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' },
    contactOffice: { name: 'BSA Office', phone: '9735550101' },
  },
};

describe('a SAR written from a case', () => {
  it('starts from the case: its customers, its alerts’ transactions, their days and total, the rules’ categories', async () => {
    const caseId = await caseWithTransactions();
    const res = await t.callAs(ANALYST, 'POST', `/api/cases/${caseId}/sars`, {});
    expect(res.statusCode).toBe(201);
    const sar = res.json();
    expect(sar).toMatchObject({ status: 'PREFILING_VALIDATION_PENDING', submitted: false, case_id: caseId, filing_type: 'INITIAL' });
    expect(sar.actions).toEqual(['edit', 'archive']);

    const txns = await t.all<{ id: number; day: string; amount: number; currency: string }>(
      sql`select distinct tx.id, to_char(tx.event_time at time zone 'America/New_York', 'YYYY-MM-DD') as day, tx.amount::float8 as amount, tx.currency
        from case_alerts ca join alert_transactions at on at.org_id = ca.org_id and at.alert_id = ca.alert_id
        join transactions tx on tx.org_id = at.org_id and tx.id = at.transaction_id where ca.case_id = ${caseId}`,
    );
    expect(sar.transaction_ids).toEqual(txns.map((x) => x.id).sort((a, b) => a - b));
    const days = txns.map((x) => x.day).sort();
    expect([sar.activity_start, sar.activity_end]).toEqual([days[0], days.at(-1)]);
    const usd = txns.filter((x) => x.currency === 'USD').reduce((sum, x) => sum + x.amount, 0);
    expect(sar.total_amount).toBeCloseTo(usd, 2);

    const customers = await t.all<{ id: number; name_readable: string; entity_type: string }>(
      sql`select e.id, e.name_readable, e.entity_type from case_entities ce join entities e on e.id = ce.entity_id where ce.case_id = ${caseId} order by e.id`,
    );
    expect(sar.subjects.map((s: { entity_id: number }) => s.entity_id)).toEqual(customers.map((c) => c.id));
    const first = sar.subjects[0];
    expect(first.kind).toBe(customers[0].entity_type === 'business' ? 'ORGANIZATION' : 'INDIVIDUAL');
    expect([first.first_name, first.middle_name, first.last_or_legal_name].filter(Boolean).join(' ')).toBe(customers[0].name_readable);

    const codes = await t.all<{ code: number }>(
      sql`select distinct jsonb_array_elements(v.spec->'sar_categories')::int as code from case_alerts ca
        join alert_rules ar on ar.alert_id = ca.alert_id join rules r on r.id = ar.rule_id
        join rule_versions v on v.rule_id = r.id and v.version = r.version where ca.case_id = ${caseId} order by 1`,
    );
    expect(sar.categories.map((c: { subtype: number }) => c.subtype)).toEqual(codes.map((c) => c.code));
    for (const c of sar.categories) expect(c.type).toBe(Math.floor(c.subtype / 100)); // the seeded rules name no "Other" subtype

    const stored = await t.one<{ deadline_days: number; created_by: string; audited: number }>(
      sql`select round(extract(epoch from s.deadline - s.created_at) / 86400)::int as deadline_days, a.email as created_by,
          (select count(*)::int from audit_log l where l.object_type = 'SAR' and l.object_id::text = s.id::text and l.action = 'sar.created') as audited
        from sars s join agents a on a.id = s.created_by_id where s.id = ${sar.id}`,
    );
    expect(stored).toEqual({ deadline_days: 30, created_by: ANALYST, audited: 1 });
    // the transaction list by SAR lists the same transactions
    const listed = (await t.callAs(ANALYST, 'POST', '/api/txn-events/list', { sar_ids: [sar.id], limit: 100, offset: 0 })).json();
    expect(listed.count).toBe(sar.transaction_ids.length);
    expect(sar.transaction_ids.length).toBeLessThanOrEqual(100);
    expect(listed.txn_events.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b)).toEqual(sar.transaction_ids);
  });

  it('copies a censored field only for a writer who may read it', async () => {
    // the date of birth is CENSORED: the manager may read it, a writer outside its readers may not
    const dob = await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'entity.date_of_birth'`);
    const kase = await t.one<{ case_id: number; entity_id: number; stored: string }>(
      sql`select ce.case_id, e.id as entity_id, e.formatted_data->${String(dob.id)}->>'formatted_value' as stored
        from case_entities ce join entities e on e.id = ce.entity_id join cases c on c.id = ce.case_id
        join queues q on q.id = c.queue_id and q.access_type is distinct from 'restricted'
        where ce.org_id = 1 and e.entity_type = 'user' and e.formatted_data ? ${String(dob.id)} order by ce.case_id limit 1`,
    );
    const subjectDob = async (email: string) => {
      const sar = (await t.callAs(email, 'POST', `/api/cases/${kase.case_id}/sars`, {})).json();
      return sar.subjects.find((x: { entity_id: number }) => x.entity_id === kase.entity_id).date_of_birth;
    };
    expect(await subjectDob(MANAGER)).toBe(kase.stored.slice(0, 10));
    expect(await subjectDob('sar-writer@demo.test')).toBeNull();
  });

  it('is refused for a case the writer may not see, and for another organisation’s case', async () => {
    const restricted = await t.one<{ id: number }>(
      sql`select c.id from cases c join queues q on q.org_id = c.org_id and q.id = c.queue_id
        where c.org_id = 1 and q.access_type = 'restricted'
          and not exists (select 1 from queue_members qm join agents a on a.id = qm.agent_id where qm.queue_id = q.id and a.email = ${ANALYST})
        order by c.id limit 1`,
    );
    expect((await t.callAs(ANALYST, 'POST', `/api/cases/${restricted.id}/sars`, {})).statusCode).toBe(404);
    const northwind = await t.one<{ id: number }>(sql`select id from cases where org_id = 2 order by id limit 1`);
    expect((await t.callAs(ANALYST, 'POST', `/api/cases/${northwind.id}/sars`, {})).statusCode).toBe(404);
  });
});

describe('prefiling validation, review and submission', () => {
  it('fails without a filer profile, then succeeds once the SAR and the profile are complete', async () => {
    const caseId = await caseWithTransactions(2);
    // Demo Bank's seeded profile is taken away first
    await t.database.db.execute(sql`delete from filing_settings where org_id = 1`);
    const sar = (await t.callAs(ANALYST, 'POST', `/api/cases/${caseId}/sars`, { name: 'Structuring at the Newark branch' })).json();
    await runPrefilingJobs();
    const failed = (await t.callAs(ANALYST, 'GET', `/api/sars/${sar.id}/filing`)).json();
    expect(failed.status).toBe('PREFILING_VALIDATION_FAILED');
    expect(failed.problems).toContainEqual(expect.objectContaining({ path: 'profile', level: 'FATAL' }));
    expect(failed.validated_at).not.toBeNull();
    expect(failed.actions).toEqual(['edit', 'archive']);
    expect((await t.callAs(ANALYST, 'POST', `/api/sars/${sar.id}/status`, { action: 'review' })).statusCode).toBe(409);

    await t.database.db.execute(sql`insert into filing_settings (org_id, profile) values (1, ${JSON.stringify(PROFILE)}::jsonb)
      on conflict (org_id) do update set profile = excluded.profile`);
    const manager = await t.one<{ id: number }>(sql`select id from agents where email = ${MANAGER}`);
    const body = {
      name: failed.name,
      reviewer_id: manager.id,
      filing_type: 'INITIAL',
      prior_bsa_id: null,
      activity_start: '2026-09-01',
      activity_end: '2026-09-20',
      total_amount: 28450,
      categories: [{ type: 1, subtype: 114, other: null }],
      subjects: [
        {
          entity_id: failed.subjects[0]?.entity_id ?? null,
          kind: 'INDIVIDUAL',
          last_or_legal_name: 'Rivera',
          first_name: 'Dana',
          middle_name: null,
          alternate_name: null,
          tin: '412345678',
          tin_type: 'SSN_ITIN',
          date_of_birth: '1980-04-12',
          address: { street: '12 Market St', city: 'Newark', state: 'NJ', zip: '07102', country: 'US' },
          phone: '9735550188',
          email: 'dana.rivera@example.test',
          occupation: 'Restaurant owner',
          accounts: [{ number: 'demo_acct_0000042', closed: false }],
          relationship: '7',
        },
      ],
      ip_addresses: [],
      narrative:
        'Between September 1 and September 20, 2026 the customer made nine cash deposits of 9,000 to 9,900 dollars at three branches, ' +
        'totalling 28,450 dollars, each below the currency transaction report threshold.',
    };
    const saved = await t.callAs(ANALYST, 'PUT', `/api/sars/${sar.id}/filing`, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ status: 'PREFILING_VALIDATION_PENDING', reviewer_id: manager.id, total_amount: 28450 });
    await runPrefilingJobs();
    const validated = (await t.callAs(ANALYST, 'GET', `/api/sars/${sar.id}/filing`)).json();
    expect(
      validated.problems.filter((p: { level: string }) => p.level === 'FATAL'),
      JSON.stringify(validated.problems),
    ).toEqual([]);
    expect(validated.status).toBe('PREFILING_VALIDATION_SUCCESS');
    expect(validated.actions).toEqual(['edit', 'review', 'archive']);

    // review notifies the reviewer; submitting needs submit_sars; a submitted SAR is frozen
    const reviewed = await t.callAs(ANALYST, 'POST', `/api/sars/${sar.id}/status`, { action: 'review' });
    expect(reviewed.json().status).toBe('READY_FOR_REVIEW');
    expect(await t.all(sql`select 1 from notifications where agent_id = ${manager.id} and entity_type = 'SAR' and entity_id = ${sar.id}`)).toHaveLength(2);

    expect((await t.callAs('sar-writer@demo.test', 'GET', `/api/sars/${sar.id}/filing`)).json().actions).toEqual(['edit', 'archive']);
    expect((await t.callAs('sar-writer@demo.test', 'POST', `/api/sars/${sar.id}/status`, { action: 'submit' })).statusCode).toBe(403);

    const submitted = await t.callAs(MANAGER, 'POST', `/api/sars/${sar.id}/status`, { action: 'submit' });
    expect(submitted.json()).toMatchObject({ status: 'QUEUED_FOR_FILING', submitted: true, actions: [] });
    expect((await t.callAs(ANALYST, 'PUT', `/api/sars/${sar.id}/filing`, body)).statusCode).toBe(409);
    expect((await t.callAs(MANAGER, 'POST', `/api/sars/${sar.id}/status`, { action: 'archive' })).statusCode).toBe(409);
    const trail = await t.all<{ action: string }>(
      sql`select action from audit_log where object_type = 'SAR' and object_id::text = ${String(sar.id)} order by id`,
    );
    expect(trail.map((a) => a.action)).toEqual(['sar.created', 'sar.updated', 'sar.review', 'sar.submit']);
  });

  it('refuses fields that cannot be saved, naming each, and changes nothing', async () => {
    const caseId = await caseWithTransactions(3);
    const sar = (await t.callAs(ANALYST, 'POST', `/api/cases/${caseId}/sars`, {})).json();
    const analyst = await t.one<{ id: number }>(sql`select id from agents where email = 'sar-writer@demo.test'`);
    const base = {
      name: sar.name,
      reviewer_id: null,
      filing_type: 'INITIAL',
      prior_bsa_id: null,
      activity_start: '2026-09-20',
      activity_end: '2026-09-01',
      total_amount: 100,
      categories: [{ type: 3, subtype: 114, other: null }],
      subjects: [],
      ip_addresses: [],
      narrative: 'x',
    };
    const bad = await t.callAs(ANALYST, 'PUT', `/api/sars/${sar.id}/filing`, base);
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .error.details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(['body/activity_end', 'body/categories/0/subtype']);
    const reviewer = await t.callAs(ANALYST, 'PUT', `/api/sars/${sar.id}/filing`, {
      ...base,
      activity_start: '2026-09-01',
      activity_end: '2026-09-20',
      categories: [],
      reviewer_id: analyst.id,
    });
    expect(reviewer.statusCode).toBe(400);
    expect(reviewer.json().error.details[0].path).toBe('body/reviewer_id');
    const after = (await t.callAs(ANALYST, 'GET', `/api/sars/${sar.id}/filing`)).json();
    expect(after).toMatchObject({ activity_start: sar.activity_start, total_amount: sar.total_amount, narrative: sar.narrative });
    expect((await t.callAs('admin@northwind.test', 'GET', `/api/sars/${sar.id}/filing`)).statusCode).toBe(404);
  });

  it('archives a SAR not yet submitted; archived takes nothing more', async () => {
    const caseId = await caseWithTransactions(4);
    const sar = (await t.callAs(ANALYST, 'POST', `/api/cases/${caseId}/sars`, {})).json();
    const archived = await t.callAs(ANALYST, 'POST', `/api/sars/${sar.id}/status`, { action: 'archive' });
    expect(archived.json()).toMatchObject({ status: 'ARCHIVED', actions: [] });
    await runPrefilingJobs();
    expect((await t.callAs(ANALYST, 'GET', `/api/sars/${sar.id}/filing`)).json().status).toBe('ARCHIVED');
    expect((await t.callAs(ANALYST, 'POST', `/api/sars/${sar.id}/status`, { action: 'review' })).statusCode).toBe(409);
  });
});
