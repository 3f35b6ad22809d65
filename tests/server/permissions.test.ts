import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
const id = async (query: ReturnType<typeof sql>) => (await t.one<{ id: number }>(query)).id;
const agent = (email: string) => id(sql`select id from agents where email = ${email}`);
const permission = (name: string) => id(sql`select id from permissions where name = ${name}`);
const held = async (type: string, associationId: number) =>
  (
    await t.all<{ permission_id: number }>(
      sql`select permission_id from permission_associations where association_type = ${type} and association_id = ${associationId} order by permission_id`,
    )
  ).map((r) => r.permission_id);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const save = async (as: string, body: unknown) =>
  t.call({ method: 'PUT', url: '/api/permissions/association', payload: body as never, token: await t.signIn(as) });

describe('listPermissions', () => {
  it('answers the whole catalogue, root_all included, ordered by type then label', async () => {
    const res = await t.call({ method: 'GET', url: '/api/permissions', token: await t.signIn('manager@demo.test') });
    expect(res.statusCode).toBe(200);
    const list = res.json().permissions as { name: string; type: string; label: string }[];
    const total = await t.one<{ n: number }>(sql`select count(*)::int as n from permissions`);
    expect(list).toHaveLength(total.n);
    expect(list.some((p) => p.name === 'root_all')).toBe(true);
    const keys = list.map((p) => [p.type, p.label]);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });
});

describe('getAssociationPermissions', () => {
  it("answers an agent's and a team's own sets", async () => {
    const token = await t.signIn('manager@demo.test');
    const jordan = await agent('jordan.lee@demo.test');
    const res = await t.call({ method: 'GET', url: `/api/permissions/association?associationId=${jordan}&associationType=agent`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ associationId: jordan, associationType: 'agent', permission_ids: await held('agent', jordan) });
    const team = await id(sql`select id from teams where name = 'Fraud Operations'`);
    const teamRes = await t.call({ method: 'GET', url: `/api/permissions/association?associationId=${team}&associationType=team`, token });
    expect(teamRes.json().permission_ids).toEqual(await held('team', team));
    expect(teamRes.json().permission_ids.length).toBeGreaterThan(0);
  });

  it("answers 404 for another organisation's agent or team", async () => {
    const token = await t.signIn('manager@demo.test');
    const nia = await agent('analyst@northwind.test');
    expect((await t.call({ method: 'GET', url: `/api/permissions/association?associationId=${nia}&associationType=agent`, token })).statusCode).toBe(404);
    const team = await id(sql`select id from teams where name = 'Member Review'`);
    expect((await t.call({ method: 'GET', url: `/api/permissions/association?associationId=${team}&associationType=team`, token })).statusCode).toBe(404);
  });
});

describe('saveAssociationPermissions', () => {
  it('lets a caller grant and remove permissions they hold, and audits it', async () => {
    const jordan = await agent('jordan.lee@demo.test');
    const before = await held('agent', jordan);
    const insights = await permission('read_insights');
    const createCases = await permission('create_cases');
    const wanted = [...before.filter((p) => p !== createCases), insights];
    const res = await save('manager@demo.test', { associationId: jordan, associationType: 'agent', permission_ids: wanted });
    expect(res.statusCode).toBe(200);
    expect(res.json().permission_ids).toEqual([...wanted].sort((a, b) => a - b));
    expect(await held('agent', jordan)).toEqual([...wanted].sort((a, b) => a - b));
    const entry = await t.one<{ details: { added: string[]; removed: string[]; before: { permissions: string[] }; after: { permissions: string[] } } }>(
      sql`select details from audit_log where action = 'permissions.saved' and object_id = ${String(jordan)} order by id desc limit 1`,
    );
    expect(entry.details).toMatchObject({ added: ['read_insights'], removed: ['create_cases'] });
    // the whole set before and after, by name
    expect(entry.details.before.permissions).toContain('create_cases');
    expect(entry.details.before.permissions).not.toContain('read_insights');
    expect(entry.details.after.permissions).toContain('read_insights');
    expect(entry.details.after.permissions).not.toContain('create_cases');
    expect(entry.details.after.permissions).toHaveLength(wanted.length);
  });

  it('answers 403 for granting or removing a permission the caller does not hold', async () => {
    const jordan = await agent('jordan.lee@demo.test');
    const before = await held('agent', jordan);
    for (const name of ['root_all', 'impersonate_agents']) {
      const res = await save('manager@demo.test', { associationId: jordan, associationType: 'agent', permission_ids: [...before, await permission(name)] });
      expect(res.statusCode, name).toBe(403);
    }
    // removing root_all from the admin
    const admin = await agent('admin@demo.test');
    expect((await save('manager@demo.test', { associationId: admin, associationType: 'agent', permission_ids: [] })).statusCode).toBe(403);
    expect(await held('agent', jordan)).toEqual(before);
    expect((await held('agent', admin)).length).toBe(1);
  });

  it('lets a root_all holder grant anything', async () => {
    const jordan = await agent('jordan.lee@demo.test');
    const before = await held('agent', jordan);
    const res = await save('admin@demo.test', {
      associationId: jordan,
      associationType: 'agent',
      permission_ids: [...before, await permission('impersonate_agents')],
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers 400 for an unknown permission id and 404 for another organisation', async () => {
    const jordan = await agent('jordan.lee@demo.test');
    expect((await save('manager@demo.test', { associationId: jordan, associationType: 'agent', permission_ids: [999999] })).statusCode).toBe(400);
    const nia = await agent('analyst@northwind.test');
    expect((await save('manager@demo.test', { associationId: nia, associationType: 'agent', permission_ids: [] })).statusCode).toBe(404);
  });

  it("makes a team's non-empty set take precedence for its members, and an empty set releases them", async () => {
    const team = await id(sql`select id from teams where name = 'Investigations'`);
    const readAlerts = await permission('read_alerts');
    const res = await save('admin@demo.test', { associationId: team, associationType: 'team', permission_ids: [readAlerts] });
    expect(res.statusCode).toBe(200);
    // analyst@demo.test is a member: their effective set is now the team's
    const analystToken = await t.signIn('analyst@demo.test');
    const me = await t.call({ method: 'GET', url: '/api/agents/me', token: analystToken });
    expect(me.json().permissions).toEqual(['read_alerts']);
    await save('admin@demo.test', { associationId: team, associationType: 'team', permission_ids: [] });
    const flag = await t.one<{ has_permission_set: boolean }>(sql`select has_permission_set from teams where id = ${team}`);
    expect(flag.has_permission_set).toBe(false);
    const after = await t.call({ method: 'GET', url: '/api/agents/me', token: analystToken });
    expect(after.json().permissions).toContain('edit_permissions');
  });
});
