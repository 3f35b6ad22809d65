import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let analyst: string;
let manager: string;

beforeAll(async () => {
  t = await createTestContext();
  analyst = await t.signIn('analyst@demo.test');
  manager = await t.signIn('manager@demo.test');
});
afterAll(() => t.close());

type Hit = { id: number; title: string; object_type: string; parent_object_type?: string; parent_object_id?: number };
const search = async (path: string, body: Record<string, unknown>, token = analyst) => {
  const res = await t.call({ method: 'POST', url: `/api/${path}`, payload: body, token });
  return { status: res.statusCode, results: (res.statusCode === 200 ? res.json().results : []) as Hit[], body: res.json() };
};

/** Swaps two adjacent letters in the middle of the word: "Benjamin" → "Benjmain". */
const misspell = (word: string) => {
  const i = Math.floor(word.length / 2);
  return word.slice(0, i - 1) + word[i] + word[i - 1] + word.slice(i + 1);
};

describe('entity search', () => {
  it('finds a seeded entity by a misspelt name, best match first', async () => {
    const entity = await t.one<{ id: number; name_readable: string }>(
      sql`select id, name_readable from entities e where org_id = 1 and entity_type = 'user' and length(split_part(name_readable, ' ', 2)) >= 6
        and (select count(*) from entities o where o.org_id = 1 and o.name_readable = e.name_readable) = 1 order by id limit 1`,
    );
    const [first, last] = entity.name_readable.split(' ');
    const phrase = `${first} ${misspell(last)}`;
    expect(phrase).not.toBe(entity.name_readable);
    const { results, body } = await search('entities/search', { phrase });
    expect(results[0]).toMatchObject({ id: entity.id, title: entity.name_readable, object_type: 'ENTITY' });
    expect(body.count).toBe(results.length);
    expect(results.length).toBeLessThanOrEqual(20);
  });

  it('never answers another organisation entities', async () => {
    const nw = await t.one<{ name_readable: string; external_id: string }>(
      sql`select name_readable, external_id from entities where org_id = 2 order by id limit 1`,
    );
    const ids = new Set((await t.all<{ id: number }>(sql`select id from entities where org_id = 2`)).map((r) => r.id));
    for (const phrase of [nw.name_readable, nw.external_id]) {
      const { results } = await search('entities/search', { phrase });
      expect(results.filter((r) => ids.has(r.id))).toEqual([]);
    }
    const v2 = await search('entities/search/v2', { search_conditions: [{ field: 'external_id', operator: 'equals', value: nw.external_id }] });
    expect(v2.results).toEqual([]);
  });

  it('narrows by type and by external ids; unknown types answer 400, phone search needs its flag', async () => {
    const e = await t.one<{ id: number; external_id: string; name_readable: string }>(
      sql`select id, external_id, name_readable from entities where org_id = 1 order by id limit 1`,
    );
    const byExternal = await search('entities/search', { phrase: e.external_id, type: 'external_id' });
    expect(byExternal.results[0].id).toBe(e.id);
    const restricted = await search('entities/search', { phrase: e.name_readable, external_ids: [e.external_id] });
    expect(restricted.results.map((r) => r.id)).toEqual([e.id]);
    expect((await search('entities/search', { phrase: 'abc', type: 'shoe_size' })).status).toBe(400);
    expect((await search('entities/search/v2', { search_conditions: [{ field: 'shoe_size', operator: 'contains', value: 'ab' }] })).status).toBe(400);
    await t.database.db.execute(sql`update feature_flags set enabled = false where org_id = 1 and name = 'phone_number_search'`);
    const noFlag = await t.signIn('manager@demo.test');
    expect((await search('entities/search', { phrase: '555', type: 'phone_number' }, noFlag)).status).toBe(403);
    await t.database.db.execute(sql`update feature_flags set enabled = true where org_id = 1 and name = 'phone_number_search'`);
  });

  it('v2 operators: equals, starts_with, contains; all conditions must match', async () => {
    const e = await t.one<{ id: number; external_id: string; name_readable: string }>(
      sql`select id, external_id, name_readable from entities where org_id = 1 order by id limit 1`,
    );
    const equals = await search('entities/search/v2', {
      search_conditions: [{ field: 'external_id', operator: 'equals', value: e.external_id.toUpperCase() }],
    });
    expect(equals.results.map((r) => r.id)).toEqual([e.id]);
    const prefix = e.name_readable.slice(0, 3);
    const starts = await search('entities/search/v2', { search_conditions: [{ field: 'name', operator: 'starts_with', value: prefix }], limit: 100 });
    const expected = await t.one<{ n: number }>(sql`select count(*)::int as n from entities where org_id = 1 and name_readable ilike ${`${prefix}%`}`);
    expect(starts.results).toHaveLength(Math.min(100, expected.n));
    const both = await search('entities/search/v2', {
      search_conditions: [
        { field: 'name', operator: 'contains', value: prefix },
        { field: 'external_id', operator: 'equals', value: e.external_id },
      ],
    });
    expect(both.results.map((r) => r.id)).toEqual([e.id]);
  });

  it('answers at most 20 results by default, and the v2 limit otherwise', async () => {
    const { results } = await search('events/search', { phrase: 'tx' });
    const available = await t.one<{ n: number }>(sql`select count(*)::int as n from transactions where org_id = 1 and external_id ilike '%tx%'`);
    expect(results).toHaveLength(Math.min(20, available.n));
    const v2 = await search('events/search/v2', { search_conditions: [{ field: 'external_id', operator: 'contains', value: 'tx' }], limit: 7 });
    expect(v2.results).toHaveLength(Math.min(7, available.n));
  });
});

describe('restricted queues in search', () => {
  let alertId: number;
  let caseId: number;
  let noteId: number;
  const title = 'Zanzibar smurfing ring';

  beforeAll(async () => {
    const queue = await t.one<{ id: number }>(sql`select id from queues where org_id = 1 and access_type = 'restricted' order by id limit 1`);
    alertId = (
      await t.one<{ id: number }>(sql`insert into alerts (org_id, title, alert_type, queue_id) values (1, ${title}, 'MANUAL', ${queue.id}) returning id`)
    ).id;
    caseId = (await t.one<{ id: number }>(sql`insert into cases (org_id, title, queue_id) values (1, ${title}, ${queue.id}) returning id`)).id;
    noteId = (
      await t.one<{ id: number }>(
        sql`insert into comments (org_id, object_type, object_id, content) values (1, 'ALERT', ${alertId}, 'Zanzibar courier seen at branch') returning id`,
      )
    ).id;
  });

  it('hides restricted alerts, cases and their notes from non-members', async () => {
    expect((await search('alerts/search', { phrase: 'Zanzibar smurfing' })).results.map((r) => r.id)).not.toContain(alertId);
    expect((await search('cases/search', { phrase: 'Zanzibar smurfing' })).results.map((r) => r.id)).not.toContain(caseId);
    expect((await search('alerts/search', { phrase: String(alertId) })).results.map((r) => r.id)).not.toContain(alertId);
    expect((await search('alerts/search/v2', { search_conditions: [{ field: 'title', operator: 'contains', value: 'Zanzibar' }] })).results).toEqual([]);
    expect((await search('notes/search/v2', { search_conditions: [{ field: 'content', operator: 'contains', value: 'Zanzibar courier' }] })).results).toEqual(
      [],
    );
  });

  it('shows them to queue members, ranked first', async () => {
    expect((await search('alerts/search', { phrase: 'Zanzibar smurfing' }, manager)).results[0]).toMatchObject({ id: alertId, object_type: 'ALERT' });
    expect((await search('cases/search', { phrase: 'Zanzibar smurfng' }, manager)).results[0]).toMatchObject({ id: caseId, object_type: 'CASE' });
    expect((await search('alerts/search', { phrase: String(alertId) }, manager)).results[0].id).toBe(alertId);
    const notes = await search('notes/search/v2', { search_conditions: [{ field: 'content', operator: 'contains', value: 'Zanzibar courier' }] }, manager);
    expect(notes.results).toEqual([expect.objectContaining({ id: noteId, object_type: 'NOTE', parent_object_type: 'ALERT', parent_object_id: alertId })]);
  });
});

describe('other kinds', () => {
  it('searches instruments, action events, rules and teams within the organisation', async () => {
    const instrument = await t.one<{ id: number; external_id: string }>(sql`select id, external_id from instruments where org_id = 1 order by id limit 1`);
    expect((await search('instruments/search', { phrase: instrument.external_id })).results[0].id).toBe(instrument.id);
    const action = await t.one<{ id: number; external_id: string }>(sql`select id, external_id from action_events where org_id = 1 order by id limit 1`);
    expect((await search('actions/search', { phrase: action.external_id })).results[0].id).toBe(action.id);
    const rule = await t.one<{ id: number; title: string }>(sql`select id, title from rules where org_id = 1 order by id limit 1`);
    expect((await search('rules/search', { phrase: rule.title })).results[0].id).toBe(rule.id);
    const team = await t.one<{ id: number; name: string }>(sql`select id, name from teams where org_id = 1 order by id limit 1`);
    expect((await search('teams/search', { phrase: team.name }, manager)).results[0].id).toBe(team.id);
    const nwTeam = await t.one<{ name: string }>(sql`select name from teams where org_id = 2 order by id limit 1`);
    const nwIds = new Set((await t.all<{ id: number }>(sql`select id from teams where org_id = 2`)).map((r) => r.id));
    expect((await search('teams/search', { phrase: nwTeam.name }, manager)).results.filter((r) => nwIds.has(r.id))).toEqual([]);
  });
});
