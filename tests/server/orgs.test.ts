import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { contractErrors } from './helpers/validate.js';

const contract = loadContract();
const op = (id: string) => contract.byId.get(id)!;

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

const startBody = (orgId: number, agentId: number) => ({
  org_id: orgId,
  agent_to_impersonate_id: agentId,
  impersonation_reason: 'Test/View changes',
  additional_details: 'Checking the new queue layout as the customer sees it.',
});

describe('listOrgs', () => {
  it('shows an agent their own organisation with their unread count', async () => {
    const analyst = await agent('analyst@demo.test');
    const unread = await t.one<{ n: number }>(sql`select count(*)::int as n from notifications where agent_id = ${analyst} and status = 'unread'`);
    const res = await t.call({ method: 'GET', url: '/api/orgs/list', token: await t.signIn('analyst@demo.test') });
    expect(res.statusCode).toBe(200);
    expect(res.json().orgs).toEqual([{ id: demo, display_name: 'Demo Bank', agent_id: analyst, notification_count: unread.n }]);
  });

  it("never shows a customer's administrator another customer, even with root_all", async () => {
    const res = await t.call({ method: 'GET', url: '/api/orgs/list', token: await t.signIn('admin@northwind.test') });
    expect(res.statusCode).toBe(200);
    expect(res.json().orgs.map((o: { id: number }) => o.id)).toEqual([north]);
    expect(res.body).not.toContain('Demo Bank');
  });

  it('shows every organisation to internal staff holding admin_org_switcher, with agent_id null where they have no agent', async () => {
    const res = await t.call({ method: 'GET', url: '/api/orgs/list', token: await t.signIn('admin@demo.test') });
    const orgs = res.json().orgs as { id: number; agent_id: number | null }[];
    expect(orgs.map((o) => o.id)).toEqual([demo, north]);
    expect(orgs[1].agent_id).toBeNull();
  });
});

describe('listOrgAgents and getAgentDetails', () => {
  it('lists the agents of a reachable organisation by full_name', async () => {
    const res = await t.call({ method: 'GET', url: `/api/orgs/${north}/agents`, token: await t.signIn('admin@demo.test') });
    expect(res.statusCode).toBe(200);
    const names = res.json().agents.map((a: { full_name: string }) => a.full_name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(res.json().agents.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown organisation', async () => {
    const res = await t.call({ method: 'GET', url: '/api/orgs/99999/agents', token: await t.signIn('admin@demo.test') });
    expect(res.statusCode).toBe(404);
  });

  it("gives an agent's details with their teams, and 404 for another organisation's agent", async () => {
    const token = await t.signIn('analyst@demo.test');
    const res = await t.call({ method: 'GET', url: `/api/agents/${await agent('manager@demo.test')}/details`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'manager@demo.test', status: 'active' });
    expect(res.json().team_ids.length).toBeGreaterThan(0);
    const other = await t.call({ method: 'GET', url: `/api/agents/${await agent('analyst@northwind.test')}/details`, token });
    expect(other.statusCode).toBe(404);
  });
});

describe('startImpersonation validation', () => {
  const start = async (body: unknown) =>
    t.call({ method: 'POST', url: '/api/agents/log-impersonation-start', payload: body as never, token: await t.signIn('admin@demo.test') });

  it('refuses self, inactive agents and agents without valid auth with 400', async () => {
    for (const email of ['admin@demo.test', 'diego.alvarez@demo.test', 'grace.chen@demo.test']) {
      const res = await start(startBody(demo, await agent(email)));
      expect(res.statusCode, email).toBe(400);
    }
  });

  it('answers 404 for an agent outside org_id', async () => {
    const res = await start(startBody(demo, await agent('analyst@northwind.test')));
    expect(res.statusCode).toBe(404);
  });

  it('requires a support ticket id for the support-ticket reason', async () => {
    const res = await start({ ...startBody(demo, await agent('analyst@demo.test')), impersonation_reason: 'Customer support ticket' });
    expect(res.statusCode).toBe(400);
  });

  it('is for internal staff with impersonate_agents only', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/agents/log-impersonation-start',
      payload: startBody(demo, await agent('analyst@demo.test')),
      token: await t.signIn('admin@northwind.test'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('impersonation round trip', () => {
  it('starts, acts as the impersonated agent, refuses a second start, and cancels back to self', async () => {
    const adminToken = await t.signIn('admin@demo.test');
    const analyst = await agent('analyst@northwind.test');
    const started = await t.call({ method: 'POST', url: '/api/agents/log-impersonation-start', payload: startBody(north, analyst), token: adminToken });
    expect(started.statusCode).toBe(200);
    expect(contractErrors(op('startImpersonation'), 200, started.json())).toEqual([]);
    expect(started.cookies.some((c) => c.name === 'vigil_refresh')).toBe(true);
    const { impersonation_log_id: logId, jwt } = started.json();

    const me = await t.call({ method: 'GET', url: '/api/agents/me', token: jwt });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: analyst, email: 'analyst@northwind.test', impersonation_log_id: logId });

    // the impersonated agent is not internal staff: the contract's check answers first
    const again = await t.call({ method: 'POST', url: '/api/agents/log-impersonation-start', payload: startBody(north, analyst), token: jwt });
    expect(again.statusCode).toBe(403);

    const wrong = await t.call({ method: 'POST', url: '/api/agents/log-impersonation-cancelled', payload: { impersonation_log_id: logId + 1 }, token: jwt });
    expect(wrong.statusCode).toBe(404);

    const cancelled = await t.call({ method: 'POST', url: '/api/agents/log-impersonation-cancelled', payload: { impersonation_log_id: logId }, token: jwt });
    expect(cancelled.statusCode).toBe(200);
    expect(contractErrors(op('cancelImpersonation'), 200, cancelled.json())).toEqual([]);
    expect(cancelled.cookies.some((c) => c.name === 'vigil_refresh')).toBe(true);

    const back = await t.call({ method: 'GET', url: '/api/agents/me', token: cancelled.json().jwt });
    expect(back.json()).toMatchObject({ email: 'admin@demo.test', impersonation_log_id: null });
    // the impersonation session has ended
    const stale = await t.call({ method: 'GET', url: '/api/agents/me', token: jwt });
    expect(stale.statusCode).toBe(401);

    const log = await t.one<{ cancelled: boolean; agent_id: number }>(
      sql`select cancelled_at is not null as cancelled, agent_id from impersonation_logs where id = ${logId}`,
    );
    expect(log).toEqual({ cancelled: true, agent_id: await agent('admin@demo.test') });
    const audits = await t.one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action in ('impersonation.started', 'impersonation.cancelled') and details->>'impersonation_log_id' = ${String(logId)}`,
    );
    expect(audits.n).toBe(2);
  });

  it('answers 409 to a start while impersonating (an internal agent impersonating another)', async () => {
    await t.database.db.execute(sql`insert into agents (org_id, email, full_name, is_internal) values (${demo}, 'support2@demo.test', 'Sam Support', true)`);
    const support = await agent('support2@demo.test');
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select ${demo}, 'agent', ${support}, id from permissions where name = 'impersonate_agents'`);
    const started = await t.call({
      method: 'POST',
      url: '/api/agents/log-impersonation-start',
      payload: startBody(demo, support),
      token: await t.signIn('admin@demo.test'),
    });
    expect(started.statusCode).toBe(200);
    const again = await t.call({
      method: 'POST',
      url: '/api/agents/log-impersonation-start',
      payload: startBody(demo, await agent('analyst@demo.test')),
      token: started.json().jwt,
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers 404 to cancel from a session that is not impersonating', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/agents/log-impersonation-cancelled',
      payload: { impersonation_log_id: 1 },
      token: await t.signIn('analyst@demo.test'),
    });
    expect(res.statusCode).toBe(404);
  });

  // the session itself stands only while its actor may impersonate (tests/server/impersonation.test.ts)
  it('ends the impersonation session (401) when the original agent is no longer internal staff', async () => {
    const admin = await agent('admin@demo.test');
    const started = await t.call({
      method: 'POST',
      url: '/api/agents/log-impersonation-start',
      payload: startBody(demo, await agent('manager@demo.test')),
      token: await t.signIn('admin@demo.test'),
    });
    expect(started.statusCode).toBe(200);
    await t.database.db.execute(sql`update agents set is_internal = false where id = ${admin}`);
    try {
      const res = await t.call({
        method: 'POST',
        url: '/api/agents/log-impersonation-cancelled',
        payload: { impersonation_log_id: started.json().impersonation_log_id },
        token: started.json().jwt,
      });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.database.db.execute(sql`update agents set is_internal = true where id = ${admin}`);
    }
  });
});

describe('switching organisation', () => {
  async function freshSession(email: string) {
    await t.app.inject({ method: 'POST', url: '/api/agents/magic-link', payload: { email }, remoteAddress: '198.51.100.30' });
    const mail = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${email}` });
    const token = new URL(mail.json().messages[0].link).searchParams.get('token');
    return (await t.app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token } })).json().jwt as string;
  }

  it('lets internal staff work in another organisation, scoped to it, and come back', async () => {
    const before = await freshSession('admin@demo.test');
    const switched = await t.call({ method: 'POST', url: '/api/agents/switch-org', token: before, payload: { org_id: north } });
    expect(switched.statusCode).toBe(200);
    expect(contractErrors(op('switchOrg'), 200, switched.json())).toEqual([]);
    const jwt = switched.json().jwt as string;
    // the old session has ended
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: before })).statusCode).toBe(401);
    const me = (await t.call({ method: 'GET', url: '/api/agents/me', token: jwt })).json();
    expect(me).toMatchObject({ email: 'admin@demo.test', org: { id: north, display_name: 'Northwind Credit Union' }, home_org_id: demo });
    // queries now see Northwind's objects, not Demo Bank's
    const demoAlert = await t.one<{ id: number }>(sql`select id from alerts where org_id = ${demo} limit 1`);
    const northAlert = await t.one<{ id: number }>(sql`select id from alerts where org_id = ${north} limit 1`);
    expect((await t.call({ method: 'GET', url: `/api/alerts/cached/${demoAlert.id}`, token: jwt })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/alerts/cached/${northAlert.id}`, token: jwt })).statusCode).toBe(200);
    const back = await t.call({ method: 'POST', url: '/api/agents/switch-org', token: jwt, payload: { org_id: demo } });
    expect(back.statusCode).toBe(200);
    const home = (await t.call({ method: 'GET', url: '/api/agents/me', token: back.json().jwt })).json();
    expect(home.org.id).toBe(demo);
  });

  it("refuses a customer's administrator another customer's organisation", async () => {
    const jwt = await freshSession('admin@northwind.test');
    const res = await t.call({ method: 'POST', url: '/api/agents/switch-org', token: jwt, payload: { org_id: demo } });
    expect(res.statusCode).toBe(404);
  });
});
