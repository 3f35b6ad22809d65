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
    expect(
      (await call('analyst@demo.test', 'POST', '/api/investigations/retrieve/case', { object_type: 'CASE', object_ids: [hidden] })).json().results,
    ).toEqual([]);
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
    // the cached read is the same SAR, with its cold-storage state (hot: null)
    expect((await call('analyst@demo.test', 'GET', `/api/sars/cached/${sar}`)).json()).toEqual({ ...body, data_loader: null });
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
    const seen = await t.one<{ relation_type: string; relation_id: number }>(
      sql`select relation_type, relation_id from ai_agent_outputs where org_id = 1 limit 1`,
    );
    const found = await call('admin@demo.test', 'POST', '/api/ai-investigations/ai-agent-outputs', seen);
    expect(found.statusCode).toBe(200);
    expect((await call('admin@northwind.test', 'POST', '/api/ai-investigations/ai-agent-outputs', seen)).statusCode).toBe(404);
  });
});

const agentId = (email: string) => id(sql`select id from agents where email = ${email}`);
const queueId = (title: string) => id(sql`select id from queues where org_id = 1 and title = ${title}`);
/** Demo Bank alerts of a queue that can go into a case. */
const alertsOf = async (queue: string, n: number) =>
  (
    await t.all<{ id: number }>(sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.title = ${queue}
    and a.status <> 'RULE_VALIDATION' order by a.id limit ${n}`)
  ).map((a) => a.id);
const createCase = (as: string, body: Record<string, unknown>) => call(as, 'POST', '/api/cases', body);

describe('case comments', () => {
  it("answers the case's own comments, oldest first", async () => {
    const withComments = await id(sql`select c.id from cases c join queues q on q.id = c.queue_id where c.org_id = 1 and q.access_type = 'open'
      and exists (select 1 from comments m where m.object_type = 'CASE' and m.object_id = c.id) order by c.id limit 1`);
    const expected = await t.all<{ id: number }>(
      sql`select id from comments where object_type = 'CASE' and object_id = ${withComments} order by created_at, id`,
    );
    const found = (await call('analyst@demo.test', 'GET', `/api/cases/cached/${withComments}`)).json();
    expect(found.comments.map((c: { id: number }) => c.id)).toEqual(expected.map((c) => c.id));
  });
});

describe('the case list', () => {
  interface Row {
    id: number;
    status: string;
    created_at: string;
    deadline: string | null;
    queue_id: number | null;
    alert_count: number;
    sar_count: number;
  }
  const list = async (body: Record<string, unknown>, as = 'analyst@demo.test') =>
    (await call(as, 'POST', '/api/cases/list', body)).json<{ count: number; cases: Row[] }>();

  it('filters, sorts with ties by id, pages, and counts only visible alerts and SARs', async () => {
    const all = await list({ limit: 200 });
    const sensitive = await queueId('Sensitive Investigations');
    expect(all.count).toBe(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from cases where org_id = 1 and queue_id is distinct from ${sensitive}`)).n,
    );
    expect(all.cases.some((c) => c.queue_id === sensitive)).toBe(false);
    expect((await list({ queue_ids: [sensitive] })).count).toBe(0);
    expect((await list({ queue_ids: [sensitive] }, 'restricted@demo.test')).count).toBeGreaterThan(0);
    const open = await list({ statuses: ['OPEN'], sort_column: 'deadline', sort_direction: 'ascending', limit: 200 });
    expect(open.cases.every((c) => c.status === 'OPEN')).toBe(true);
    const deadlines = open.cases.map((c) => c.deadline ?? '~');
    expect(deadlines).toEqual([...deadlines].sort());
    const byId = await list({ sort_column: 'id', sort_direction: 'ascending', limit: 3, offset: 1 });
    expect(byId.cases.map((c) => c.id)).toEqual([...all.cases.map((c) => c.id)].sort((a, b) => a - b).slice(1, 4));
    const busy = all.cases.find((c) => c.alert_count > 0)!;
    const alerts = await t.one<{ n: number }>(sql`select count(*)::int as n from case_alerts ca join alerts a on a.id = ca.alert_id
      where ca.case_id = ${busy.id} and a.queue_id is distinct from ${sensitive}`);
    expect(busy.alert_count).toBe(alerts.n);
    const me = await agentId('analyst@demo.test');
    const mine = await list({ assignee_ids: [me, -1] });
    expect(mine.count).toBe(
      (
        await t.one<{ n: number }>(sql`select count(*)::int as n from cases where org_id = 1
      and queue_id is distinct from ${sensitive} and (assigned_to_id = ${me} or assigned_to_id is null)`)
      ).n,
    );
  });
});

describe('creating a case from alerts', () => {
  it("opens a case in the first alert's queue with its deadline, links alerts and entities, notifies and audits", async () => {
    const [first, second] = await alertsOf('High Risk', 2);
    const analyst = await agentId('analyst@demo.test');
    const res = await createCase('manager@demo.test', { title: ' Structuring ring ', alert_ids: [second, first], assigned_to_id: analyst });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    const highRisk = await queueId('High Risk');
    expect(created).toMatchObject({
      title: 'Structuring ring',
      status: 'OPEN',
      queue_id: highRisk,
      assigned_to_id: analyst,
      created_by: { full_name: 'Morgan Manager' },
    });
    expect(created.alerts.map((a: { id: number }) => a.id).sort()).toEqual([first, second].sort());
    // High Risk gives new work seven days
    expect(Date.parse(created.deadline) - Date.parse(created.start_date)).toBe(7 * 86_400_000);
    const linked = await t.one<{ cases: number; alerts: number; entities: number; expected: number }>(sql`select
      (select count(*)::int from case_alerts where case_id = ${created.id}) as cases,
      (select count(*)::int from alerts where case_id = ${created.id}) as alerts,
      (select count(*)::int from case_entities where case_id = ${created.id}) as entities,
      (select count(distinct entity_id)::int from alert_entities where alert_id in (${first}, ${second})) as expected`);
    expect(linked).toEqual({ cases: 2, alerts: 2, entities: linked.expected, expected: expect.any(Number) });
    expect(linked.expected).toBeGreaterThan(0);
    expect(
      await t.all(sql`select entity_type, entity_id from notifications where agent_id = ${analyst} and entity_id = ${created.id} and entity_type = 'CASE'`),
    ).toHaveLength(1);
    const trail = (await call('manager@demo.test', 'GET', `/api/audit-log?object_type=CASE&object_id=${created.id}`)).json().entries;
    expect(trail[0]).toMatchObject({ action: 'case.created', before: null, after: { title: 'Structuring ring', queue_id: highRisk, assigned_to_id: analyst } });
    const alertTrail = (await call('manager@demo.test', 'GET', `/api/audit-log?object_type=ALERT&object_id=${first}`)).json().entries;
    expect(alertTrail[0]).toMatchObject({ action: 'alert.case_linked', after: { case_id: created.id } });
  });

  it('gives 30 days where the queue sets no deadline, and takes a queue named in the request', async () => {
    const general = await queueId('General');
    await t.database.db.execute(sql`update queues set deadline_seconds = null where id = ${general}`);
    const [alert] = await alertsOf('Fraud Ops', 1);
    const created = (await createCase('analyst@demo.test', { title: 'Card testing', alert_ids: [alert], queue_id: general })).json();
    expect(created.queue_id).toBe(general);
    expect(Date.parse(created.deadline) - Date.parse(created.start_date)).toBe(30 * 86_400_000);
  });

  it('refuses a restricted queue the caller is not in (404), whether named or inherited from an alert', async () => {
    const sensitive = await queueId('Sensitive Investigations');
    const [open] = await alertsOf('General', 1);
    const [hidden] = await alertsOf('Sensitive Investigations', 1);
    const before = await t.one<{ n: number }>(sql`select count(*)::int as n from cases`);
    const named = await createCase('analyst@demo.test', { title: 'Into the sensitive queue', alert_ids: [open], queue_id: sensitive });
    expect(named.statusCode).toBe(404);
    expect(named.json().error.message).toBe('Queue not found');
    expect((await createCase('analyst@demo.test', { title: 'From a sensitive alert', alert_ids: [hidden, open] })).statusCode).toBe(404);
    expect(await t.one(sql`select count(*)::int as n from cases`)).toEqual(before);
    expect((await createCase('manager@demo.test', { title: 'Member', alert_ids: [hidden] })).json().queue_id).toBe(sensitive);
  });

  it('lets a queue-restricted agent open cases only in queues open to them', async () => {
    // restricted@demo.test gets create_cases here; the demo grants it read permissions only
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select 1, 'agent', a.id, p.id from agents a, permissions p where a.email = 'restricted@demo.test' and p.name = 'create_cases'`);
    const other = (
      await call('manager@demo.test', 'POST', '/api/queues', {
        title: 'Staff matters',
        access_type: 'restricted',
        member_ids: [await agentId('manager@demo.test')],
      })
    ).json();
    const [mine] = await alertsOf('Sensitive Investigations', 1);
    const elsewhere = await createCase('restricted@demo.test', { title: 'Elsewhere', alert_ids: [mine], queue_id: other.id });
    expect(elsewhere.statusCode).toBe(404);
    const [moved] = await alertsOf('General', 1);
    await t.database.db.execute(sql`update alerts set queue_id = ${other.id} where id = ${moved}`);
    expect((await createCase('restricted@demo.test', { title: 'Their alert', alert_ids: [moved] })).statusCode).toBe(404);
    const ok = await createCase('restricted@demo.test', { title: 'Mine', alert_ids: [mine] });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().queue_access_type).toBe('restricted');
  });

  it('refuses rule validation alerts (400), an assignee outside the organisation (404) or outside a restricted queue (400)', async () => {
    const validation = await id(sql`select id from alerts where org_id = 1 and status = 'RULE_VALIDATION' limit 1`);
    expect((await createCase('admin@demo.test', { title: 'Validation', alert_ids: [validation] })).statusCode).toBe(400);
    const [alert] = await alertsOf('General', 1);
    for (const email of ['analyst@northwind.test', 'diego.alvarez@demo.test']) {
      expect((await createCase('manager@demo.test', { title: 'x', alert_ids: [alert], assigned_to_id: await agentId(email) })).statusCode).toBe(404);
    }
    const sensitive = await queueId('Sensitive Investigations');
    const outsider = await createCase('manager@demo.test', {
      title: 'x',
      alert_ids: [alert],
      queue_id: sensitive,
      assigned_to_id: await agentId('analyst@demo.test'),
    });
    expect(outsider.statusCode).toBe(400);
    expect((await createCase('admin@northwind.test', { title: 'x', alert_ids: [alert] })).statusCode).toBe(404);
  });
});

describe('working a case', () => {
  it('adds alerts once, refuses a CLOSED case, and changes status with the alert rules', async () => {
    const [a, b, c] = await alertsOf('General', 3);
    const created = (await createCase('manager@demo.test', { title: 'Growing case', alert_ids: [a] })).json();
    const added = await call('analyst@demo.test', 'POST', `/api/cases/${created.id}/alerts`, { alert_ids: [a, b] });
    expect(added.statusCode, added.body).toBe(200);
    expect(
      added
        .json()
        .alerts.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual([a, b].sort());
    const trail = (await call('analyst@demo.test', 'GET', `/api/audit-log?object_type=CASE&object_id=${created.id}`)).json().entries;
    expect(trail[0]).toMatchObject({ action: 'case.alerts_added', after: { alert_ids: [b] } });
    const status = (body: object) => call('analyst@demo.test', 'POST', `/api/cases/${created.id}/status`, body);
    expect((await status({ status: 'CLOSED' })).statusCode).toBe(400);
    expect((await status({ status: 'OPEN' })).statusCode).toBe(409);
    expect((await status({ status: 'CLOSED', disposition: 'TRUE_POSITIVE', disposition_notes: 'SAR to follow' })).json()).toMatchObject({
      status: 'CLOSED',
      disposition: 'TRUE_POSITIVE',
    });
    expect((await call('analyst@demo.test', 'POST', `/api/cases/${created.id}/alerts`, { alert_ids: [c] })).statusCode).toBe(409);
    const [hidden] = await alertsOf('Sensitive Investigations', 1);
    expect((await status({ status: 'OPEN' })).json()).toMatchObject({ status: 'OPEN', disposition: null, closed_at: null });
    expect((await call('analyst@demo.test', 'POST', `/api/cases/${created.id}/alerts`, { alert_ids: [c, hidden] })).statusCode).toBe(404);
    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from case_alerts where case_id = ${created.id}`)).n).toBe(2);
    const closedTrail = (await call('analyst@demo.test', 'GET', `/api/audit-log?object_type=CASE&object_id=${created.id}`)).json().entries;
    expect(closedTrail[0]).toMatchObject({
      action: 'case.status_changed',
      before: { status: 'CLOSED', disposition: 'TRUE_POSITIVE' },
      after: { status: 'OPEN', disposition: null },
    });
  });
});
