import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateEntities, writeScores } from '../../server/domain/risk/index.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { alertFor, entity, gt, lt, NOW, ORG, param, storedModel } from './helpers/risk-fixtures.js';

let t: TestContext;
let analyst: string;

beforeAll(async () => {
  t = await createTestContext();
  analyst = await t.signIn('analyst@demo.test');
});
afterAll(() => t.close());

const scores = (ids: string[]) => t.call({ method: 'POST', url: '/api/risk/entities/scores', payload: { entity_external_ids: ids }, token: analyst });

describe('risk scores', () => {
  it('answers the latest score of each known entity under the active model; unknown and foreign ids are left out', async () => {
    const model = await t.one<{ id: number; title: string }>(sql`select id, title from risk_models where org_id = 1 and status = 'active'`);
    const scored = await t.one<{ external_id: string; score: number; created_at: Date }>(
      sql`select e.external_id, r.score::float8 as score, r.created_at from risk_score_results r join entities e on e.id = r.entity_id
        where r.org_id = 1 and r.risk_model_id = ${model.id} order by r.entity_id, r.created_at desc, r.id desc limit 1`,
    );
    const unscored = await t.all<{ external_id: string }>(
      sql`select external_id from entities e where org_id = 1 and not exists (select 1 from risk_score_results r where r.entity_id = e.id and r.risk_model_id = ${model.id}) limit 1`,
    );
    const nw = await t.one<{ external_id: string }>(sql`select external_id from entities where org_id = 2 limit 1`);
    const ids = [scored.external_id, nw.external_id, 'no-such-entity', ...unscored.map((u) => u.external_id)];
    const res = (await scores(ids)).json();
    expect(Object.keys(res.results).sort()).toEqual([scored.external_id, ...unscored.map((u) => u.external_id)].sort());
    expect(res.results[scored.external_id]).toMatchObject({
      risk_model: { id: model.id, title: model.title },
      result: { score: scored.score, created_at: new Date(scored.created_at).toISOString() },
    });
    for (const u of unscored) expect(res.results[u.external_id]).toEqual({ risk_model: { id: model.id, title: model.title }, result: null });
  });

  it('answers the active model, or an empty object (and null models) when none is active', async () => {
    const active = (await t.call({ method: 'GET', url: '/api/risk/active-risk-model', token: analyst })).json();
    const model = await t.one<{ id: number }>(sql`select id from risk_models where org_id = 1 and status = 'active'`);
    expect(active).toMatchObject({ id: model.id, status: 'active', entity_risk_segments: expect.any(Array) });
    const entity = await t.one<{ external_id: string }>(sql`select external_id from entities where org_id = 1 limit 1`);
    await t.database.db.execute(sql`update risk_models set status = 'archived' where id = ${model.id}`);
    try {
      expect((await t.call({ method: 'GET', url: '/api/risk/active-risk-model', token: analyst })).json()).toEqual({});
      expect((await scores([entity.external_id])).json().results[entity.external_id]).toEqual({ risk_model: null, result: null });
    } finally {
      await t.database.db.execute(sql`update risk_models set status = 'active' where id = ${model.id}`);
    }
  });

  it('answers the full trace of a score the engine stored in its lean form, rebuilt from the model', async () => {
    const seeded = await t.one<{ id: number }>(sql`select id from risk_models where org_id = ${ORG} and status = 'active'`);
    const parameters = [
      param(7, 'new_member_risk', 0.5, [{ metric: 'account_age_months', unknown_risk: 100, risk_mappings: [lt(3, 100), lt(6, 80)] }]),
      param(8, 'alert_and_case_risk', 0.3, [
        { metric: 'alert_count_12m', risk_mappings: [gt(0, 60)] },
        { metric: 'case_count_12m', risk_mappings: [gt(0, 100)] },
      ]),
      param(9, 'address_risk', 0.2, [{ metric: 'address_region', metric_type: 'text', unknown_risk: 100, risk_mappings: [] }]),
    ];
    const modelId = await storedModel(t.database.db, [{ id: 'all', title: 'Everyone', filters: [], parameters }]);
    const id = await entity(t.database.db, { registered: '2026-09-15T00:00:00Z' }); // 1 month old at NOW
    await alertFor(t.database.db, id);
    const { external_id } = await t.one<{ external_id: string }>(sql`select external_id from entities where id = ${id}`);
    const model = await t.one<{ id: number; segments: unknown }>(sql`select id, segments from risk_models where id = ${modelId}`);
    await t.database.db.execute(sql`update risk_models set status = 'archived' where id = ${seeded.id}`);
    try {
      await t.database.db.execute(sql`update risk_models set status = 'active' where id = ${modelId}`);
      await writeScores(t.database.db, ORG, modelId, await evaluateEntities(t.database.db, ORG, model, [id], { now: NOW }), true);
      // stored lean: the segment and each metric's raw value and outcome, not the trace
      const stored = await t.one<{ snapshot: unknown; score: number }>(
        sql`select snapshot, score::float8 as score from risk_score_results where entity_id = ${id}`,
      );
      expect(stored).toEqual({
        score: 88,
        snapshot: { v: 2, entity_segment_id: 'all', entity_segment_title: 'Everyone', values: [1, 0, 1, 0, 0, -2, null, -1] },
      });

      const result = (await scores([external_id])).json().results[external_id].result;
      // 0.5 × 100 + 0.3 × 60 + 0.2 × 100 = 88
      expect(result.score).toBe(88);
      expect(result.snapshot).toEqual({
        entity_segment_title: 'Everyone',
        entity_segment_id: 1,
        trace: [
          {
            parameter: 'new_member_risk',
            weight: 0.5,
            parameter_trace: {
              parameter_risk_score: 100,
              parameter_id: 7,
              risk_metric: 'account_age_months',
              risk_metric_tracking_id: `${modelId}:all:7:0`,
              risk_metric_trace: {
                raw_value: 1,
                risk_mapping_trace: { matched_mapping: { index: 0, operator: 'less_than', value: 3, risk: 100 }, default_used: null, default_high: false },
              },
            },
          },
          {
            parameter: 'alert_and_case_risk',
            weight: 0.3,
            parameter_trace: {
              parameter_risk_score: 60,
              parameter_id: 8,
              risk_metric: 'alert_count_12m',
              risk_metric_tracking_id: `${modelId}:all:8:0`,
              risk_metric_trace: {
                raw_value: 1,
                risk_mapping_trace: { matched_mapping: { index: 0, operator: 'greater_than', value: 0, risk: 60 }, default_used: null, default_high: false },
              },
            },
          },
          {
            parameter: 'address_risk',
            weight: 0.2,
            parameter_trace: {
              parameter_risk_score: 100,
              parameter_id: 9,
              risk_metric: 'address_region',
              risk_metric_tracking_id: `${modelId}:all:9:0`,
              risk_metric_trace: { raw_value: null, risk_mapping_trace: { matched_mapping: null, default_used: 'unknown_risk', default_high: true } },
            },
          },
        ],
      });
    } finally {
      await t.database.db.execute(sql`update risk_models set status = 'archived' where id = ${modelId}`);
      await t.database.db.execute(sql`update risk_models set status = 'active' where id = ${seeded.id}`);
    }
  });

  it("Northwind's model is not Demo Bank's", async () => {
    const nw = await t.signIn('admin@northwind.test');
    const mine = (await t.call({ method: 'GET', url: '/api/risk/active-risk-model', token: nw })).json();
    const demo = await t.one<{ id: number }>(sql`select id from risk_models where org_id = 1 and status = 'active'`);
    expect(mine.id).not.toBe(demo.id);
  });
});
