import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { contractErrors } from './helpers/validate.js';
import { distinctValues } from '../../server/modules/audit/audit-log.js';

// The organisation's audit log for managers: filters, before and after, and what each reader may see.

const op = loadContract().byId.get('searchAuditLog')!;
let t: TestContext;
let demo: number;
const agent = async (email: string) => (await t.one<{ id: number }>(sql`select id from agents where email = ${email}`)).id;
type Entry = {
  id: number;
  action: string;
  agent: { id: number } | null;
  object_type: string | null;
  object_id: string | null;
  before: unknown;
  after: unknown;
  details: Record<string, unknown>;
};

beforeAll(async () => {
  t = await createTestContext();
  demo = (await t.one<{ id: number }>(sql`select id from organisations where display_name = 'Demo Bank'`)).id;
});
afterAll(() => t.close());

describe('searchAuditLog', () => {
  it('lists permission changes with what was added and removed, filtered by agent, object and action', async () => {
    const manager = await agent('manager@demo.test');
    const analyst = await agent('analyst@demo.test');
    const token = await t.signIn('manager@demo.test');
    // a permission change the manager makes (a permission both hold is given and taken back)
    const held = await t.call({ method: 'GET', url: `/api/permissions/association?associationId=${analyst}&associationType=agent`, token });
    const ids = held.json().permission_ids as number[];
    const dropped = ids[0];
    const saved = await t.call({
      method: 'PUT',
      url: '/api/permissions/association',
      token,
      payload: { associationId: analyst, associationType: 'agent', permission_ids: ids.slice(1) },
    });
    expect(saved.statusCode).toBe(200);
    await t.call({
      method: 'PUT',
      url: '/api/permissions/association',
      token,
      payload: { associationId: analyst, associationType: 'agent', permission_ids: ids },
    });

    const res = await t.call({
      method: 'GET',
      url: `/api/audit-log/entries?agent_id=${manager}&object_type=AGENT&object_id=${analyst}&action=permissions.saved`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(contractErrors(op, 200, res.json())).toEqual([]);
    const entries = res.json().entries as Entry[];
    expect(res.json().total).toBe(entries.length);
    const name = (await t.one<{ name: string }>(sql`select name from permissions where id = ${dropped}`)).name;
    // newest first: given back, then taken away
    expect(entries.slice(0, 2).map((e) => e.details)).toEqual([
      { added: [name], removed: [] },
      { added: [], removed: [name] },
    ]);
    // before and after hold the whole set: the newest entry gave the permission back
    const [givenBack] = entries as Array<Entry & { before: { permissions: string[] } | null; after: { permissions: string[] } | null }>;
    expect(givenBack.before!.permissions).not.toContain(name);
    expect(givenBack.after!.permissions).toContain(name);
    expect(entries.every((e) => e.agent?.id === manager && e.object_id === String(analyst))).toBe(true);
    expect(res.json().facets.actions).toContain('permissions.saved');
    expect(res.json().facets.agents.map((a: { id: number }) => a.id)).toContain(manager);
  });

  it('matches every action under a prefix ending in a dot, and pages with a total', async () => {
    const token = await t.signIn('manager@demo.test');
    const all = await t.call({ method: 'GET', url: '/api/audit-log/entries?action=alert.&limit=200', token });
    const entries = all.json().entries as Entry[];
    expect(entries.length).toBeGreaterThan(2);
    expect(entries.every((e) => e.action.startsWith('alert.'))).toBe(true);
    const page = await t.call({ method: 'GET', url: '/api/audit-log/entries?action=alert.&limit=2&offset=1', token });
    expect(page.json().entries.map((e: Entry) => e.id)).toEqual(entries.slice(1, 3).map((e) => e.id));
    expect(page.json().total).toBe(all.json().total);
    // LIKE's wildcards are taken literally
    const odd = await t.call({ method: 'GET', url: '/api/audit-log/entries?action=%25.', token });
    expect(odd.json().total).toBe(0);
  });

  it('hides entries of alerts in a restricted queue from a reader who is not a member', async () => {
    const analyst = await agent('analyst@demo.test');
    const restrictedAlert = await t.one<{ id: number }>(sql`select a.id from alerts a join queues q on q.id = a.queue_id
      where a.org_id = ${demo} and q.access_type = 'restricted' order by a.id limit 1`);
    await t.database.db.execute(sql`insert into audit_log (org_id, agent_id, action, object_type, object_id, details)
      values (${demo}, ${await agent('manager@demo.test')}, 'alert.status_changed', 'ALERT', ${String(restrictedAlert.id)}, '{"before":{"status":"OPEN"},"after":{"status":"CLOSED"}}'::jsonb)`);
    const url = `/api/audit-log/entries?object_type=ALERT&object_id=${restrictedAlert.id}`;
    // the manager is a member of the queue: before and after show
    const member = await t.call({ method: 'GET', url, token: await t.signIn('manager@demo.test') });
    expect(member.json().entries[0]).toMatchObject({ before: { status: 'OPEN' }, after: { status: 'CLOSED' } });
    // the analyst, given the audit log's permissions, is not a member
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select ${demo}, 'agent', ${analyst}, id from permissions where name = 'read_permissions'`);
    const outsider = await t.call({ method: 'GET', url, token: await t.signIn('analyst@demo.test') });
    expect(outsider.statusCode).toBe(200);
    expect(outsider.json()).toMatchObject({ entries: [], total: 0 });
  });

  it('is for holders of read_agents and read_permissions', async () => {
    const res = await t.call({ method: 'GET', url: '/api/audit-log/entries', token: await t.signIn('restricted@demo.test') });
    expect(res.statusCode).toBe(403);
  });
});

describe('the filter choices of a long log', () => {
  it('answer every action, object type and agent the log holds, read along the indexes, not by scanning the log', async () => {
    const analyst = await agent('analyst@demo.test');
    const admin = await agent('admin@demo.test');
    // 30,000 more entries: 40 actions, 7 object types, the analyst, and one made while impersonating
    await t.database.exec(`insert into audit_log (org_id, agent_id, action, object_type, object_id, details)
      select ${demo}, ${analyst}, 'bulk.action_' || (i % 40), 'KIND_' || (i % 7), i::text, '{}'::jsonb from generate_series(1, 30000) as i`);
    await t.database.exec(
      `insert into audit_log (org_id, agent_id, action, details) values (${demo}, ${analyst}, 'alert.viewed', '{"impersonated_by": ${admin}}'::jsonb)`,
    );
    await t.database.exec('analyze audit_log');

    const token = await t.signIn('manager@demo.test');
    const facets = (await t.call({ method: 'GET', url: '/api/audit-log/entries?limit=1', token })).json().facets;
    const every = await t.one<{ actions: string[]; kinds: string[]; agents: number[] }>(sql`select
        (select array_agg(distinct action order by action) from audit_log where org_id = ${demo}) as actions,
        (select array_agg(distinct object_type order by object_type) from audit_log where org_id = ${demo} and object_type is not null) as kinds,
        (select array_agg(distinct a order by a) from (select agent_id as a from audit_log where org_id = ${demo} and agent_id is not null
          union select (details->>'impersonated_by')::int from audit_log where org_id = ${demo} and details ? 'impersonated_by') x) as agents`);
    expect(facets.actions).toEqual(every.actions);
    expect(facets.object_types).toEqual(every.kinds);
    expect(facets.agents.map((a: { id: number }) => a.id).sort((x: number, y: number) => x - y)).toEqual(every.agents);
    expect(facets.agents.map((a: { id: number }) => a.id)).toContain(admin);

    for (const column of ['action', 'object_type', 'agent_id'] as const) {
      const plan = (await t.all<Record<string, string>>(sql`explain ${distinctValues(demo, column)}`)).map((r) => Object.values(r)[0]).join('\n');
      expect(plan, column).not.toMatch(/Seq Scan on audit_log/);
      expect(plan, column).toMatch(/Index Only Scan using audit_log_org_(action|object|agent)_idx/);
    }
  });
});
