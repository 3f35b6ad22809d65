import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const call: TestContext['callAs'] = (...args) => t.callAs(...args);
const id = async (query: ReturnType<typeof sql>) => (await t.one<{ id: number }>(query)).id;
const caseIn = (access: string) =>
  id(sql`select c.id from cases c join queues q on q.id = c.queue_id where c.org_id = 1 and q.access_type = ${access}
    and exists (select 1 from case_alerts ca where ca.case_id = c.id) order by c.id limit 1`);
const sarOfCase = (access: string) =>
  id(sql`select s.id from sars s join cases c on c.id = s.case_id join queues q on q.id = c.queue_id
    where s.org_id = 1 and q.access_type = ${access} order by s.id limit 1`);

describe('cases', () => {
  it('retrieves full and short cases in the order asked, leaving out unknown ids', async () => {
    const a = await caseIn('open');
    const b = await id(sql`select id from cases where org_id = 1 and id <> ${a} order by id desc limit 1`);
    const full = (await call('admin@demo.test', 'POST', '/api/investigations/retrieve/case', { object_type: 'CASE', object_ids: [b, 999999, a] })).json();
    expect(full.results.map((c: { id: number }) => c.id)).toEqual([b, a]);
    const withAlerts = full.results[1];
    const alerts = await t.all<{ alert_id: number }>(sql`select alert_id from case_alerts where case_id = ${a} order by alert_id`);
    expect(withAlerts.alerts.map((x: { id: number }) => x.id).sort((x: number, y: number) => x - y)).toEqual(alerts.map((x) => x.alert_id));
    expect(withAlerts.created_by.full_name).toEqual(expect.any(String));
    const short = (await call('analyst@demo.test', 'POST', '/api/investigations/retrieve/case', { object_type: 'CASE', object_ids: [a], short: true })).json();
    expect(Object.keys(short.results[0]).sort()).toEqual(
      ['assigned_to_id', 'assigned_to_name', 'created_at', 'deadline', 'disposition', 'id', 'queue_access_type', 'queue_id', 'status', 'title'].sort(),
    );
  });

  it('hides cases of a restricted queue from non-members', async () => {
    const hidden = await caseIn('restricted');
    expect((await call('analyst@demo.test', 'GET', `/api/cases/cached/${hidden}`)).statusCode).toBe(404);
    expect((await call('analyst@demo.test', 'POST', '/api/investigations/retrieve/case', { object_type: 'CASE', object_ids: [hidden] })).json().results).toEqual([]);
    const member = await call('restricted@demo.test', 'GET', `/api/cases/cached/${hidden}`);
    expect(member.statusCode).toBe(200);
    expect(member.json().queue_access_type).toBe('restricted');
  });

  it("answers 404 for another organisation's case", async () => {
    const a = await caseIn('open');
    expect((await call('admin@northwind.test', 'GET', `/api/cases/cached/${a}`)).statusCode).toBe(404);
  });
});

describe('SARs', () => {
  it('answers the SAR with its case, alerts and related SARs', async () => {
    const sar = await sarOfCase('open');
    const res = await call('analyst@demo.test', 'GET', `/api/sars/${sar}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.case).toMatchObject({ queue_access_type: 'open' });
    expect(body.sars.map((s: { id: number }) => s.id)).not.toContain(sar);
    expect((await call('analyst@demo.test', 'GET', `/api/sars/cached/${sar}`)).json()).toEqual(body);
  });

  it('hides SARs of a case in a restricted queue from non-members', async () => {
    const sar = await sarOfCase('restricted');
    expect((await call('analyst@demo.test', 'GET', `/api/sars/${sar}`)).statusCode).toBe(404);
    expect((await call('analyst@demo.test', 'GET', `/api/sars/cached/${sar}`)).statusCode).toBe(404);
    expect((await call('manager@demo.test', 'GET', `/api/sars/${sar}`)).statusCode).toBe(200);
    expect((await call('admin@northwind.test', 'GET', `/api/sars/${sar}`)).statusCode).toBe(404);
  });
});

describe('detection models, validations and AI outputs', () => {
  it('answers the rule with its spec, and 404 across organisations', async () => {
    const rule = await t.one<{ id: number; spec: unknown }>(sql`select id, spec from rules where org_id = 1 order by id limit 1`);
    const res = await call('analyst@demo.test', 'GET', `/api/detection-models/${rule.id}`);
    expect(res.json().spec).toEqual(rule.spec);
    expect((await call('admin@northwind.test', 'GET', `/api/detection-models/${rule.id}`)).statusCode).toBe(404);
  });

  it('answers alerts_count only for a finished successful run', async () => {
    const runs = await t.all<{ id: number; status: string }>(sql`select id, status from rule_validations where org_id = 1`);
    for (const run of runs) {
      const body = (await call('analyst@demo.test', 'GET', `/api/detection-models/validation/${run.id}`)).json();
      expect(body.status).toBe(run.status.toLowerCase());
      if (body.status === 'success') expect(body.alerts_count).toEqual(expect.any(Number));
      else expect(body.alerts_count).toBeNull();
    }
  });

  it('answers no signals for an object no agent looked at, and 404 outside the organisation', async () => {
    const quiet = await id(sql`select a.id from alerts a where a.org_id = 1 and not exists
      (select 1 from ai_agent_outputs o where o.relation_type = 'ALERT' and o.relation_id = a.id) order by a.id limit 1`);
    const res = await call('admin@demo.test', 'POST', '/api/ai-investigations/ai-agent-outputs', { relation_type: 'ALERT', relation_id: quiet });
    expect(res.json()).toEqual({ is_reviewing: false, signals: [] });
    const seen = await t.one<{ relation_type: string; relation_id: number }>(sql`select relation_type, relation_id from ai_agent_outputs where org_id = 1 limit 1`);
    const found = await call('admin@demo.test', 'POST', '/api/ai-investigations/ai-agent-outputs', seen);
    expect(found.statusCode).toBe(200);
    expect((await call('admin@northwind.test', 'POST', '/api/ai-investigations/ai-agent-outputs', seen)).statusCode).toBe(404);
  });
});
