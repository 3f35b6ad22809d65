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
const agentId = (email: string) => id(sql`select id from agents where email = ${email}`);

/** A Demo Bank alert in the restricted "Sensitive Investigations" queue, and one in an open queue. */
const sensitiveAlert = () =>
  id(sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.title = 'Sensitive Investigations' order by a.id limit 1`);
/** The nth Demo Bank alert of an open queue, put in the given status first (each test file has its own database). */
async function openAlert(status = 'OPEN', offset = 0) {
  const alert = await id(sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.access_type = 'open'
    order by a.id limit 1 offset ${offset}`);
  await t.database.db.execute(sql`update alerts set status = ${status} where id = ${alert}`);
  return alert;
}

/** The nth Demo Bank case of an open queue, put in status OPEN and unassigned. */
async function openCase(offset = 0) {
  const found = await id(sql`select c.id from cases c join queues q on q.id = c.queue_id where c.org_id = 1 and q.access_type = 'open'
    order by c.id limit 1 offset ${offset}`);
  await t.database.db.execute(sql`update cases set status = 'OPEN', assigned_to_id = null where id = ${found}`);
  return found;
}

describe('organisation scoping', () => {
  it("another organisation's alert answers 404 and is left out of by-id lists", async () => {
    const alert = await openAlert();
    expect((await call('analyst@northwind.test', 'GET', `/api/alerts/cached/${alert}`)).statusCode).toBe(404);
    expect((await call('admin@northwind.test', 'POST', `/api/alerts/${alert}/hits`, {})).statusCode).toBe(404);
    const retrieved = await call('analyst@northwind.test', 'POST', '/api/investigations/retrieve/alert', { object_type: 'ALERT', object_ids: [alert] });
    expect(retrieved.json()).toEqual({ results: [] });
    const dispositions = await call('analyst@northwind.test', 'GET', `/api/alert/disposition?ids=${alert}`);
    expect(dispositions.json()).toEqual({ dispositions: [] });
  });

  it('ids beyond the database integer range are refused by the contract; the largest id names nothing', async () => {
    expect((await call('analyst@demo.test', 'GET', '/api/alerts/cached/99999999999')).statusCode).toBe(400);
    expect((await call('analyst@demo.test', 'GET', '/api/alerts/cached/2147483647')).statusCode).toBe(404);
    expect((await call('analyst@demo.test', 'GET', '/api/alert/disposition?ids=9999999999')).json()).toEqual({ dispositions: [] });
    const beyond = { object_ids: [99999999999], object_type: 'ALERT', agent_id: -1 };
    expect((await call('manager@demo.test', 'POST', '/api/investigations/action', beyond)).statusCode).toBe(400);
    const largest = { object_ids: [2147483647], object_type: 'ALERT', agent_id: -1 };
    expect((await call('manager@demo.test', 'POST', '/api/investigations/action', largest)).statusCode).toBe(404);
  });

  it('external ids of another organisation match nothing', async () => {
    const external = (
      await t.one<{ external_id: string }>(sql`select e.external_id from alert_entities ae join entities e on e.id = ae.entity_id where ae.org_id = 1 limit 1`)
    ).external_id;
    const res = await call('analyst@northwind.test', 'POST', '/api/alerts/cached/list', { entity_external_ids: [external] });
    expect(res.json()).toEqual({ count: 0, alerts: [] });
  });
});

describe('restricted queues', () => {
  it('an alert of a restricted queue exists only for its members and root_all', async () => {
    const alert = await sensitiveAlert();
    expect((await call('analyst@demo.test', 'GET', `/api/alerts/cached/${alert}`)).statusCode).toBe(404);
    expect((await call('analyst@demo.test', 'POST', `/api/alerts/${alert}/transactions`, {})).statusCode).toBe(404);
    const member = await call('restricted@demo.test', 'GET', `/api/alerts/cached/${alert}`);
    expect(member.statusCode).toBe(200);
    expect(member.json().queue).toMatchObject({ title: 'Sensitive Investigations', access_type: 'restricted' });
    expect((await call('admin@demo.test', 'GET', `/api/alerts/cached/${alert}`)).statusCode).toBe(200);
  });

  it('is left out of lists and counts for non-members', async () => {
    const alert = await sensitiveAlert();
    const body = { object_type: 'ALERT', object_ids: [alert] };
    expect((await call('analyst@demo.test', 'POST', '/api/investigations/retrieve/alert', body)).json().results).toEqual([]);
    expect((await call('restricted@demo.test', 'POST', '/api/investigations/retrieve/alert', { ...body, short: true })).json().results).toHaveLength(1);
    expect((await call('analyst@demo.test', 'GET', `/api/alert/disposition?ids=${alert}`)).json().dispositions).toEqual([]);
    const entities = await t.all<{ external_id: string }>(
      sql`select e.external_id from alert_entities ae join entities e on e.id = ae.entity_id where ae.alert_id = ${alert}`,
    );
    const list = { entity_external_ids: entities.map((e) => e.external_id) };
    const member = (await call('restricted@demo.test', 'POST', '/api/alerts/cached/list', list)).json();
    const other = (await call('analyst@demo.test', 'POST', '/api/alerts/cached/list', list)).json();
    expect(member.alerts.map((a: { id: number }) => a.id)).toContain(alert);
    expect(other.alerts.map((a: { id: number }) => a.id)).not.toContain(alert);
    expect(other.count).toBe(
      member.count - member.alerts.filter((a: { queue: { access_type: string } | null }) => a.queue?.access_type === 'restricted').length,
    );
  });
});

describe('alert reads', () => {
  it('pages hits ten at a time, newest first', async () => {
    const alert = await openAlert();
    const rule = await id(sql`select id from rules where org_id = 1 order by id limit 1`);
    await t.database.db.execute(sql`insert into alert_hits (org_id, alert_id, rule_id, created_at, window_end, variable_snapshots)
      select 1, ${alert}, ${rule}, now() - make_interval(hours => g), now() - make_interval(hours => g), jsonb_build_object('n', g)
      from generate_series(1, 12) g`);
    const total = (await t.one<{ n: number }>(sql`select count(*)::int as n from alert_hits where alert_id = ${alert}`)).n;
    const first = (await call('analyst@demo.test', 'POST', `/api/alerts/${alert}/hits`, {})).json();
    expect(first.count).toBe(total);
    expect(first.hits).toHaveLength(10);
    const times = first.hits.map((h: { created_at: string }) => h.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const second = (await call('analyst@demo.test', 'POST', `/api/alerts/${alert}/hits`, { offset: 10 })).json();
    expect(second.hits).toHaveLength(Math.min(10, total - 10));
    expect(second.hits[0].id).not.toBe(first.hits[9].id);
    const snapshots = (await call('analyst@demo.test', 'GET', `/api/alerts/cached/${alert}`)).json().variable_snapshots;
    expect(snapshots).toHaveLength(total);
  });

  it('answers dispositions in the order asked, INCONCLUSIVE as NEEDS_REVIEW', async () => {
    const a = await openAlert('CLOSED', 10);
    const b = await openAlert('CLOSED', 11);
    await t.database.db.execute(sql`update alerts set disposition = 'INCONCLUSIVE', disposition_notes = 'unclear' where id = ${a}`);
    await t.database.db.execute(sql`update alerts set disposition = 'FALSE_POSITIVE', disposition_notes = null where id = ${b}`);
    const res = await call('analyst@demo.test', 'GET', `/api/alert/disposition?ids=${b},999999,${a}`);
    expect(res.json().dispositions).toEqual([
      { alert_id: b, disposition: 'FALSE_POSITIVE', disposition_notes: null },
      { alert_id: a, disposition: 'NEEDS_REVIEW', disposition_notes: 'unclear' },
    ]);
  });

  it('answers the linked objects of an alert with their counts', async () => {
    const alert = await id(sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.access_type = 'open'
      and exists (select 1 from alert_transactions x where x.alert_id = a.id) order by a.id limit 1`);
    const links = await t.one<{ txns: number; entities: number }>(sql`select
      (select count(*)::int from alert_transactions where alert_id = ${alert}) as txns,
      (select count(*)::int from alert_entities where alert_id = ${alert}) as entities`);
    const txns = (await call('analyst@demo.test', 'GET', `/api/alerts/${alert}/transactions?limit=1`)).json();
    expect(txns.count).toBe(links.txns);
    expect(txns.txn_events).toHaveLength(1);
    expect(txns.txn_events[0].alert_ids).toContain(alert);
    expect(txns.txn_events[0].data_loader).toBeNull();
    const cached = (await call('analyst@demo.test', 'GET', `/api/alerts/cached/${alert}/transactions`)).json();
    expect(cached.txn_events[0].data_loader).toBeNull();
    const entities = (await call('analyst@demo.test', 'POST', `/api/alerts/${alert}/entities`, {})).json();
    expect(entities.count).toBe(links.entities);
  });
});

describe('deadline edits', () => {
  it('moves an open alert deadline from its current value and audits it', async () => {
    const alert = await openAlert('OPEN', 2);
    const before = await t.one<{ deadline: string }>(sql`select to_json(deadline) #>> '{}' as deadline from alerts where id = ${alert}`);
    const previous = new Date(before.deadline);
    const res = await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: alert, duration: 7200 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      article_id: alert,
      object_type: 'ALERT',
      previous_deadline: previous.toISOString(),
      deadline: new Date(previous.getTime() + 7_200_000).toISOString(),
    });
    const audited = await t.one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'alert.deadline_edit' and object_id = ${String(alert)}`,
    );
    expect(audited.n).toBe(1);
  });

  it('starts from now when there is no deadline, and refuses one before the start date', async () => {
    const alert = await openAlert('OPEN', 3);
    await t.database.db.execute(sql`update alerts set deadline = null, start_date = now() + interval '2 days' where id = ${alert}`);
    const early = await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: alert, duration: 86_400 });
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toMatch(/^Deadline must be after start date /);
    const res = await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: alert, duration: 3 * 86_400 });
    expect(res.statusCode).toBe(200);
    expect(res.json().previous_deadline).toBeNull();
    expect(Math.abs(new Date(res.json().deadline).getTime() - (Date.now() + 3 * 86_400_000))).toBeLessThan(60_000);
  });

  it('answers 409 outside the editable states', async () => {
    const closed = await openAlert('CLOSED', 12);
    expect((await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: closed, duration: 60 })).statusCode).toBe(409);
    const closedCase = await id(sql`select id from cases where org_id = 1 and status = 'CLOSED' limit 1`);
    expect((await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: closedCase, object_type: 'CASE', duration: 60 })).statusCode).toBe(
      409,
    );
    const archived = await id(sql`select id from sars where org_id = 1 and status = 'ARCHIVED' limit 1`);
    expect((await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: archived, object_type: 'SAR', duration: 60 })).statusCode).toBe(409);
    const submitted = await id(sql`select id from sars where org_id = 1 and submitted and status <> 'ARCHIVED' limit 1`);
    expect((await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: submitted, object_type: 'SAR', duration: 60 })).statusCode).toBe(409);
    const draft = await id(sql`select id from sars where org_id = 1 and not submitted and status <> 'ARCHIVED' limit 1`);
    expect((await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: draft, object_type: 'SAR', duration: -60 })).statusCode).toBe(200);
    expect(
      (await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: await openCase(0), object_type: 'CASE', duration: 60 })).statusCode,
    ).toBe(200);
  });

  it('needs edit_deadlines and an object of the organisation', async () => {
    const alert = await openAlert('OPEN', 2);
    expect((await call('analyst@demo.test', 'POST', '/api/deadlines/edit', { article_id: alert, duration: 60 })).statusCode).toBe(403);
    expect((await call('admin@northwind.test', 'POST', '/api/deadlines/edit', { article_id: alert, duration: 60 })).statusCode).toBe(404);
  });
});

describe('assignment and queue changes', () => {
  it('assigns, notifies the new assignee, and unassigns with -1', async () => {
    const alert = await openAlert('OPEN', 4);
    const analyst = await agentId('analyst@demo.test');
    await t.database.db.execute(sql`update alerts set assigned_to_id = null where id = ${alert}`);
    const res = await call('manager@demo.test', 'POST', '/api/investigations/action', { object_ids: [alert], object_type: 'ALERT', agent_id: analyst });
    expect(res.statusCode).toBe(200);
    expect(res.json().updated).toEqual([{ id: alert, assigned_to_id: analyst, assigned_to_name: 'Avery Analyst', queue_id: expect.any(Number) }]);
    const notes = await t.all<{ entity_type: string }>(sql`select entity_type from notifications where agent_id = ${analyst} and entity_id = ${alert}`);
    expect(notes).toEqual([{ entity_type: 'ALERT' }]);
    const cleared = await call('manager@demo.test', 'POST', '/api/investigations/action', { object_ids: [alert], object_type: 'ALERT', agent_id: -1 });
    expect(cleared.json().updated[0]).toMatchObject({ assigned_to_id: null, assigned_to_name: null });
    expect((await t.one<{ a: number | null }>(sql`select assigned_to_id as a from alerts where id = ${alert}`)).a).toBeNull();
  });

  it('is all or nothing: one CLOSED alert makes it 409 and changes nothing', async () => {
    const open = await openAlert('OPEN', 5);
    const closed = await openAlert('CLOSED', 13);
    const queue = await id(sql`select id from queues where org_id = 1 and access_type = 'open' order by id desc limit 1`);
    const before = await t.one<{ queue_id: number }>(sql`select queue_id from alerts where id = ${open}`);
    const res = await call('manager@demo.test', 'POST', '/api/investigations/action', {
      object_ids: [open, closed],
      object_type: 'ALERT',
      investigation_queue_id: queue,
    });
    expect(res.statusCode).toBe(409);
    expect(await t.one(sql`select queue_id from alerts where id = ${open}`)).toEqual(before);
    const moved = await call('manager@demo.test', 'POST', '/api/investigations/action', {
      object_ids: [open],
      object_type: 'ALERT',
      investigation_queue_id: queue,
    });
    expect(moved.json().updated[0].queue_id).toBe(queue);
  });

  it('answers 404 for an agent or queue outside the organisation, or an inactive agent', async () => {
    const alert = await openAlert('OPEN', 5);
    const northwindAgent = await agentId('analyst@northwind.test');
    const inactive = await agentId('diego.alvarez@demo.test');
    const northwindQueue = await id(sql`select id from queues where org_id = 2 limit 1`);
    for (const body of [{ agent_id: northwindAgent }, { agent_id: inactive }, { investigation_queue_id: northwindQueue }]) {
      const res = await call('manager@demo.test', 'POST', '/api/investigations/action', { object_ids: [alert], object_type: 'ALERT', ...body });
      expect(res.statusCode).toBe(404);
    }
  });

  it('needs edit_alerts for alerts and edit_cases for cases', async () => {
    await t.database.db.execute(sql`insert into agents (org_id, email, full_name) values (1, 'cases-only@demo.test', 'Casey Only')`);
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select 1, 'agent', a.id, p.id from agents a, permissions p where a.email = 'cases-only@demo.test' and p.name = 'edit_cases'`);
    const alert = await openAlert('OPEN', 5);
    const target = await openCase(1);
    const me = await agentId('cases-only@demo.test');
    expect(
      (await call('cases-only@demo.test', 'POST', '/api/investigations/action', { object_ids: [alert], object_type: 'ALERT', agent_id: me })).statusCode,
    ).toBe(403);
    const res = await call('cases-only@demo.test', 'POST', '/api/investigations/action', { object_ids: [target], object_type: 'CASE', agent_id: me });
    expect(res.statusCode).toBe(200);
    // assigning oneself sends no notification
    expect(await t.all(sql`select 1 from notifications where agent_id = ${me}`)).toEqual([]);
  });

  it('answers 409 for a case IN_REVIEW and notifies with entity type CASE', async () => {
    const review = await id(sql`select id from cases where org_id = 1 and status = 'IN_REVIEW' limit 1`);
    const analyst = await agentId('analyst@demo.test');
    expect(
      (await call('manager@demo.test', 'POST', '/api/investigations/action', { object_ids: [review], object_type: 'CASE', agent_id: analyst })).statusCode,
    ).toBe(409);
    const target = await openCase(2);
    expect(
      (await call('manager@demo.test', 'POST', '/api/investigations/action', { object_ids: [target], object_type: 'CASE', agent_id: analyst })).statusCode,
    ).toBe(200);
    expect(await t.all(sql`select entity_type from notifications where agent_id = ${analyst} and entity_id = ${target}`)).toEqual([{ entity_type: 'CASE' }]);
  });
});

describe('comments', () => {
  it('need the read permission of the object kind, and the object in the organisation', async () => {
    const sar = await id(sql`select id from sars where org_id = 1 limit 1`);
    // restricted@demo.test reads alerts but not SARs
    expect((await call('restricted@demo.test', 'GET', `/api/comments/${sar}?object_type=SAR`)).statusCode).toBe(403);
    const alert = await id(sql`select c.object_id as id from comments c join alerts a on a.id = c.object_id join queues q on q.id = a.queue_id
      where c.org_id = 1 and c.object_type = 'ALERT' and q.access_type = 'open' order by c.id limit 1`);
    const res = await call('restricted@demo.test', 'GET', `/api/comments/${alert}?object_type=ALERT`);
    expect(res.statusCode).toBe(200);
    const times = res.json().comments.map((c: { created_at: string }) => c.created_at);
    expect(times.length).toBeGreaterThan(0);
    expect([...times].sort()).toEqual(times);
    expect((await call('admin@northwind.test', 'GET', `/api/comments/${alert}?object_type=ALERT`)).statusCode).toBe(404);
    expect((await call('analyst@demo.test', 'GET', `/api/comments/${await sensitiveAlert()}?object_type=ALERT`)).statusCode).toBe(404);
  });
});
