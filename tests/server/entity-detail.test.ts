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

const get = async (path: string, token = analyst) => t.call({ method: 'GET', url: path, token });

describe('the entity page reads', () => {
  it('links the shared-device customers to each other through the IP address, device and instrument', async () => {
    const shared = await t.one<{ ip: string; ids: number[] }>(
      sql`select ip_address as ip, array_agg(distinct entity_id order by entity_id) as ids from action_events where org_id = 1
        group by ip_address order by count(distinct entity_id) desc limit 1`,
    );
    const [first, ...others] = shared.ids;
    const res = await get(`/api/entities/${first}/links`);
    expect(res.statusCode).toBe(200);
    const links = res.json().links as { link_type: string; value: string | null; entity_count: number; entities: { id: number }[] }[];
    const ip = links.find((l) => l.link_type === 'ip_address' && l.value === shared.ip);
    expect(ip?.entity_count).toBe(others.length);
    expect(ip?.entities.map((e) => e.id).sort((a, b) => a - b)).toEqual(others);
    expect(links.some((l) => l.link_type === 'client_fingerprint')).toBe(true);
    // Without the fingerprint feature, device fingerprints are not linked.
    await t.database.db.execute(sql`update feature_flags set enabled = false where org_id = 1 and name = 'fingerprint'`);
    try {
      const without = (await get(`/api/entities/${first}/links`, await t.signIn('analyst@demo.test'))).json().links as { link_type: string }[];
      expect(without.some((l) => l.link_type === 'client_fingerprint')).toBe(false);
      expect(without.some((l) => l.link_type === 'ip_address')).toBe(true);
    } finally {
      await t.database.db.execute(sql`update feature_flags set enabled = true where org_id = 1 and name = 'fingerprint'`);
    }
  });

  it('counts counterparties each way', async () => {
    const pair = await t.one<{ s: number; r: number; n: number }>(
      sql`select sender_entity_id as s, receiver_entity_id as r, count(*)::int as n from transactions where org_id = 1
        and sender_entity_id is not null and receiver_entity_id is not null and sender_entity_id <> receiver_entity_id
        group by 1, 2 order by 3 desc limit 1`,
    );
    const back = await t.one<{ n: number }>(
      sql`select count(*)::int as n from transactions where org_id = 1 and sender_entity_id = ${pair.r} and receiver_entity_id = ${pair.s}`,
    );
    const res = (await get(`/api/entities/${pair.s}/counterparties`)).json();
    const row = res.counterparties.find((c: { entity: { id: number } }) => c.entity.id === pair.r);
    expect(row).toMatchObject({ sent_count: pair.n, received_count: back.n });
  });

  it('lists the entity’s and its instruments’ documents with their owners', async () => {
    const owner = await t.one<{ entity_id: number; n: number }>(
      sql`select i.entity_id, count(*)::int as n from documents d join instruments i on i.org_id = d.org_id and i.id = d.object_id
        where d.org_id = 1 and d.object_type = 'INSTRUMENT' and d.deleted_at is null and i.entity_id is not null group by 1 order by 2 desc limit 1`,
    );
    const own = await t.one<{ n: number }>(
      sql`select count(*)::int as n from documents where org_id = 1 and object_type = 'ENTITY' and object_id = ${owner.entity_id} and deleted_at is null`,
    );
    const docs = (await get(`/api/entities/${owner.entity_id}/documents`)).json().documents as { owner_type: string }[];
    expect(docs.filter((d) => d.owner_type === 'INSTRUMENT')).toHaveLength(owner.n);
    expect(docs.filter((d) => d.owner_type === 'ENTITY')).toHaveLength(own.n);
  });

  it('answers profile locations first, then where action events came from', async () => {
    const { entity_id } = await t.one<{ entity_id: number }>(
      sql`select entity_id from action_events where org_id = 1 group by 1 order by count(*) desc limit 1`,
    );
    const locations = (await get(`/api/entities/${entity_id}/locations`)).json().locations as { source: string; event_count: number }[];
    expect(locations[0]?.source).toBe('PROFILE');
    const fromEvents = locations.filter((l) => l.source === 'ACTION_EVENT');
    expect(fromEvents.length).toBeGreaterThan(0);
    expect(fromEvents.every((l) => l.event_count > 0)).toBe(true);
  });

  it("another organisation's entity is 404 for every read", async () => {
    const { id } = await t.one<{ id: number }>(sql`select id from entities where org_id = 2 order by id limit 1`);
    for (const path of ['instruments', 'documents', 'links', 'counterparties', 'locations']) {
      expect((await get(`/api/entities/${id}/${path}`)).statusCode).toBe(404);
    }
  });
});
