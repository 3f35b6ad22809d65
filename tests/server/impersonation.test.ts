import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

// An impersonation session acts as the impersonated agent and can do no more than they can, and
// every request made under it is on the record with both agents' names.

let t: TestContext;
let demo: number;
let north: number;
const agent = async (email: string) => (await t.one<{ id: number }>(sql`select id from agents where email = ${email}`)).id;

beforeAll(async () => {
  t = await createTestContext();
  demo = (await t.one<{ id: number }>(sql`select id from organisations where display_name = 'Demo Bank'`)).id;
  north = (await t.one<{ id: number }>(sql`select id from organisations where display_name = 'Northwind Credit Union'`)).id;
});
afterAll(() => t.close());

async function impersonate(orgId: number, email: string, as = 'admin@demo.test') {
  const res = await t.call({
    method: 'POST',
    url: '/api/agents/log-impersonation-start',
    token: await t.signIn(as),
    payload: {
      org_id: orgId,
      agent_to_impersonate_id: await agent(email),
      impersonation_reason: 'Customer support ticket',
      support_ticket_id: 'SUP-7001',
      additional_details: 'The customer cannot see their queue.',
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ impersonation_log_id: number; jwt: string }>();
}

const requestsOf = (logId: number) =>
  t.all<{ agent_id: number; operation: string; status: number; impersonated_by: string; path: string }>(
    sql`select agent_id, details->>'operation' as operation, (details->>'status')::int as status, details->>'impersonated_by' as impersonated_by,
        details->>'path' as path
      from audit_log where action = 'impersonation.request' and (details->>'impersonation_log_id')::int = ${logId} order by id`,
  );

describe('an impersonated session holds at most the impersonated agent’s permissions', () => {
  it('acts with exactly the analyst’s permissions, not the root-all admin’s', async () => {
    const own = await t.call({ method: 'GET', url: '/api/agents/me', token: await t.signIn('analyst@demo.test') });
    const { jwt } = await impersonate(demo, 'analyst@demo.test');
    const me = await t.call({ method: 'GET', url: '/api/agents/me', token: jwt });
    expect(me.json().permissions).toEqual(own.json().permissions);
    expect(me.json().permissions).not.toContain('root_all');
    expect(me.json()).toMatchObject({ is_internal: false, is_ai_admin: false });
  });

  it('is refused what the analyst may not do: a manager’s call, internal staff calls, a restricted queue', async () => {
    const { jwt } = await impersonate(demo, 'analyst@demo.test');
    // the audit log needs read_permissions (Manager), which the admin holds through root_all
    expect((await t.call({ method: 'GET', url: '/api/audit-log/entries', token: await t.signIn('admin@demo.test') })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/audit-log/entries', token: jwt })).statusCode).toBe(403);
    // internal staff only
    expect((await t.call({ method: 'GET', url: `/api/orgs/${north}/agents`, token: jwt })).statusCode).toBe(403);
    expect((await t.call({ method: 'GET', url: '/api/orgs/list', token: jwt })).json().orgs.map((o: { id: number }) => o.id)).toEqual([demo]);
    // an alert of the restricted queue: the admin sees it, the analyst (and so the session) does not
    const hidden = await t.one<{ id: number }>(sql`select a.id from alerts a join queues q on q.id = a.queue_id
      where a.org_id = ${demo} and q.access_type = 'restricted' order by a.id limit 1`);
    expect((await t.call({ method: 'GET', url: `/api/alerts/cached/${hidden.id}`, token: await t.signIn('admin@demo.test') })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/alerts/cached/${hidden.id}`, token: jwt })).statusCode).toBe(404);
    // nor can the session switch organisation (the admin could)
    expect((await t.call({ method: 'POST', url: '/api/agents/switch-org', token: jwt, payload: { org_id: north } })).statusCode).toBe(409);
  });

  it('ends at once when the internal agent behind it is deactivated or loses the right to impersonate', async () => {
    await t.database.db.execute(sql`insert into agents (org_id, email, full_name, is_internal) values (${demo}, 'support3@demo.test', 'Pat Support', true)`);
    const support = await agent('support3@demo.test');
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select ${demo}, 'agent', ${support}, id from permissions where name in ('impersonate_agents', 'read_alerts')`);
    const first = await impersonate(demo, 'analyst@demo.test', 'support3@demo.test');
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: first.jwt })).statusCode).toBe(200);
    await t.database.db.execute(sql`delete from permission_associations p using permissions n
      where p.permission_id = n.id and n.name = 'impersonate_agents' and p.association_type = 'agent' and p.association_id = ${support}`);
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: first.jwt })).statusCode).toBe(401);

    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select ${demo}, 'agent', ${support}, id from permissions where name = 'impersonate_agents'`);
    const second = await impersonate(demo, 'analyst@demo.test', 'support3@demo.test');
    await t.database.db.execute(sql`update agents set status = 'inactive' where id = ${support}`);
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: second.jwt })).statusCode).toBe(401);
  });
});

describe('every request under impersonation is audited with both agents', () => {
  it('records reads, writes and refusals, attributed to the impersonated agent and the internal agent', async () => {
    const admin = await agent('admin@demo.test');
    const analyst = await agent('analyst@northwind.test');
    const { impersonation_log_id: logId, jwt } = await impersonate(north, 'analyst@northwind.test');
    // an alert the analyst may read: in an open queue, not a validation run's
    const alert = await t.one<{ id: number }>(
      sql`select a.id from alerts a join queues q on q.org_id = a.org_id and q.id = a.queue_id
        where a.org_id = ${north} and q.access_type = 'open' and a.status <> 'RULE_VALIDATION' order by a.id limit 1`,
    );

    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: jwt })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/alerts/cached/${alert.id}`, token: jwt })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `/api/orgs/${north}/agents`, token: jwt })).statusCode).toBe(403);
    const comment = await t.call({
      method: 'POST',
      url: '/api/comments',
      token: jwt,
      payload: { object_type: 'ALERT', object_id: alert.id, content: 'Checked with the customer on SUP-7001.' },
    });
    expect(comment.statusCode).toBeLessThan(300);

    const recorded = await requestsOf(logId);
    expect(recorded.map((r) => [r.operation, r.status])).toEqual([
      ['getCurrentAgent', 200],
      ['getCachedAlert', 200],
      ['listOrgAgents', 403],
      ['createComment', comment.statusCode],
    ]);
    for (const r of recorded) {
      expect(r.agent_id).toBe(analyst);
      expect(r.impersonated_by).toBe(String(admin));
    }
    expect(recorded[1].path).toBe('/api/alerts/cached/{id}');

    // the change itself is recorded as usual, and it too names both
    const change = await t.one<{ agent_id: number; impersonated_by: string }>(sql`select agent_id, details->>'impersonated_by' as impersonated_by
      from audit_log where action = 'comment.created' and org_id = ${north} order by id desc limit 1`);
    expect(change).toEqual({ agent_id: analyst, impersonated_by: String(admin) });

    // cancelling is recorded too; after it the admin's own requests are not impersonation requests
    const cancelled = await t.call({ method: 'POST', url: '/api/agents/log-impersonation-cancelled', token: jwt, payload: { impersonation_log_id: logId } });
    expect(cancelled.statusCode).toBe(200);
    await t.call({ method: 'GET', url: '/api/agents/me', token: cancelled.json().jwt });
    expect((await requestsOf(logId)).map((r) => r.operation)).toEqual([
      'getCurrentAgent',
      'getCachedAlert',
      'listOrgAgents',
      'createComment',
      'cancelImpersonation',
    ]);
  });

  it('shows the customer’s administrator who impersonated whom, when and why, in their audit log', async () => {
    const { impersonation_log_id: logId, jwt } = await impersonate(north, 'analyst@northwind.test');
    await t.call({ method: 'GET', url: '/api/alerts/list', token: jwt, payload: {} });
    await t.call({ method: 'POST', url: '/api/agents/log-impersonation-cancelled', token: jwt, payload: { impersonation_log_id: logId } });

    const northAdmin = await t.signIn('admin@northwind.test');
    const res = await t.call({ method: 'GET', url: '/api/audit-log/entries?action=impersonation.&limit=200', token: northAdmin });
    expect(res.statusCode).toBe(200);
    const mine = (
      res.json().entries as { action: string; agent: { full_name: string }; impersonated_by: { id: number } | null; details: Record<string, unknown> }[]
    ).filter((e) => e.details.impersonation_log_id === logId);
    expect(mine.map((e) => e.action)).toContain('impersonation.started');
    expect(mine.map((e) => e.action)).toContain('impersonation.cancelled');
    const started = mine.find((e) => e.action === 'impersonation.started')!;
    expect(started.details).toMatchObject({ reason: 'Customer support ticket', support_ticket_id: 'SUP-7001' });
    const request = mine.find((e) => e.action === 'impersonation.request')!;
    expect(request.impersonated_by?.id).toBe(await agent('admin@demo.test'));
    // Demo Bank's log says nothing of Northwind
    const demoLog = await t.call({ method: 'GET', url: '/api/audit-log/entries?action=impersonation.&limit=200', token: await t.signIn('manager@demo.test') });
    expect(demoLog.body).not.toContain('Northwind');
    expect((demoLog.json().entries as { details: Record<string, unknown> }[]).some((e) => e.details.impersonation_log_id === logId)).toBe(false);
  });
});
