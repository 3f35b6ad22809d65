import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso } from '../../server/db/sql.js';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

const tracking = (body: unknown) => t.call({ method: 'POST', url: '/api/ai-admin-dashboard/tracking-info', payload: body as never, token });
type Row = { id: number; org_id: number; cost: number; status: string; model_name: string; created_at: string; tokens_used: number };

describe('AI agents', () => {
  it('lists one entry per organisation, and auto-setup configures it idempotently', async () => {
    const list = await t.call({ method: 'GET', url: '/api/ai-admin-dashboard/agents', token });
    expect(list.statusCode).toBe(200);
    const agents = list.json().agents as { org_id: number; org_name: string; status: string }[];
    const orgs = await t.one<{ n: number }>(sql`select count(*)::int as n from organisations`);
    expect(agents).toHaveLength(orgs.n);
    expect(agents.map((a) => a.org_name)).toEqual([...agents.map((a) => a.org_name)].sort());
    const north = agents.find((a) => a.org_name === 'Northwind Credit Union')!;
    expect(north.status).not.toBe('configured');

    const setup = await t.call({ method: 'POST', url: '/api/ai-admin-dashboard/agents/auto-setup', payload: { org_id: north.org_id }, token });
    expect(setup.statusCode).toBe(200);
    expect(setup.json()).toEqual({ org_id: north.org_id, org_name: 'Northwind Credit Union', status: 'configured' });
    const again = await t.call({ method: 'POST', url: '/api/ai-admin-dashboard/agents/auto-setup', payload: { org_id: north.org_id }, token });
    expect(again.json().status).toBe('configured');
    const audits = await t.one<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'ai_agent.configured' and org_id = ${north.org_id}`);
    expect(audits.n).toBe(1);
  });

  it('answers 404 for an unknown organisation', async () => {
    const res = await t.call({ method: 'POST', url: '/api/ai-admin-dashboard/agents/auto-setup', payload: { org_id: 99999 }, token });
    expect(res.statusCode).toBe(404);
  });

  it('is for AI admins only', async () => {
    for (const email of ['manager@demo.test', 'admin@northwind.test']) {
      const res = await t.call({ method: 'GET', url: '/api/ai-admin-dashboard/agents', token: await t.signIn(email) });
      expect(res.statusCode, email).toBe(403);
    }
  });
});

describe('AI tracking', () => {
  it('pages every organisation’s records newest first by default', async () => {
    const total = await t.one<{ n: number }>(sql`select count(*)::int as n from ai_tracking`);
    expect(total.n).toBeGreaterThan(3);
    const first = await tracking({ limit: 3 });
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(total.n);
    const rows = first.json().tracking_info as Row[];
    expect(rows).toHaveLength(3);
    const times = rows.map((r) => Date.parse(r.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = (await tracking({ limit: 3, offset: 3 })).json().tracking_info as Row[];
    expect(second.map((r) => r.id)).not.toContain(rows[0].id);
    const all = await t.all<{ id: number }>(sql`select id from ai_tracking order by created_at desc, id desc limit 6`);
    expect([...rows, ...second].map((r) => r.id)).toEqual(all.map((r) => r.id));
  });

  it('sorts by a column in either direction', async () => {
    const asc = (await tracking({ limit: 100, sort_column: 'cost', sort_direction: 'ascending' })).json().tracking_info as Row[];
    expect(asc.map((r) => r.cost)).toEqual([...asc.map((r) => r.cost)].sort((a, b) => a - b));
    const desc = (await tracking({ limit: 100, sort_column: 'tokens_used', sort_direction: 'descending' })).json().tracking_info as Row[];
    expect(desc.map((r) => r.tokens_used)).toEqual([...desc.map((r) => r.tokens_used)].sort((a, b) => b - a));
  });

  it('combines filters with AND', async () => {
    const sample = await t.one<{ status: string; model_name: string }>(sql`select status, model_name from ai_tracking order by id limit 1`);
    const expected = await t.one<{ n: number }>(
      sql`select count(*)::int as n from ai_tracking where status = ${sample.status} and strpos(lower(model_name), lower(${sample.model_name.slice(1, 5)})) > 0 and cost > 0`,
    );
    const res = await tracking({
      limit: 100,
      filters: [
        { key: 'status', operator: 'eq', value: sample.status },
        { key: 'model_name', operator: 'contains', value: sample.model_name.slice(1, 5).toUpperCase() },
        { key: 'cost', operator: 'gt', value: '0' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(expected.n);
    for (const r of res.json().tracking_info as Row[]) {
      expect(r.status).toBe(sample.status);
      expect(r.cost).toBeGreaterThan(0);
    }
    const other = await tracking({ limit: 1, filters: [{ key: 'status', operator: 'neq', value: sample.status }] });
    const neq = await t.one<{ n: number }>(sql`select count(*)::int as n from ai_tracking where status <> ${sample.status}`);
    expect(other.json().count).toBe(neq.n);
  });

  it('filters on dates', async () => {
    const middle = await t.one<{ at: Date | string }>(
      sql`select created_at as at from ai_tracking order by created_at offset (select count(*) / 2 from ai_tracking) limit 1`,
    );
    const at = iso(middle.at);
    const expected = await t.one<{ n: number }>(sql`select count(*)::int as n from ai_tracking where created_at >= ${at}::timestamptz`);
    const res = await tracking({ filters: [{ key: 'created_at', operator: 'gte', value: at }] });
    expect(res.json().count).toBe(expected.n);
  });

  it('answers 400 for a numeric operator on text, contains on a number, or a non-numeric number', async () => {
    for (const filter of [
      { key: 'model_name', operator: 'gt', value: 'a' },
      { key: 'cost', operator: 'contains', value: '1' },
      { key: 'latency_ms', operator: 'eq', value: 'fast' },
      { key: 'created_at', operator: 'lt', value: 'yesterday' },
    ]) {
      const res = await tracking({ filters: [filter] });
      expect(res.statusCode, JSON.stringify(filter)).toBe(400);
    }
    expect((await tracking({ filters: [{ key: 'raw_prompt', operator: 'eq', value: 'x' }] })).statusCode).toBe(400);
    expect((await tracking({ limit: 101 })).statusCode).toBe(400);
  });
});

describe('AI stats', () => {
  it('aggregates cost and calls per organisation and relation type', async () => {
    const res = await t.call({ method: 'GET', url: '/api/ai-admin-dashboard/ai-stats', token });
    expect(res.statusCode).toBe(200);
    const stats = res.json().stats as {
      org_name: string;
      relation_type: string;
      total_cost: number;
      cost_per_relation: number;
      total_llm_calls: number;
      total_relations: number;
    }[];
    expect(stats.length).toBeGreaterThan(0);
    const calls = await t.one<{ n: number }>(sql`select count(*)::int as n from ai_tracking where ai_investigations_result_id is not null`);
    expect(stats.reduce((s, r) => s + r.total_llm_calls, 0)).toBe(calls.n);
    for (const row of stats) expect(row.cost_per_relation).toBeCloseTo(row.total_cost / row.total_relations, 6);
  });
});
