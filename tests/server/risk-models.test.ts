import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESCORE_JOB } from '../../server/domain/risk/index.js';
import { claimJob, completeJob } from '../../server/jobs/queue.js';
import { startWorker } from '../../server/jobs/worker.js';
import { RISK_VALIDATION_JOB, riskValidationJobHandlers } from '../../server/jobs/risk-validation.js';
import { defaultRiskModel } from '../../core/risk/model.defaults.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * Risk models through the API: a new draft's defaults, the editor's 400s with the spec's messages,
 * the lifecycle (edit and validate only when the validation is not queued or in progress, validation
 * queued then in progress then success with the distribution, activate only after success), one
 * active model per organisation held by the database, and two simultaneous activations.
 */

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const MANAGER = 'manager@demo.test';
const BASE = '/api/risk/risk-models';
const manager = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => t.callAs(MANAGER, method, url, payload);

async function createDraft(title: string): Promise<number> {
  const res = await manager('POST', BASE, { title });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Runs the queued validation job the way the worker does. */
async function runValidationJob() {
  const job = await claimJob(t.database.db, 'risk-models-test', [RISK_VALIDATION_JOB], 15);
  if (!job) throw new Error('no validation job queued');
  const result = await riskValidationJobHandlers[RISK_VALIDATION_JOB](job, { db: t.database.db, dataDir: '.tmp/unused', workerId: 'risk-models-test' });
  await completeJob(t.database.db, job.id, 'risk-models-test', result);
}

async function validatedDraft(title: string): Promise<number> {
  const id = await createDraft(title);
  expect((await manager('POST', `${BASE}/${id}/validate`)).statusCode).toBe(202);
  await runValidationJob();
  return id;
}

const activeIds = async () => (await t.all<{ id: number }>(sql`select id from risk_models where org_id = 1 and status = 'active'`)).map((r) => r.id);

describe('drafts', () => {
  it('a new draft starts with the defaults of section 9 and unvalidated', async () => {
    const id = await createDraft('Retail model');
    const model = (await manager('GET', `${BASE}/${id}`)).json();
    expect(model).toMatchObject({
      title: 'Retail model',
      status: 'draft',
      last_validation: null,
      high_risk_floor: 80,
      low_risk_ceiling: 40,
      activated_at: null,
      created_by: { full_name: expect.any(String) },
    });
    expect(model.entity_risk_segments).toEqual(defaultRiskModel('x').entity_risk_segments);
    const list = (await t.callAs('analyst@demo.test', 'GET', BASE)).json().risk_models;
    expect(list[0].status).toBe('active');
    expect(list.map((m: { id: number }) => m.id)).toContain(id);
  });

  it('an analyst (Agent preset) reads models but cannot create them', async () => {
    expect((await t.callAs('analyst@demo.test', 'POST', BASE, { title: 'Nope' })).statusCode).toBe(403);
  });

  it('duplicating the active model gives an unvalidated draft in the contract shape', async () => {
    const [activeId] = await activeIds();
    const active = (await manager('GET', `${BASE}/${activeId}`)).json();
    const res = await manager('POST', `${BASE}/${activeId}/duplicate`);
    expect(res.statusCode).toBe(201);
    const copy = res.json();
    expect(copy).toMatchObject({ title: `Copy of ${active.title}`, status: 'draft', last_validation: null, high_risk_floor: active.high_risk_floor });
    expect(copy.entity_risk_segments).toEqual(active.entity_risk_segments);
    // the copy can be saved back as the editor received it (lower-case filter operators included)
    const saved = await manager('PUT', `${BASE}/${copy.id}`, {
      ...copy,
      title: 'Copy, edited',
      id: undefined,
      status: undefined,
      last_validation: undefined,
      created_at: undefined,
      updated_at: undefined,
      activated_at: undefined,
      created_by: undefined,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('a save answers 400 naming each field with the spec message', async () => {
    const id = await createDraft('Bad values');
    const body = defaultRiskModel('Bad values');
    const metric = body.entity_risk_segments[0].parameters[1].metrics[0];
    (metric.risk_mappings[0] as { risk: unknown }).risk = '';
    (metric.risk_mappings[1] as { risk: unknown }).risk = 'high';
    (metric.risk_mappings[2] as { risk: unknown }).risk = 120;
    (body.entity_risk_segments[0].parameters[0] as { weight: unknown }).weight = 2;
    const res = await manager('PUT', `${BASE}/${id}`, body);
    expect(res.statusCode).toBe(400);
    const m = 'body/entity_risk_segments/0/parameters/1/metrics/0/risk_mappings';
    expect(res.json().error.code).toBe('bad_request');
    expect(res.json().error.details).toEqual([
      { path: 'body/entity_risk_segments/0/parameters/0/weight', message: 'Must be a number between 0 and 1.' },
      { path: `${m}/0/risk`, message: 'Field is required.' },
      { path: `${m}/1/risk`, message: 'Must be a number.' },
      { path: `${m}/2/risk`, message: 'Must be a number between 0 and 100.' },
    ]);
  });

  it('a custom data metric must name a data setting of the organisation', async () => {
    const id = await createDraft('Custom data');
    const body = defaultRiskModel('Custom data');
    body.entity_risk_segments[0].parameters.push({
      id: 9,
      parameter_type: 'custom_data_risk',
      weight: 0.5,
      parameter_args: {},
      metrics: [{ metric: 'occupation', metric_type: 'text', unknown_risk: 0, unscored_risk: 0, custom_data_setting_id: 999_999, risk_mappings: [] }],
    });
    const res = await manager('PUT', `${BASE}/${id}`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      { path: 'body/entity_risk_segments/0/parameters/4/metrics/0/custom_data_setting_id', message: 'No such data setting.' },
    ]);
    const setting = await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 order by id limit 1`);
    body.entity_risk_segments[0].parameters[4].metrics[0].custom_data_setting_id = setting.id;
    body.entity_risk_segments[0].filters = [{ field: 'data_setting:999999', operator: 'equal_to', value: 'x' }];
    const filter = await manager('PUT', `${BASE}/${id}`, body);
    expect(filter.json().error.details).toEqual([{ path: 'body/entity_risk_segments/0/filters/0/field', message: 'No such data setting.' }]);
    body.entity_risk_segments[0].filters = [{ field: `data_setting:${setting.id}`, operator: 'equal_to', value: 'x' }];
    expect((await manager('PUT', `${BASE}/${id}`, body)).statusCode).toBe(200);
  });

  it("another organisation's model does not exist", async () => {
    const id = await createDraft('Demo only');
    const res = await t.callAs('admin@northwind.test', 'GET', `${BASE}/${id}`);
    expect(res.statusCode).toBe(404);
  });
});

describe('the lifecycle', () => {
  it('validation is queued, then in progress, then success with the distribution; the draft is frozen meanwhile', async () => {
    const id = await createDraft('Lifecycle');
    expect((await manager('POST', `${BASE}/${id}/activate`)).statusCode).toBe(409);
    const queued = await manager('POST', `${BASE}/${id}/validate`);
    expect(queued.statusCode).toBe(202);
    expect(queued.json().last_validation).toMatchObject({ status: 'queued', distribution: null, error: null });
    // while queued: no edit, no second validation, no activation
    expect((await manager('PUT', `${BASE}/${id}`, defaultRiskModel('Lifecycle, edited'))).json().error.message).toBe(
      'Only a draft whose validation is not queued or in progress can be edited.',
    );
    expect((await manager('POST', `${BASE}/${id}/validate`)).statusCode).toBe(409);
    expect((await manager('POST', `${BASE}/${id}/activate`)).statusCode).toBe(409);
    expect((await manager('POST', `${BASE}/${id}/archive`)).statusCode).toBe(409);
    await runValidationJob();
    const done = (await manager('GET', `${BASE}/${id}`)).json().last_validation;
    const { n } = await t.one<{ n: number }>(sql`select count(*)::int as n from entities where org_id = 1`);
    expect(done.status).toBe('success');
    expect(done.distribution.total).toBe(n);
    expect(done.distribution.low + done.distribution.medium + done.distribution.high + done.distribution.excluded).toBe(n);
    // the default segment takes everyone, and the default parameters put some in more than one band
    expect(done.distribution.excluded).toBe(0);
    expect([done.distribution.low, done.distribution.medium, done.distribution.high].filter((c) => c > 0).length).toBeGreaterThan(1);
  });

  it("the server's worker runs a requested validation at once", async () => {
    const worker = startWorker({ db: t.database.db, dataDir: '.tmp/unused', handlers: riskValidationJobHandlers, pollMs: 5_000 });
    try {
      const id = await createDraft('Worker run');
      expect((await manager('POST', `${BASE}/${id}/validate`)).statusCode).toBe(202);
      let status = 'queued';
      // well before the 5 s poll: the validate call wakes the worker
      for (const started = Date.now(); status !== 'success' && Date.now() - started < 4_000;) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await manager('GET', `${BASE}/${id}`)).json().last_validation.status;
      }
      expect(status).toBe('success');
    } finally {
      await worker.stop();
    }
  });

  it('an edit makes the validation stale; saving the same model keeps it', async () => {
    const id = await validatedDraft('Stale');
    const same = await manager('PUT', `${BASE}/${id}`, defaultRiskModel('Stale'));
    expect(same.json().last_validation.status).toBe('success');
    const body = defaultRiskModel('Stale');
    body.high_risk_floor = 70;
    const edited = await manager('PUT', `${BASE}/${id}`, body);
    expect(edited.json()).toMatchObject({ high_risk_floor: 70, last_validation: null });
    const refused = await manager('POST', `${BASE}/${id}/activate`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Only a draft whose last validation succeeded can be activated.');
  });

  it('activation archives the previous active model and queues a rescore; archiving the active one leaves none', async () => {
    const [previous] = await activeIds();
    const id = await validatedDraft('To activate');
    const res = await manager('POST', `${BASE}/${id}/activate`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', activated_at: expect.any(String) });
    expect(await activeIds()).toEqual([id]);
    expect((await manager('GET', `${BASE}/${previous}`)).json().status).toBe('archived');
    const jobs = await t.all<{ payload: { model_id: number } }>(sql`select payload from jobs where org_id = 1 and kind = ${RESCORE_JOB} and status = 'queued'`);
    expect(jobs.map((j) => j.payload.model_id)).toContain(id);
    expect((await t.callAs('analyst@demo.test', 'GET', '/api/risk/active-risk-model')).json()).toMatchObject({ id, status: 'active' });
    // an archived model changes no more
    expect((await manager('PUT', `${BASE}/${previous}`, defaultRiskModel('Revived'))).statusCode).toBe(409);
    expect((await manager('POST', `${BASE}/${id}/archive`)).json().status).toBe('archived');
    expect((await t.callAs('analyst@demo.test', 'GET', '/api/risk/active-risk-model')).json()).toEqual({});
  });

  it('the database holds one active model per organisation', async () => {
    const a = await createDraft('Direct A');
    const b = await createDraft('Direct B');
    await t.database.db.execute(sql`update risk_models set status = 'archived' where org_id = 1 and status = 'active'`);
    await t.database.db.execute(sql`update risk_models set status = 'active' where id = ${a}`);
    await expect(t.database.db.execute(sql`update risk_models set status = 'active' where id = ${b}`)).rejects.toThrow();
    expect(await activeIds()).toEqual([a]);
  });

  it('two simultaneous activations leave exactly one active model', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await validatedDraft(`Race ${round} A`);
      const b = await validatedDraft(`Race ${round} B`);
      const [ra, rb] = await Promise.all([manager('POST', `${BASE}/${a}/activate`), manager('POST', `${BASE}/${b}/activate`)]);
      const active = await activeIds();
      expect(active).toHaveLength(1);
      expect([a, b]).toContain(active[0]);
      for (const res of [ra, rb]) {
        expect([200, 409]).toContain(res.statusCode);
        if (res.statusCode === 409)
          expect(res.json().error).toMatchObject({ code: 'single_active_risk_model_error', message: 'Only one active risk model is allowed.' });
      }
      expect([ra, rb].some((r) => r.statusCode === 200)).toBe(true);
    }
  });

  // PGlite runs one statement at a time, so only PostgreSQL can hold both activations mid-way
  it.runIf(process.env.DATABASE_URL)(
    'PostgreSQL: two activations released at the same instant, one wins and the other answers single_active_risk_model_error',
    async () => {
      const current = await validatedDraft('Held active');
      expect((await manager('POST', `${BASE}/${current}/activate`)).statusCode).toBe(200);
      const a = await validatedDraft('Held race A');
      const b = await validatedDraft('Held race B');
      await t.signIn(MANAGER);
      let both: Promise<Awaited<ReturnType<typeof manager>>[]> | undefined;
      await t.database.db.transaction(async (tx) => {
        // both activations block on archiving the active model until this transaction ends
        await tx.execute(sql`select id from risk_models where id = ${current} for update`);
        both = Promise.all([manager('POST', `${BASE}/${a}/activate`), manager('POST', `${BASE}/${b}/activate`)]);
        await new Promise((resolve) => setTimeout(resolve, 500));
      });
      const results = await both!;
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json().error).toEqual({
        code: 'single_active_risk_model_error',
        message: 'Only one active risk model is allowed.',
        details: [],
      });
      const active = await activeIds();
      expect(active).toEqual([results[0].statusCode === 200 ? a : b]);
    },
  );
});
