import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
const agentId = async (email: string) => (await t.one<{ id: number }>(sql`select id from agents where email = ${email}`)).id;
const unique = () => `${Date.now()}${Math.random().toString(36).slice(2, 7)}`;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Spends the newest link mailed to the address; answers the exchange and its refresh cookie. */
async function spendMailedLink(email: string) {
  const mailbox = await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
  const link: string = mailbox.json().messages[0].link;
  const exchanged = await t.app.inject({ method: 'POST', url: '/api/agents/email-login', payload: { token: new URL(link).searchParams.get('token') } });
  const cookie = exchanged.cookies.find((c) => c.name === 'vigil_refresh')?.value;
  return { exchanged, cookie, mail: mailbox.json().messages[0] as { subject: string; text_body?: string } };
}

async function invite(as: string, body: Record<string, unknown>) {
  return t.callAs(as, 'POST', '/api/user-management/agents', body);
}

describe('listManagedAgents', () => {
  it("lists the organisation's agents with status, teams and last activity", async () => {
    await t.signIn('analyst@demo.test');
    const res = await t.callAs('analyst@demo.test', 'GET', '/api/user-management/agents');
    expect(res.statusCode).toBe(200);
    const agents = res.json().agents as {
      email: string;
      status: string;
      teams: { name: string; has_permission_set: boolean }[];
      last_active_at: string | null;
      invited: boolean;
    }[];
    expect(agents.every((a) => a.email.endsWith('@demo.test'))).toBe(true);
    const analyst = agents.find((a) => a.email === 'analyst@demo.test')!;
    expect(analyst.last_active_at).not.toBeNull();
    expect(Date.now() - Date.parse(analyst.last_active_at!)).toBeLessThan(60_000);
    expect(analyst.teams.map((x) => x.name)).toEqual(['Investigations']);
    expect(analyst.invited).toBe(false);
    expect(agents.find((a) => a.email === 'diego.alvarez@demo.test')!.status).toBe('inactive');
    expect(agents.find((a) => a.email === 'liam.okafor@demo.test')!.teams).toEqual([
      expect.objectContaining({ name: 'Fraud Operations', has_permission_set: true }),
    ]);
    expect(agents.find((a) => a.email === 'jordan.lee@demo.test')!.last_active_at).toBeNull();
  });

  it('answers 403 without read_agents', async () => {
    expect((await t.callAs('restricted@demo.test', 'GET', '/api/user-management/agents')).statusCode).toBe(403);
  });
});

describe('getManagedAgent', () => {
  it("lets anyone read their own profile, another agent's only with read_agents, and hides other organisations", async () => {
    const riley = await agentId('restricted@demo.test');
    expect((await t.callAs('restricted@demo.test', 'GET', `/api/user-management/agents/${riley}`)).json().email).toBe('restricted@demo.test');
    expect((await t.callAs('restricted@demo.test', 'GET', `/api/user-management/agents/${await agentId('analyst@demo.test')}`)).statusCode).toBe(403);
    expect((await t.callAs('manager@demo.test', 'GET', `/api/user-management/agents/${await agentId('analyst@northwind.test')}`)).statusCode).toBe(404);
  });
});

describe('inviteAgent', () => {
  it('creates an active agent with the Agent preset and mails a sign-in link that works', async () => {
    const email = `new.${unique()}@demo.test`;
    const team = (await t.one<{ id: number }>(sql`select id from teams where org_id = 1 and name = 'Investigations'`)).id;
    const res = await invite('manager@demo.test', { full_name: 'Nova Newcomer', email: email.toUpperCase(), team_ids: [team] });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      email,
      full_name: 'Nova Newcomer',
      status: 'active',
      invited: true,
      last_active_at: null,
      teams: [{ id: team, name: 'Investigations' }],
    });
    const names = (
      await t.all<{ name: string }>(sql`select p.name from permission_associations pa join permissions p on p.id = pa.permission_id
      where pa.association_type = 'agent' and pa.association_id = ${created.id}`)
    ).map((r) => r.name);
    expect(names).toContain('read_alerts');
    expect(names).toContain('edit_permissions');
    expect(names).not.toContain('create_teams');

    const { exchanged, mail } = await spendMailedLink(email);
    expect(mail.subject).toBe('Morgan Manager invited you to Vigil');
    expect(exchanged.statusCode).toBe(200);
    const after = await t.callAs('manager@demo.test', 'GET', `/api/user-management/agents/${created.id}`);
    expect(after.json()).toMatchObject({ invited: false });
    expect(after.json().last_active_at).not.toBeNull();
    const audit = await t.one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'agent.invited' and object_id = ${String(created.id)}`,
    );
    expect(audit.n).toBe(1);
  });

  it('refuses an address any agent already uses (409) and a team of another organisation (404)', async () => {
    expect((await invite('manager@demo.test', { full_name: 'Copy', email: 'analyst@northwind.test' })).statusCode).toBe(409);
    const northTeam = (await t.one<{ id: number }>(sql`select id from teams where name = 'Member Review'`)).id;
    const res = await invite('manager@demo.test', { full_name: 'X', email: `x.${unique()}@demo.test`, team_ids: [northTeam] });
    expect(res.statusCode).toBe(404);
  });

  it('needs edit_agents', async () => {
    expect((await invite('analyst@demo.test', { full_name: 'X', email: `x.${unique()}@demo.test` })).statusCode).toBe(403);
  });
});

describe('deactivateAgent', () => {
  it("revokes the agent's refresh tokens at once, stops their access token, and audits it", async () => {
    const email = `leaver.${unique()}@demo.test`;
    const created = (await invite('manager@demo.test', { full_name: 'Lee Leaver', email })).json();
    const { exchanged, cookie } = await spendMailedLink(email);
    const jwt: string = exchanged.json().jwt;
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: jwt })).statusCode).toBe(200);

    const res = await t.callAs('manager@demo.test', 'POST', `/api/user-management/agents/${created.id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('inactive');
    const open = await t.one<{ n: number }>(sql`select count(*)::int as n from refresh_tokens where agent_id = ${created.id} and revoked_at is null`);
    expect(open.n).toBe(0);
    const refreshed = await t.app.inject({ method: 'GET', url: '/api/agents/refresh-jwt', cookies: { vigil_refresh: cookie! } });
    expect(refreshed.statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/agents/me', token: jwt })).statusCode).toBe(401);
    const entry = await t.one<{ details: { before: unknown; after: unknown } }>(
      sql`select details from audit_log where action = 'agent.deactivated' and object_id = ${String(created.id)}`,
    );
    expect(entry.details).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });

    // Reactivated, the agent signs in again with a new link.
    expect((await t.callAs('manager@demo.test', 'POST', `/api/user-management/agents/${created.id}/reactivate`)).json().status).toBe('active');
    await t.app.inject({ method: 'POST', url: '/api/agents/magic-link', payload: { email }, remoteAddress: '10.9.9.9' });
    expect((await spendMailedLink(email)).exchanged.statusCode).toBe(200);
  });

  it('refuses oneself (400), and a root_all holder unless the caller holds root_all (403)', async () => {
    expect((await t.callAs('manager@demo.test', 'POST', `/api/user-management/agents/${await agentId('manager@demo.test')}/deactivate`)).statusCode).toBe(400);
    expect((await t.callAs('manager@demo.test', 'POST', `/api/user-management/agents/${await agentId('admin@demo.test')}/deactivate`)).statusCode).toBe(403);
    expect((await t.callAs('manager@demo.test', 'POST', `/api/user-management/agents/${await agentId('analyst@northwind.test')}/deactivate`)).statusCode).toBe(
      404,
    );
  });
});

describe('notification settings', () => {
  it('every kind is on until turned off; an agent changes their own; another agent needs edit_notification_settings', async () => {
    const analyst = await agentId('analyst@demo.test');
    const url = `/api/user-management/agents/${analyst}/notification-settings`;
    expect((await t.callAs('analyst@demo.test', 'GET', url)).json().settings).toEqual([
      { kind: 'assignment', enabled: true },
      { kind: 'mention', enabled: true },
      { kind: 'rule', enabled: true },
    ]);
    const saved = await t.callAs('analyst@demo.test', 'PUT', url, { settings: [{ kind: 'mention', enabled: false }] });
    expect(saved.json().settings).toEqual([
      { kind: 'assignment', enabled: true },
      { kind: 'mention', enabled: false },
      { kind: 'rule', enabled: true },
    ]);
    const jordanUrl = `/api/user-management/agents/${await agentId('jordan.lee@demo.test')}/notification-settings`;
    expect((await t.callAs('analyst@demo.test', 'PUT', jordanUrl, { settings: [{ kind: 'mention', enabled: false }] })).statusCode).toBe(403);
    expect((await t.callAs('manager@demo.test', 'PUT', jordanUrl, { settings: [{ kind: 'mention', enabled: false }] })).statusCode).toBe(200);
    const entry = await t.one<{ details: unknown }>(
      sql`select details from audit_log where action = 'notification_settings.saved' and object_id = ${String(analyst)}`,
    );
    expect(entry.details).toMatchObject({ before: { mention: true }, after: { mention: false } });
  });
});

describe('teams', () => {
  it('creates a team: name required with the spec message, description optional, agents and allowed tags', async () => {
    const blank = await t.callAs('manager@demo.test', 'POST', '/api/user-management/teams', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Team name is required.');
    const analyst = await agentId('analyst@demo.test');
    const name = `Disputes ${unique()}`;
    const res = await t.callAs('manager@demo.test', 'POST', '/api/user-management/teams', { name, agentIds: [analyst], allowed_tags: ['PEP'] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name, description: null, agent_ids: [analyst], allowed_tags: ['PEP'], has_permission_set: false });
    expect((await t.callAs('manager@demo.test', 'POST', '/api/user-management/teams', { name: name.toUpperCase() })).statusCode).toBe(409);
    expect(
      (await t.callAs('manager@demo.test', 'POST', '/api/user-management/teams', { name: `T ${unique()}`, allowed_tags: ['No such tag'] })).statusCode,
    ).toBe(404);
    expect((await t.callAs('analyst@demo.test', 'POST', '/api/user-management/teams', { name: `T ${unique()}` })).statusCode).toBe(403);
    const detail = await t.callAs('manager@demo.test', 'GET', `/api/user-management/teams/${res.json().id}`);
    expect(detail.json().name).toBe(name);
  });

  it("a team's permission set takes precedence over its members' own sets, on the server", async () => {
    const email = `member.${unique()}@demo.test`;
    const member = (await invite('manager@demo.test', { full_name: 'Tess Member', email })).json();
    const { exchanged } = await spendMailedLink(email);
    const me = async (jwt: string) => (await t.call({ method: 'GET', url: '/api/agents/me', token: jwt })).json().permissions as string[];
    expect(await me(exchanged.json().jwt)).toContain('read_alerts');

    const team = (await t.callAs('manager@demo.test', 'POST', '/api/user-management/teams', { name: `Precedence ${unique()}`, agentIds: [member.id] })).json();
    const readCases = (await t.one<{ id: number }>(sql`select id from permissions where name = 'read_cases'`)).id;
    const saved = await t.callAs('manager@demo.test', 'PUT', '/api/permissions/association', {
      associationId: team.id,
      associationType: 'team',
      permission_ids: [readCases],
    });
    expect(saved.statusCode).toBe(200);
    expect(await me(exchanged.json().jwt)).toEqual(['read_cases']);
    expect((await t.call({ method: 'POST', url: '/api/alerts/list', payload: {}, token: exchanged.json().jwt })).statusCode).toBe(403);
    const listed = (await t.callAs('manager@demo.test', 'GET', `/api/user-management/agents/${member.id}`)).json();
    expect(listed.teams).toEqual([{ id: team.id, name: team.name, has_permission_set: true }]);
  });

  it('edits a team: the create checks, its own name allowed, members and tags replaced, the permission set kept, audited', async () => {
    const analyst = await agentId('analyst@demo.test');
    const hannah = await agentId('hannah.kim@demo.test');
    const team = (
      await t.callAs('manager@demo.test', 'POST', '/api/user-management/teams', { name: `Edit me ${unique()}`, agentIds: [analyst], allowed_tags: ['PEP'] })
    ).json();
    const other = (await t.callAs('manager@demo.test', 'POST', '/api/user-management/teams', { name: `Taken ${unique()}` })).json();
    const readCases = (await t.one<{ id: number }>(sql`select id from permissions where name = 'read_cases'`)).id;
    await t.callAs('manager@demo.test', 'PUT', '/api/permissions/association', {
      associationId: team.id,
      associationType: 'team',
      permission_ids: [readCases],
    });
    const url = `/api/user-management/teams/${team.id}`;

    const blank = await t.callAs('manager@demo.test', 'PUT', url, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe('Team name is required.');
    expect((await t.callAs('manager@demo.test', 'PUT', url, { name: other.name.toLowerCase() })).statusCode).toBe(409);
    expect((await t.callAs('manager@demo.test', 'PUT', url, { name: team.name, allowed_tags: ['No such tag'] })).statusCode).toBe(404);
    expect((await t.callAs('analyst@demo.test', 'PUT', url, { name: team.name })).statusCode).toBe(403);
    expect((await t.callAs('manager@demo.test', 'PUT', '/api/user-management/teams/999999', { name: 'Nobody' })).statusCode).toBe(404);
    // nothing changed by the refusals
    expect((await t.callAs('manager@demo.test', 'GET', url)).json()).toMatchObject({ name: team.name, agent_ids: [analyst], allowed_tags: ['PEP'] });

    const renamed = team.name.toUpperCase();
    const saved = await t.callAs('manager@demo.test', 'PUT', url, {
      name: ` ${renamed} `,
      description: 'Card disputes.',
      agentIds: [hannah],
      allowed_tags: [],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      id: team.id,
      name: renamed,
      description: 'Card disputes.',
      agent_ids: [hannah],
      allowed_tags: [],
      has_permission_set: true,
    });
    const entry = await t.one<{ details: { before: unknown; after: unknown } }>(
      sql`select details from audit_log where action = 'team.updated' and object_id = ${String(team.id)}`,
    );
    expect(entry.details.before).toMatchObject({ name: team.name, agent_ids: [analyst], allowed_tags: ['PEP'] });
    expect(entry.details.after).toMatchObject({ name: renamed, agent_ids: [hannah], allowed_tags: [] });
  });

  it('deletes a team with its memberships, its grants and its read access to censored settings; its agents stay', async () => {
    const email = `leaver.${unique()}@demo.test`;
    const member = (await invite('manager@demo.test', { full_name: 'Lee Leaver', email })).json();
    const team = (await t.callAs('manager@demo.test', 'POST', '/api/user-management/teams', { name: `Short-lived ${unique()}`, agentIds: [member.id] })).json();
    const readCases = (await t.one<{ id: number }>(sql`select id from permissions where name = 'read_cases'`)).id;
    await t.callAs('manager@demo.test', 'PUT', '/api/permissions/association', {
      associationId: team.id,
      associationType: 'team',
      permission_ids: [readCases],
    });
    const setting = (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 order by id limit 1`)).id;
    await t.database.query(
      `update data_settings set team_ids_with_censorship_read_permission = array_append(team_ids_with_censorship_read_permission, $1) where id = $2`,
      [team.id, setting],
    );

    expect((await t.callAs('analyst@demo.test', 'DELETE', `/api/user-management/teams/${team.id}`)).statusCode).toBe(403);
    const res = await t.callAs('manager@demo.test', 'DELETE', `/api/user-management/teams/${team.id}`);
    expect(res.statusCode).toBe(204);
    expect((await t.callAs('manager@demo.test', 'GET', `/api/user-management/teams/${team.id}`)).statusCode).toBe(404);
    expect((await t.callAs('manager@demo.test', 'DELETE', `/api/user-management/teams/${team.id}`)).statusCode).toBe(404);
    const left = await t.one<{ members: number; grants: number; readers: number }>(sql`select
        (select count(*)::int from team_members where team_id = ${team.id}) as members,
        (select count(*)::int from permission_associations where association_type = 'team' and association_id = ${team.id}) as grants,
        (select count(*)::int from data_settings where ${team.id} = any(team_ids_with_censorship_read_permission)) as readers`);
    expect(left).toEqual({ members: 0, grants: 0, readers: 0 });
    const agent = (await t.callAs('manager@demo.test', 'GET', `/api/user-management/agents/${member.id}`)).json();
    expect(agent).toMatchObject({ email, status: 'active', teams: [] });
    const entry = await t.one<{ details: { before: unknown; after: unknown } }>(
      sql`select details from audit_log where action = 'team.deleted' and object_id = ${String(team.id)}`,
    );
    expect(entry.details).toMatchObject({ before: { name: team.name, agent_ids: [member.id], has_permission_set: true }, after: null });
  });
});
