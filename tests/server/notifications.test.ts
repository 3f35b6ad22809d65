import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let analyst: number;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  analyst = (await t.one<{ id: number }>(sql`select id from agents where email = 'analyst@demo.test'`)).id;
  token = await t.signIn('analyst@demo.test');
  // a known spread: at least two unread and one read notification of the analyst
  // newer than anything seeded
  await t.database.db.execute(sql`insert into notifications (org_id, agent_id, content, status, entity_type, entity_id, created_at)
    with base as (select greatest(now(), (select max(created_at) from notifications)) as at)
    select org_id, id, 'Test unread one', 'unread', 'ALERT', null::int, (select at from base) + interval '2 minutes' from agents where id = ${analyst}
    union all select org_id, id, 'Test unread two', 'unread', 'FILE_EXPORT', null::int, (select at from base) + interval '3 minutes' from agents where id = ${analyst}
    union all select org_id, id, 'Test read', 'read', 'PROFILE', id, (select at from base) + interval '1 minute' from agents where id = ${analyst}`);
});
afterAll(() => t.close());

const list = (query = '') => t.call({ method: 'GET', url: `/api/notifications${query}`, token });
const counts = () =>
  t.one<{ total: number; unread: number }>(
    sql`select count(*)::int as total, count(*) filter (where status = 'unread')::int as unread from notifications where agent_id = ${analyst}`,
  );

describe('listNotifications', () => {
  it('pages the caller’s notifications newest first with total and unread counts', async () => {
    const { total, unread } = await counts();
    const res = await list('?limit=2&offset=0');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: total, unread_count: unread });
    expect(body.notifications).toHaveLength(2);
    expect(body.notifications[0].content).toBe('Test unread two');
    expect(Date.parse(body.notifications[0].created_at)).toBeGreaterThanOrEqual(Date.parse(body.notifications[1].created_at));
    const next = await list('?limit=2&offset=2');
    expect(next.json().notifications[0]?.id).not.toBe(body.notifications[1].id);
  });

  it('filters unread only, keeping unread_count', async () => {
    const { unread } = await counts();
    const body = (await list('?unread_only=true&limit=100')).json();
    expect(body.count).toBe(unread);
    expect(body.notifications.every((n: { status: string }) => n.status === 'unread')).toBe(true);
  });

  it("answers 403 for another agent's id", async () => {
    const manager = await t.one<{ id: number }>(sql`select id from agents where email = 'manager@demo.test'`);
    expect((await list(`?agent_id=${manager.id}`)).statusCode).toBe(403);
    expect((await list(`?agent_id=${analyst}`)).statusCode).toBe(200);
  });
});

describe('markNotificationRead', () => {
  it('marks one read, idempotently', async () => {
    const n = await t.one<{ id: number }>(sql`select id from notifications where agent_id = ${analyst} and status = 'unread' order by id limit 1`);
    const before = await counts();
    const res = await t.call({ method: 'POST', url: `/api/notifications/${n.id}/read`, payload: {}, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: n.id, status: 'read' });
    expect((await counts()).unread).toBe(before.unread - 1);
    const again = await t.call({ method: 'POST', url: `/api/notifications/${n.id}/read`, payload: { agent_id: analyst }, token });
    expect(again.statusCode).toBe(200);
    expect((await counts()).unread).toBe(before.unread - 1);
  });

  it("answers 404 for another agent's notification and 403 for another agent_id", async () => {
    const other = await t.one<{ id: number }>(sql`select id from notifications where agent_id <> ${analyst} order by id limit 1`);
    expect((await t.call({ method: 'POST', url: `/api/notifications/${other.id}/read`, payload: {}, token })).statusCode).toBe(404);
    const mine = await t.one<{ id: number }>(sql`select id from notifications where agent_id = ${analyst} order by id limit 1`);
    expect((await t.call({ method: 'POST', url: `/api/notifications/${mine.id}/read`, payload: { agent_id: analyst + 1 }, token })).statusCode).toBe(403);
  });

  it('rejects unknown body fields', async () => {
    const mine = await t.one<{ id: number }>(sql`select id from notifications where agent_id = ${analyst} order by id limit 1`);
    expect((await t.call({ method: 'POST', url: `/api/notifications/${mine.id}/read`, payload: { status: 'read' }, token })).statusCode).toBe(400);
  });
});

describe('markAllNotificationsRead', () => {
  it("marks every unread notification of the caller read and leaves others' alone", async () => {
    const othersUnread = async () =>
      (await t.one<{ n: number }>(sql`select count(*)::int as n from notifications where agent_id <> ${analyst} and status = 'unread'`)).n;
    const others = await othersUnread();
    const { unread } = await counts();
    expect(unread).toBeGreaterThan(0);
    const res = await t.call({ method: 'POST', url: '/api/notifications/read-all', payload: {}, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: unread });
    expect((await counts()).unread).toBe(0);
    expect(await othersUnread()).toBe(others);
    expect((await t.call({ method: 'POST', url: '/api/notifications/read-all', payload: {}, token })).json()).toEqual({ updated: 0 });
    expect((await list()).json().unread_count).toBe(0);
  });

  it('answers 403 for another agent_id', async () => {
    const res = await t.call({ method: 'POST', url: '/api/notifications/read-all', payload: { agent_id: analyst + 1 }, token });
    expect(res.statusCode).toBe(403);
  });
});
