import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

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

  it("Northwind's model is not Demo Bank's", async () => {
    const nw = await t.signIn('admin@northwind.test');
    const mine = (await t.call({ method: 'GET', url: '/api/risk/active-risk-model', token: nw })).json();
    const demo = await t.one<{ id: number }>(sql`select id from risk_models where org_id = 1 and status = 'active'`);
    expect(mine.id).not.toBe(demo.id);
  });
});
