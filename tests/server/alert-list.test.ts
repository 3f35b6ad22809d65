import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Row {
  id: number;
  title: string;
  status: string;
  created_at: string;
  deadline: string | null;
  amount_volume: number | null;
  alert_score: { score: number } | null;
  assigned_to_id: number | null;
  queue_id: number | null;
  queue_title: string | null;
  rules: { id: number }[];
  tags: { id: number }[];
}
type Page = { count: number; alerts: Row[] };

const list = async (body: Record<string, unknown>, as = 'analyst@demo.test'): Promise<Page> => {
  const res = await t.callAs(as, 'POST', '/api/alerts/list', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const ids = (page: Page) => page.alerts.map((a) => a.id);
const id = async (query: ReturnType<typeof sql>) => (await t.one<{ id: number }>(query)).id;
const count = async (query: ReturnType<typeof sql>) => (await t.one<{ n: number }>(query)).n;
const queueId = (title: string) => id(sql`select id from queues where org_id = 1 and title = ${title}`);
const agentId = (email: string) => id(sql`select id from agents where email = ${email}`);
/** Demo Bank alerts an agent outside the restricted queue may see. */
const OUTSIDER = sql`a.org_id = 1 and (a.queue_id is null or a.queue_id <> (select id from queues where org_id = 1 and title = 'Sensitive Investigations'))`;

describe('the alert list', () => {
  it('lists every visible alert except rule validation results, newest first, with the total count', async () => {
    const page = await list({ limit: 200 });
    expect(page.count).toBe(await count(sql`select count(*)::int as n from alerts a where ${OUTSIDER} and a.status <> 'RULE_VALIDATION'`));
    expect(page.alerts.every((a) => a.status !== 'RULE_VALIDATION')).toBe(true);
    const keys = page.alerts.map((a) => [a.created_at, a.id] as const);
    const sorted = [...keys].sort((x, y) => (x[0] === y[0] ? y[1] - x[1] : x[0] < y[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
    const validation = await list({ statuses: ['RULE_VALIDATION'] });
    expect(validation.count).toBe(await count(sql`select count(*)::int as n from alerts a where ${OUTSIDER} and a.status = 'RULE_VALIDATION'`));
    expect(validation.count).toBeGreaterThan(0);
  });

  it('answers each row with its rules, tags, assignee name and queue title', async () => {
    const tagged = await id(sql`select ot.object_id as id from object_tags ot join alerts a on a.id = ot.object_id
      where ot.object_type = 'ALERT' and ${OUTSIDER} and a.status <> 'RULE_VALIDATION' and a.assigned_to_id is not null order by ot.object_id limit 1`);
    const created = (await t.one<{ c: string }>(sql`select to_json(created_at) #>> '{}' as c from alerts where id = ${tagged}`)).c;
    const page = await list({ created_from: created, created_to: new Date(new Date(created).getTime() + 1).toISOString() });
    const row = page.alerts.find((a) => a.id === tagged)!;
    const expected = await t.one<{ rules: number[]; tags: number[]; agent: string; queue: string }>(sql`select
      (select array_agg(rule_id order by rule_id) from alert_rules where alert_id = ${tagged}) as rules,
      (select array_agg(tag_id order by tag_id) from object_tags where object_type = 'ALERT' and object_id = ${tagged}) as tags,
      (select full_name from agents g join alerts a on a.assigned_to_id = g.id where a.id = ${tagged}) as agent,
      (select q.title from queues q join alerts a on a.queue_id = q.id where a.id = ${tagged}) as queue`);
    expect(row.rules.map((r) => r.id)).toEqual(expected.rules);
    expect(row.tags.map((x) => x.id).sort((a, b) => a - b)).toEqual(expected.tags);
    expect(row).toMatchObject({ assigned_to_name: expected.agent, queue_title: expected.queue });
  });

  it('filters by status, queue, assignee (with -1 for unassigned), rule and tag', async () => {
    const highRisk = await queueId('High Risk');
    const byQueue = await list({ queue_ids: [highRisk], statuses: ['OPEN'], limit: 200 });
    expect(byQueue.count).toBe(await count(sql`select count(*)::int as n from alerts where org_id = 1 and queue_id = ${highRisk} and status = 'OPEN'`));
    expect(byQueue.alerts.every((a) => a.queue_id === highRisk && a.status === 'OPEN')).toBe(true);

    const me = await agentId('analyst@demo.test');
    const mine = await list({ assignee_ids: [me, -1], limit: 200 });
    expect(mine.count).toBe(
      await count(sql`select count(*)::int as n from alerts a where ${OUTSIDER} and a.status <> 'RULE_VALIDATION'
      and (a.assigned_to_id = ${me} or a.assigned_to_id is null)`),
    );
    expect(new Set(mine.alerts.map((a) => a.assigned_to_id))).toEqual(new Set([me, null]));

    const rule = await id(sql`select rule_id as id from alert_rules where org_id = 1 group by rule_id order by count(*) desc limit 1`);
    const byRule = await list({ rule_ids: [rule], limit: 200 });
    expect(byRule.count).toBe(
      await count(sql`select count(*)::int as n from alerts a where ${OUTSIDER} and a.status <> 'RULE_VALIDATION'
      and exists (select 1 from alert_rules r where r.alert_id = a.id and r.rule_id = ${rule})`),
    );
    expect(byRule.alerts.every((a) => a.rules.some((r) => r.id === rule))).toBe(true);

    const tag = await id(sql`select tag_id as id from object_tags where org_id = 1 and object_type = 'ALERT' group by tag_id order by count(*) desc limit 1`);
    const byTag = await list({ tag_ids: [tag, 2_147_483_647] });
    expect(byTag.count).toBeGreaterThan(0);
    expect(byTag.alerts.every((a) => a.tags.some((x) => x.id === tag))).toBe(true);
    expect((await list({ rule_ids: [2_147_483_647] })).count).toBe(0);
  });

  it('filters by creation range and amount, where an amount of 0 applies no bound', async () => {
    const from = '2026-06-01T00:00:00.000Z';
    const to = '2026-09-01T00:00:00.000Z';
    const ranged = await list({ created_from: from, created_to: to, limit: 200 });
    expect(ranged.count).toBe(
      await count(sql`select count(*)::int as n from alerts a where ${OUTSIDER} and a.status <> 'RULE_VALIDATION'
      and a.created_at >= ${from}::timestamptz and a.created_at < ${to}::timestamptz`),
    );
    expect(ranged.alerts.every((a) => a.created_at >= from && a.created_at < to)).toBe(true);

    const all = (await list({})).count;
    expect((await list({ minimum_amount: 0, maximum_amount: 0 })).count).toBe(all);
    const amounts = await list({ minimum_amount: 9000, maximum_amount: 50_000, limit: 200 });
    expect(amounts.count).toBe(
      await count(sql`select count(*)::int as n from alerts a where ${OUTSIDER} and a.status <> 'RULE_VALIDATION'
      and a.amount_volume between 9000 and 50000`),
    );
    expect(amounts.alerts.every((a) => a.amount_volume !== null && a.amount_volume >= 9000 && a.amount_volume <= 50_000)).toBe(true);
    expect((await list({ minimum_amount: 9000 })).count).toBeLessThan(all);
  });

  it('sorts by every column both ways, empty values last and ties by id in the same direction', async () => {
    const key: Record<string, (a: Row) => string | number | null> = {
      created_at: (a) => a.created_at,
      deadline: (a) => a.deadline,
      amount_volume: (a) => a.amount_volume,
      alert_score: (a) => a.alert_score?.score ?? null,
      title: (a) => a.title,
      status: (a) => a.status,
      id: (a) => a.id,
    };
    for (const [column, of] of Object.entries(key)) {
      for (const direction of ['ascending', 'descending'] as const) {
        const page = await list({ sort_column: column, sort_direction: direction, limit: 200 });
        const sign = direction === 'ascending' ? 1 : -1;
        for (let i = 1; i < page.alerts.length; i++) {
          const [x, y] = [page.alerts[i - 1], page.alerts[i]];
          const [kx, ky] = [of(x), of(y)];
          if (kx === null) expect(ky, `${column} ${direction}: empty values come last`).toBeNull();
          else if (ky !== null && kx !== ky && column !== 'title') expect((kx < ky ? 1 : -1) * sign, `${column} ${direction} at ${i}`).toBe(1);
          else if (kx === ky) expect(Math.sign(y.id - x.id), `${column} ${direction}: ties by id`).toBe(sign);
        }
      }
    }
  });

  it('pages through the same order it counts', async () => {
    const whole = await list({ sort_column: 'title', sort_direction: 'ascending', limit: 60 });
    const first = await list({ sort_column: 'title', sort_direction: 'ascending', limit: 25 });
    const second = await list({ sort_column: 'title', sort_direction: 'ascending', limit: 25, offset: 25 });
    expect([...ids(first), ...ids(second)]).toEqual(ids(whole).slice(0, 50));
    expect(second.count).toBe(whole.count);
    const beyond = await list({ offset: whole.count });
    expect(beyond).toEqual({ count: whole.count, alerts: [] });
  });
});

describe('restricted queues in the list', () => {
  it('never shows a restricted queue to a non-member, even when asked for by queue', async () => {
    const sensitive = await queueId('Sensitive Investigations');
    const inQueue = await count(sql`select count(*)::int as n from alerts where org_id = 1 and queue_id = ${sensitive} and status <> 'RULE_VALIDATION'`);
    expect(inQueue).toBeGreaterThan(0);
    expect(await list({ queue_ids: [sensitive] })).toEqual({ count: 0, alerts: [] });
    const everything = await list({ limit: 200 });
    expect(everything.alerts.some((a) => a.queue_id === sensitive)).toBe(false);
    expect((await list({ queue_ids: [sensitive] }, 'restricted@demo.test')).count).toBe(inQueue);
    expect((await list({ queue_ids: [sensitive] }, 'admin@demo.test')).count).toBe(inQueue);
    const member = await list({}, 'restricted@demo.test');
    expect(member.count).toBe(everything.count + inQueue);
  });

  it("shows nothing of another organisation's alerts", async () => {
    const northwind = await list({ limit: 200 }, 'admin@northwind.test');
    const demoIds = new Set((await t.all<{ id: number }>(sql`select id from alerts where org_id = 1`)).map((a) => a.id));
    expect(northwind.count).toBeGreaterThan(0);
    expect(northwind.alerts.some((a) => demoIds.has(a.id))).toBe(false);
  });
});

describe('rule filter options', () => {
  it('lists the rules that are not drafts, by title', async () => {
    const res = await t.callAs('analyst@demo.test', 'GET', '/api/alerts/rules');
    const rules: { title: string; status: string }[] = res.json().rules;
    expect(rules.length).toBe(await count(sql`select count(*)::int as n from rules where org_id = 1 and status <> 'DRAFT'`));
    expect(rules.map((r) => r.title)).toEqual([...rules.map((r) => r.title)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });
});
