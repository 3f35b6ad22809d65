import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Queue {
  id: number;
  title: string;
  description: string | null;
  access_type: string;
  deadline_seconds: number | null;
  member_ids: number[];
  is_member: boolean;
  open_alerts: number | null;
  unassigned_alerts: number | null;
  open_cases: number | null;
}

const call: TestContext['callAs'] = (...args) => t.callAs(...args);
const id = async (query: ReturnType<typeof sql>) => (await t.one<{ id: number }>(query)).id;
const agentId = (email: string) => id(sql`select id from agents where email = ${email}`);
const queues = async (as: string): Promise<Queue[]> => (await call(as, 'GET', '/api/queues')).json().queues;

describe('queue list', () => {
  it('lists every queue by title with counts of open work', async () => {
    const list = await queues('analyst@demo.test');
    expect(list.map((q) => q.title)).toEqual(['Fraud Ops', 'General', 'High Risk', 'Sensitive Investigations']);
    const highRisk = list.find((q) => q.title === 'High Risk')!;
    const expected = await t.one<{ open: number; unassigned: number; cases: number }>(sql`select
      (select count(*)::int from alerts where queue_id = ${highRisk.id} and status = 'OPEN') as open,
      (select count(*)::int from alerts where queue_id = ${highRisk.id} and status = 'OPEN' and assigned_to_id is null) as unassigned,
      (select count(*)::int from cases where queue_id = ${highRisk.id} and status = 'OPEN') as cases`);
    expect(highRisk).toMatchObject({ access_type: 'open', open_alerts: expected.open, unassigned_alerts: expected.unassigned, open_cases: expected.cases });
    expect(highRisk.deadline_seconds).toBe(7 * 86_400);
    expect(highRisk.description).toEqual(expect.any(String));
  });

  it('hides the counts of a restricted queue from non-members, not from members or root_all', async () => {
    const outsider = (await queues('analyst@demo.test')).find((q) => q.access_type === 'restricted')!;
    expect(outsider).toMatchObject({ is_member: false, open_alerts: null, unassigned_alerts: null, open_cases: null });
    const member = (await queues('restricted@demo.test')).find((q) => q.id === outsider.id)!;
    expect(member.is_member).toBe(true);
    expect(member.open_alerts).toBe(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from alerts where queue_id = ${outsider.id} and status = 'OPEN'`)).n,
    );
    expect(member.member_ids).toContain(await agentId('restricted@demo.test'));
    const root = (await queues('admin@demo.test')).find((q) => q.id === outsider.id)!;
    expect(root).toMatchObject({ is_member: false, open_alerts: member.open_alerts });
  });

  it("lists only the caller's organisation", async () => {
    const titles = (await queues('analyst@northwind.test')).map((q) => q.title);
    expect(titles).toEqual(['Escalations', 'General']);
  });
});

describe('creating and changing queues', () => {
  it('creates a queue with members and audits it; a title in use (any case) is 409', async () => {
    const analyst = await agentId('analyst@demo.test');
    const body = { title: '  Card Disputes  ', access_type: 'restricted', description: 'Chargebacks.', deadline_seconds: 86_400, member_ids: [analyst] };
    const res = await call('manager@demo.test', 'POST', '/api/queues', body);
    expect(res.statusCode).toBe(201);
    const created: Queue = res.json();
    expect(created).toMatchObject({
      title: 'Card Disputes',
      access_type: 'restricted',
      member_ids: [analyst],
      is_member: false,
      open_alerts: null,
      deadline_seconds: 86_400,
    });
    expect((await queues('analyst@demo.test')).find((q) => q.id === created.id)).toMatchObject({ is_member: true, open_alerts: 0, open_cases: 0 });
    const audited = await t.one<{ details: { before: unknown; after: Record<string, unknown> } }>(
      sql`select details from audit_log where action = 'queue.created' and object_id = ${String(created.id)}`,
    );
    expect(audited.details.before).toBeNull();
    expect(audited.details.after).toMatchObject({ title: 'Card Disputes', access_type: 'restricted', member_ids: [analyst] });
    const again = await call('manager@demo.test', 'POST', '/api/queues', { title: 'card disputes', access_type: 'open' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('conflict');
  });

  it('needs a title and an access type, and members of the organisation', async () => {
    expect((await call('manager@demo.test', 'POST', '/api/queues', { title: 'No access type' })).statusCode).toBe(400);
    expect((await call('manager@demo.test', 'POST', '/api/queues', { title: '   ', access_type: 'open' })).statusCode).toBe(400);
    const outsider = await agentId('analyst@northwind.test');
    expect((await call('manager@demo.test', 'POST', '/api/queues', { title: 'Mixed', access_type: 'open', member_ids: [outsider] })).statusCode).toBe(404);
    expect((await call('manager@demo.test', 'POST', '/api/queues', { title: 'Huge', access_type: 'open', member_ids: [2_147_483_647] })).statusCode).toBe(404);
    expect((await call('manager@demo.test', 'POST', '/api/queues', { title: 'Beyond', access_type: 'open', member_ids: [99_999_999_999] })).statusCode).toBe(
      400,
    );
    expect((await call('analyst@demo.test', 'POST', '/api/queues', { title: 'Mine', access_type: 'open' })).statusCode).toBe(403);
  });

  it('changes only the fields given, audits before and after, and refuses a title in use', async () => {
    const general = await id(sql`select id from queues where org_id = 1 and title = 'General'`);
    const before = await t.one<{ deadline_seconds: number; description: string }>(sql`select deadline_seconds, description from queues where id = ${general}`);
    const manager = await agentId('manager@demo.test');
    const res = await call('manager@demo.test', 'PATCH', `/api/queues/${general}`, { deadline_seconds: 10 * 86_400, member_ids: [manager] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'General',
      description: before.description,
      deadline_seconds: 10 * 86_400,
      member_ids: [manager],
      is_member: true,
    });
    const audited = await t.one<{ details: { before: unknown; after: unknown } }>(
      sql`select details from audit_log where action = 'queue.updated' and object_id = ${String(general)} order by id desc limit 1`,
    );
    expect(audited.details).toMatchObject({
      before: { deadline_seconds: before.deadline_seconds, member_ids: [] },
      after: { deadline_seconds: 10 * 86_400, member_ids: [manager] },
    });
    expect(Object.keys(audited.details.after as object).sort()).toEqual(['deadline_seconds', 'member_ids']);
    expect((await call('manager@demo.test', 'PATCH', `/api/queues/${general}`, { title: 'high risk' })).statusCode).toBe(409);
    expect((await call('manager@demo.test', 'PATCH', `/api/queues/${general}`, { title: 'General' })).statusCode).toBe(200);
    const northwind = await id(sql`select id from queues where org_id = 2 order by id limit 1`);
    expect((await call('manager@demo.test', 'PATCH', `/api/queues/${northwind}`, { description: 'x' })).statusCode).toBe(404);
  });
});

describe('agents for pickers', () => {
  it('lists the active agents of the organisation by name, inactive ones on request', async () => {
    const active = (await call('analyst@demo.test', 'GET', '/api/agents')).json().agents as { full_name: string; status: string; email: string }[];
    expect(active.every((a) => a.status === 'active')).toBe(true);
    expect(active.map((a) => a.email)).not.toContain('diego.alvarez@demo.test');
    expect(active.map((a) => a.email)).not.toContain('analyst@northwind.test');
    const names = active.map((a) => a.full_name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const all = (await call('analyst@demo.test', 'GET', '/api/agents?include_inactive=true')).json().agents as { email: string; status: string }[];
    expect(all.find((a) => a.email === 'diego.alvarez@demo.test')?.status).toBe('inactive');
    expect(all.length).toBe(active.length + 1);
  });
});
