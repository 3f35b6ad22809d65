import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';
import { pdfText } from './helpers/pdf-text.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const call: TestContext['callAs'] = (...args) => t.callAs(...args);
const id = async (query: ReturnType<typeof sql>) => (await t.one<{ id: number }>(query)).id;
const agentId = (email: string) => id(sql`select id from agents where email = ${email}`);
const sensitiveAlert = () =>
  id(sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.title = 'Sensitive Investigations' order by a.id limit 1`);
/** The nth Demo Bank alert of an open queue, put in the given status without a disposition. */
async function alertIn(status: string, offset: number) {
  const alert = await id(sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.access_type = 'open'
    order by a.id limit 1 offset ${offset}`);
  await t.database.db.execute(sql`update alerts set status = ${status}, disposition = null, disposition_notes = null, closed_at = null where id = ${alert}`);
  return alert;
}
const setStatus = (alert: number, body: Record<string, unknown>, as = 'analyst@demo.test') => call(as, 'POST', `/api/alerts/${alert}/status`, body);
const trail = async (type: string, objectId: number, as = 'analyst@demo.test') => {
  const res = await call(as, 'GET', `/api/audit-log?object_type=${type}&object_id=${objectId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as {
    id: number;
    action: string;
    agent: { full_name: string } | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  }[];
};

describe('alert status changes', () => {
  it('closes with a disposition, reopens clearing it, and records both in the trail', async () => {
    const alert = await alertIn('OPEN', 0);
    const closed = await setStatus(alert, { status: 'CLOSED', disposition: 'NEEDS_REVIEW', disposition_notes: '  Customer explained the deposits.  ' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ id: alert, status: 'CLOSED', disposition: 'NEEDS_REVIEW', disposition_notes: 'Customer explained the deposits.' });
    expect(Date.now() - Date.parse(closed.json().closed_at)).toBeLessThan(60_000);
    expect(await t.one(sql`select disposition from alerts where id = ${alert}`)).toEqual({ disposition: 'INCONCLUSIVE' });
    const reopened = await setStatus(alert, { status: 'OPEN' });
    expect(reopened.json()).toEqual({ id: alert, status: 'OPEN', disposition: null, disposition_notes: null, closed_at: null });
    const entries = (await trail('ALERT', alert)).filter((e) => e.action === 'alert.status_changed');
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [
        { status: 'CLOSED', disposition: 'NEEDS_REVIEW', disposition_notes: 'Customer explained the deposits.' },
        { status: 'OPEN', disposition: null, disposition_notes: null },
      ],
      [
        { status: 'OPEN', disposition: null, disposition_notes: null },
        { status: 'CLOSED', disposition: 'NEEDS_REVIEW', disposition_notes: 'Customer explained the deposits.' },
      ],
    ]);
    expect(entries[0].agent?.full_name).toBe('Avery Analyst');
  });

  it('needs a disposition to close and none otherwise (400), and refuses the same status (409)', async () => {
    const alert = await alertIn('IN_REVIEW', 1);
    expect((await setStatus(alert, { status: 'CLOSED' })).statusCode).toBe(400);
    expect((await setStatus(alert, { status: 'OPEN', disposition: 'TRUE_POSITIVE' })).statusCode).toBe(400);
    expect((await setStatus(alert, { status: 'OPEN', disposition_notes: 'why' })).statusCode).toBe(400);
    const same = await setStatus(alert, { status: 'IN_REVIEW' });
    expect(same.statusCode).toBe(409);
    expect(same.json().error.code).toBe('conflict');
    expect((await setStatus(alert, { status: 'CLOSED', disposition: 'TRUE_POSITIVE' })).json()).toMatchObject({ status: 'CLOSED', disposition_notes: null });
    expect((await setStatus(alert, { status: 'CLOSED', disposition: 'FALSE_POSITIVE' })).statusCode).toBe(409);
  });

  it('refuses alerts of a rule validation (409), of a restricted queue (404) and of another organisation (404)', async () => {
    const validation = await id(sql`select id from alerts where org_id = 1 and status = 'RULE_VALIDATION' order by id limit 1`);
    expect((await setStatus(validation, { status: 'OPEN' }, 'admin@demo.test')).statusCode).toBe(409);
    const hidden = await sensitiveAlert();
    expect((await setStatus(hidden, { status: 'CLOSED', disposition: 'FALSE_POSITIVE' })).statusCode).toBe(404);
    expect((await setStatus(hidden, { status: 'CLOSED', disposition: 'FALSE_POSITIVE' }, 'restricted@demo.test')).statusCode).toBe(403);
    const alert = await alertIn('OPEN', 2);
    expect((await setStatus(alert, { status: 'IN_REVIEW' }, 'admin@northwind.test')).statusCode).toBe(404);
    expect((await t.one<{ status: string }>(sql`select status from alerts where id = ${alert}`)).status).toBe('OPEN');
  });
});

describe('comments with mentions', () => {
  const mention = (name: string, agent: number) => `@[${name}](agent:${agent})`;

  it('delivers nothing of a kind the agent turned off on their profile, and the other kind still', async () => {
    const [alert, other] = [await alertIn('OPEN', 5), await alertIn('OPEN', 6)];
    const [manager, jordan] = [await agentId('manager@demo.test'), await agentId('jordan.lee@demo.test')];
    const settings = `/api/user-management/agents/${jordan}/notification-settings`;
    expect((await call('manager@demo.test', 'PUT', settings, { settings: [{ kind: 'mention', enabled: false }] })).statusCode).toBe(200);
    try {
      const content = `over to ${mention('Jordan Lee', jordan)} and ${mention('Morgan Manager', manager)}`;
      expect((await call('analyst@demo.test', 'POST', '/api/comments', { object_type: 'ALERT', object_id: alert, content })).statusCode).toBe(201);
      const mentioned = await t.all<{ agent_id: number }>(
        sql`select agent_id from notifications where entity_type = 'ALERT' and entity_id = ${alert} and content like '%mentioned you%' order by agent_id`,
      );
      expect(mentioned.map((n) => n.agent_id)).toEqual([manager]);
      // assignments are still on for Jordan
      await t.database.db.execute(sql`update alerts set assigned_to_id = null where id = ${other}`);
      expect(
        (await call('manager@demo.test', 'POST', '/api/investigations/action', { object_ids: [other], object_type: 'ALERT', agent_id: jordan })).statusCode,
      ).toBe(200);
      const assigned = await t.all<{ agent_id: number }>(
        sql`select agent_id from notifications where entity_type = 'ALERT' and entity_id = ${other} and content like '%assigned you%'`,
      );
      expect(assigned.map((n) => n.agent_id)).toEqual([jordan]);
    } finally {
      await call('manager@demo.test', 'PUT', settings, { settings: [{ kind: 'mention', enabled: true }] });
    }
  });

  it('stores the content as written and notifies each mentioned agent but the author', async () => {
    const alert = await alertIn('OPEN', 3);
    const [manager, analyst] = [await agentId('manager@demo.test'), await agentId('analyst@demo.test')];
    const content = `<b>Escalating</b> to ${mention('Morgan Manager', manager)} and ${mention('Morgan Manager', manager)}; cc ${mention('Avery Analyst', analyst)}`;
    const res = await call('analyst@demo.test', 'POST', '/api/comments', { object_type: 'ALERT', object_id: alert, content });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ content, author: { id: analyst, full_name: 'Avery Analyst' } });
    const listed = (await call('manager@demo.test', 'GET', `/api/comments/${alert}?object_type=ALERT`)).json().comments;
    expect(listed.at(-1)).toMatchObject({ id: res.json().id, content });
    const notes = await t.all<{ agent_id: number; entity_type: string; entity_id: number; content: string }>(
      sql`select agent_id, entity_type, entity_id, content from notifications where entity_type = 'ALERT' and entity_id = ${alert} and content like '%mentioned you%'`,
    );
    expect(notes).toEqual([
      { agent_id: manager, entity_type: 'ALERT', entity_id: alert, content: `Avery Analyst mentioned you in a comment on alert #${alert}` },
    ]);
    const inbox = (await call('manager@demo.test', 'GET', '/api/notifications?limit=5')).json().notifications;
    expect(inbox[0]).toMatchObject({ entity_type: 'ALERT', entity_id: alert, status: 'unread' });
    const [entry] = (await trail('ALERT', alert)).filter((e) => e.action === 'comment.created');
    expect(entry).toMatchObject({ before: null, after: { comment_id: res.json().id, content, mentioned_agent_ids: [manager, analyst] } });
  });

  it('answers 400 for a mention of anyone but an active agent of the organisation, and writes nothing', async () => {
    const alert = await alertIn('OPEN', 3);
    const before = await t.one<{ n: number }>(sql`select count(*)::int as n from comments where object_type = 'ALERT' and object_id = ${alert}`);
    const outsiders = [await agentId('analyst@northwind.test'), await agentId('diego.alvarez@demo.test'), 99_999_999_999];
    for (const agent of outsiders) {
      const res = await call('analyst@demo.test', 'POST', '/api/comments', {
        object_type: 'ALERT',
        object_id: alert,
        content: `Ask ${mention('Someone', agent)}`,
      });
      expect(res.statusCode, String(agent)).toBe(400);
      expect(res.json().error.message).toContain(String(agent));
    }
    expect(await t.one(sql`select count(*)::int as n from comments where object_type = 'ALERT' and object_id = ${alert}`)).toEqual(before);
  });

  it('notifies mentions on other kinds of object with their own type', async () => {
    const entity = await id(sql`select id from entities where org_id = 1 order by id limit 1`);
    const manager = await agentId('manager@demo.test');
    const res = await call('analyst@demo.test', 'POST', '/api/comments', {
      object_type: 'ENTITY',
      object_id: entity,
      content: `See ${mention('Morgan Manager', manager)}`,
    });
    expect(res.statusCode).toBe(201);
    const inbox = (await call('manager@demo.test', 'GET', '/api/notifications?limit=1')).json().notifications;
    expect(inbox[0]).toMatchObject({ entity_type: 'ENTITY', entity_id: entity });
  });

  it('needs the read and edit permissions of the kind, and a visible object', async () => {
    const alert = await alertIn('OPEN', 3);
    // restricted@demo.test reads alerts but does not edit them
    expect((await call('restricted@demo.test', 'POST', '/api/comments', { object_type: 'ALERT', object_id: alert, content: 'hi' })).statusCode).toBe(403);
    const hidden = await sensitiveAlert();
    expect((await call('analyst@demo.test', 'POST', '/api/comments', { object_type: 'ALERT', object_id: hidden, content: 'hi' })).statusCode).toBe(404);
    expect((await call('admin@northwind.test', 'POST', '/api/comments', { object_type: 'ALERT', object_id: alert, content: 'hi' })).statusCode).toBe(404);
    // the Agent preset has no edit_rules; the Manager preset has
    const rule = await id(sql`select id from rules where org_id = 1 order by id limit 1`);
    expect((await call('analyst@demo.test', 'POST', '/api/comments', { object_type: 'RULE', object_id: rule, content: 'hi' })).statusCode).toBe(403);
    expect((await call('manager@demo.test', 'POST', '/api/comments', { object_type: 'RULE', object_id: rule, content: 'hi' })).statusCode).toBe(201);
  });
});

describe('the audit trail', () => {
  it('records assignment, queue, deadline and tag changes with before and after, newest first', async () => {
    const alert = await alertIn('OPEN', 4);
    await t.database.db.execute(sql`update alerts set assigned_to_id = null where id = ${alert}`);
    const analyst = await agentId('analyst@demo.test');
    const queues = await t.all<{ id: number; title: string }>(sql`select id, title from queues where org_id = 1 and access_type = 'open' order by id`);
    const current = await t.one<{ queue_id: number; deadline: string }>(
      sql`select queue_id, to_json(deadline) #>> '{}' as deadline from alerts where id = ${alert}`,
    );
    const target = queues.find((q) => q.id !== current.queue_id)!;
    const action = (body: object) => call('manager@demo.test', 'POST', '/api/investigations/action', { object_ids: [alert], object_type: 'ALERT', ...body });
    expect((await action({ agent_id: analyst })).statusCode).toBe(200);
    expect((await action({ agent_id: analyst })).statusCode).toBe(200);
    expect((await action({ investigation_queue_id: target.id })).statusCode).toBe(200);
    expect((await call('manager@demo.test', 'POST', '/api/deadlines/edit', { article_id: alert, duration: 3600 })).statusCode).toBe(200);
    const tag = await id(sql`select id from tags where org_id = 1 order by id limit 1`);
    // editing tags needs the tags permission, which neither preset carries
    expect((await call('admin@demo.test', 'POST', '/api/tags/edit', { object_type: 'ALERT', object_id: alert, tag_ids: [tag] })).statusCode).toBe(200);

    const entries = await trail('ALERT', alert);
    const latest = entries.slice(0, 4);
    expect(latest.map((e) => e.action)).toEqual(['tags.edit', 'alert.deadline_edit', 'alert.queue_change', 'alert.assign']);
    expect(latest.map((e) => e.agent?.full_name)).toEqual(['Ada Admin', 'Morgan Manager', 'Morgan Manager', 'Morgan Manager']);
    const queueTitle = queues.find((q) => q.id === current.queue_id)?.title;
    expect(latest[2]).toMatchObject({
      before: { queue_id: current.queue_id, queue_title: queueTitle },
      after: { queue_id: target.id, queue_title: target.title },
    });
    expect(latest[3]).toMatchObject({
      before: { assigned_to_id: null, assigned_to_name: null },
      after: { assigned_to_id: analyst, assigned_to_name: 'Avery Analyst' },
    });
    expect(latest[1].before).toEqual({ deadline: new Date(current.deadline).toISOString() });
    expect(latest[1].after).toEqual({ deadline: new Date(Date.parse(current.deadline) + 3_600_000).toISOString() });
    expect(latest[0].after).toEqual({ tag_ids: [tag] });
    // assigning the agent already assigned changed nothing and is not recorded
    expect(entries.filter((e) => e.action === 'alert.assign')).toHaveLength(1);
  });

  it('shows entries written before the trail kept before and after as what was set', async () => {
    const legacy = await t.one<{ object_id: string; details: Record<string, unknown> }>(sql`select l.object_id, l.details from audit_log l
      join alerts a on a.id = l.object_id::int join queues q on q.id = a.queue_id
      where l.org_id = 1 and l.object_type = 'ALERT' and q.access_type = 'open' order by l.id limit 1`);
    const entries = await trail('ALERT', Number(legacy.object_id));
    expect(entries.at(-1)).toMatchObject({ before: null, after: legacy.details });
  });

  it('needs the read permission of the kind, and a visible object', async () => {
    const hidden = await sensitiveAlert();
    expect((await call('analyst@demo.test', 'GET', `/api/audit-log?object_type=ALERT&object_id=${hidden}`)).statusCode).toBe(404);
    expect((await call('restricted@demo.test', 'GET', `/api/audit-log?object_type=ALERT&object_id=${hidden}`)).statusCode).toBe(200);
    const alert = await alertIn('OPEN', 5);
    expect((await call('admin@northwind.test', 'GET', `/api/audit-log?object_type=ALERT&object_id=${alert}`)).statusCode).toBe(404);
    await t.database.db.execute(sql`insert into agents (org_id, email, full_name) values (1, 'cases-reader@demo.test', 'Casey Reader')`);
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select 1, 'agent', a.id, p.id from agents a, permissions p where a.email = 'cases-reader@demo.test' and p.name = 'read_cases'`);
    expect((await call('cases-reader@demo.test', 'GET', `/api/audit-log?object_type=ALERT&object_id=${alert}`)).statusCode).toBe(403);
    const someCase = await id(
      sql`select c.id from cases c join queues q on q.id = c.queue_id where c.org_id = 1 and q.access_type = 'open' order by c.id limit 1`,
    );
    expect((await call('cases-reader@demo.test', 'GET', `/api/audit-log?object_type=CASE&object_id=${someCase}`)).statusCode).toBe(200);
  });
});

describe('PDFs', () => {
  const flat = (text: string) => text.replace(/\s+/g, ' ');

  it('serves the alert as a PDF download with its summary, linked objects and comments', async () => {
    const alert = await id(sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.access_type = 'open'
      and exists (select 1 from alert_transactions x where x.alert_id = a.id) order by a.id limit 1`);
    const manager = await agentId('manager@demo.test');
    await call('analyst@demo.test', 'POST', '/api/comments', {
      object_type: 'ALERT',
      object_id: alert,
      content: `Source of funds asked of @[Morgan Manager](agent:${manager}).`,
    });
    const res = await call('analyst@demo.test', 'GET', `/api/alerts/${alert}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="alert-${alert}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(pdfText(res.rawPayload));
    const facts = await t.one<{ title: string; txn: string; rule: string }>(sql`select a.title,
      (select t.external_id from alert_transactions x join transactions t on t.id = x.transaction_id where x.alert_id = a.id order by t.event_time desc limit 1) as txn,
      (select r.title from alert_rules ar join rules r on r.id = ar.rule_id where ar.alert_id = a.id limit 1) as rule
      from alerts a where a.id = ${alert}`);
    for (const expected of [facts.title, facts.txn, facts.rule, 'Transactions', 'Comments (', 'Source of funds asked of @Morgan Manager.'])
      expect(text).toContain(expected);
    expect(text).toMatch(/page 1 of \d/);
  });

  it('serves the case as a PDF of several pages when it has much to show', async () => {
    const found = await id(sql`select c.id from cases c join queues q on q.id = c.queue_id where c.org_id = 1 and q.access_type = 'open'
      and exists (select 1 from case_alerts ca where ca.case_id = c.id) order by c.id limit 1`);
    await t.database.db.execute(sql`insert into comments (org_id, object_type, object_id, author_id, content)
      select 1, 'CASE', ${found}, (select id from agents where email = 'analyst@demo.test'), 'Follow-up note ' || g from generate_series(1, 60) g`);
    const res = await call('analyst@demo.test', 'GET', `/api/cases/${found}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="case-${found}.pdf"`);
    const text = flat(pdfText(res.rawPayload));
    const title = (await t.one<{ title: string }>(sql`select title from cases where id = ${found}`)).title;
    for (const expected of [title, 'Alerts (', 'SARs (', 'Entities (', 'Follow-up note 60']) expect(text).toContain(expected);
    const pages = Number(text.match(/page 1 of (\d+)/)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect((res.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length).toBe(pages);
  });

  it('is refused like the object itself', async () => {
    const hidden = await sensitiveAlert();
    expect((await call('analyst@demo.test', 'GET', `/api/alerts/${hidden}/pdf`)).statusCode).toBe(404);
    expect((await call('restricted@demo.test', 'GET', `/api/alerts/${hidden}/pdf`)).statusCode).toBe(200);
    const someCase = await id(sql`select id from cases where org_id = 1 order by id limit 1`);
    expect((await call('admin@northwind.test', 'GET', `/api/cases/${someCase}/pdf`)).statusCode).toBe(404);
  });
});
