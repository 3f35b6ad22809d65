import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let analyst: string;

beforeAll(async () => {
  t = await createTestContext();
  analyst = await t.signIn('analyst@demo.test');
});
afterAll(() => t.close());

interface Item {
  id: number;
  event_time: string;
  action_type: string;
  tags: { id: number }[];
  entity: { id: number; external_id: string; name_readable: string } | null;
}

const list = (body: Record<string, unknown>, token = analyst) => t.call({ method: 'POST', url: '/api/action-events/list', payload: body, token });
const count = async (where: ReturnType<typeof sql>, org = 1) =>
  (await t.one<{ n: number }>(sql`select count(*)::int as n from action_events e where e.org_id = ${org} and ${where}`)).n;

describe('listActionEvents', () => {
  it("lists the caller's organisation only, newest first", async () => {
    const res = await list({ limit: 100 });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(await count(sql`true`));
    const items: Item[] = res.json().action_events;
    expect(items).toHaveLength(100);
    const times = items.map((e) => Date.parse(e.event_time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const northwind = await t.all<{ id: number }>(sql`select id from action_events where org_id = 2`);
    const northwindIds = new Set(northwind.map((n) => n.id));
    expect(items.filter((e) => northwindIds.has(e.id))).toEqual([]);

    const northwindAnalyst = await t.signIn('analyst@northwind.test');
    const theirs = await list({ limit: 5 }, northwindAnalyst);
    expect(theirs.json().count).toBe(await count(sql`true`, 2));
  });

  it('ascending order, and pages are consecutive slices of one order', async () => {
    const asc = (await list({ sort_direction: 'ascending', limit: 20 })).json().action_events as Item[];
    const times = asc.map((e) => Date.parse(e.event_time));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const first = (await list({ limit: 10, offset: 0 })).json().action_events as Item[];
    const second = (await list({ limit: 10, offset: 10 })).json().action_events as Item[];
    const both = (await list({ limit: 20 })).json().action_events as Item[];
    expect([...first, ...second].map((e) => e.id)).toEqual(both.map((e) => e.id));
    const past = await list({ offset: 1_000_000 });
    expect(past.json().action_events).toEqual([]);
    expect(past.json().count).toBe(await count(sql`true`));
  });

  it('entity filter answers the entity of every event; another organisation’s entity matches nothing', async () => {
    const { id } = await t.one<{ id: number }>(
      sql`select entity_id as id from action_events where org_id = 1 and entity_id is not null group by 1 order by count(*) desc limit 1`,
    );
    const res = await list({ entity_ids: [id] });
    expect(res.json().count).toBe(await count(sql`e.entity_id = ${id}`));
    expect(res.json().count).toBeGreaterThan(0);
    for (const e of res.json().action_events as Item[]) expect(e.entity?.id).toBe(id);
    const other = await t.one<{ id: number }>(sql`select entity_id as id from action_events where org_id = 2 and entity_id is not null limit 1`);
    expect((await list({ entity_ids: [other.id] })).json().count).toBe(0);
  });

  it('action types and the date range (start inclusive, end exclusive)', async () => {
    const res = await list({ action_types: ['FAILED_LOGIN', 'ADD_PAYEE'], limit: 100 });
    expect(res.json().count).toBe(await count(sql`e.action_type in ('FAILED_LOGIN', 'ADD_PAYEE')`));
    for (const e of res.json().action_events as Item[]) expect(['FAILED_LOGIN', 'ADD_PAYEE']).toContain(e.action_type);
    const { start, end } = await t.one<{ start: string; end: string }>(
      sql`select percentile_disc(0.3) within group (order by event_time) as start, percentile_disc(0.6) within group (order by event_time) as "end" from action_events where org_id = 1`,
    );
    const s = new Date(start).toISOString();
    const e = new Date(end).toISOString();
    const ranged = await list({ start_date: s, end_date: e });
    expect(ranged.json().count).toBe(await count(sql`e.event_time >= ${s}::timestamptz and e.event_time < ${e}::timestamptz`));
    expect(ranged.json().count).toBeGreaterThan(0);
  });

  it('tags keep only tagged events', async () => {
    const ids = await t.all<{ id: number }>(sql`select id from action_events where org_id = 1 order by id limit 2`);
    const tag = await t.one<{ id: number }>(sql`select id from tags where org_id = 1 order by id limit 1`);
    await t.database.db.execute(sql`insert into object_tags (org_id, tag_id, object_type, object_id)
      select 1, ${tag.id}, 'ACTION_EVENT', id from action_events where org_id = 1 and id in (${ids[0].id}, ${ids[1].id}) on conflict do nothing`);
    const res = await list({ tag_ids: [tag.id] });
    expect(res.json().count).toBe(
      await count(
        sql`exists (select 1 from object_tags ot where ot.org_id = 1 and ot.object_type = 'ACTION_EVENT' and ot.object_id = e.id and ot.tag_id = ${tag.id})`,
      ),
    );
    expect(res.json().count).toBeGreaterThanOrEqual(2);
    for (const e of res.json().action_events as Item[]) expect(e.tags.map((x) => x.id)).toContain(tag.id);
  });

  it('refuses unknown filters and action types (400)', async () => {
    expect((await list({ action_types: ['TELEPORT'] })).statusCode).toBe(400);
    expect((await list({ direction: 'OUTBOUND' })).statusCode).toBe(400);
  });
});
