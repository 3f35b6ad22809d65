import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearAnchors, nearestAnchor, rememberAnchors } from '../../server/modules/transactions/page-anchors.js';
import { COUNT_TTL_MS } from '../../server/modules/transactions/count-cache.js';
import { createTestContext, type TestContext } from './helpers/app.js';

/**
 * Deep pages of a large list seek to a kept anchor instead of stepping over every earlier row;
 * the pages must be exactly the ones OFFSET paging gives, in both directions and across ties of
 * event time.
 */

let t: TestContext;
let analyst: string;

beforeAll(async () => {
  t = await createTestContext();
  analyst = await t.signIn('analyst@demo.test');
  // 24,000 more transactions, three to each event time (ties are ordered by id), so the list is
  // large enough (20,000 or more) for its count and anchors to be kept.
  await t.database.db.execute(sql`insert into transactions (org_id, external_id, event_time, amount, status, internal_txn_type)
    select 1, 'anchor-test-' || g, timestamptz '2020-01-01' + make_interval(mins => g / 3), 10 + g % 50, 'COMPLETED', 'ACH'
    from generate_series(1, 24000) as g`);
});
afterAll(() => t.close());

const page = async (body: Record<string, unknown>) => {
  const res = await t.call({ method: 'POST', url: '/api/txn-events/list', payload: { limit: 100, ...body }, token: analyst });
  expect(res.statusCode).toBe(200);
  return res.json<{ count: number; txn_events: Array<{ id: number }> }>();
};

async function offsetIds(direction: 'asc' | 'desc', offset: number, limit: number): Promise<number[]> {
  const found = await t.all<{ id: number }>(sql`select id from transactions where org_id = 1
    order by event_time ${sql.raw(direction)}, id ${sql.raw(direction)} limit ${limit} offset ${offset}`);
  return found.map((r) => r.id);
}

describe('deep pages of the transaction list', () => {
  it('oldest first: scrolling on from a deep page and jumping back give the OFFSET pages', async () => {
    clearAnchors();
    for (const offset of [12_000, 12_100, 12_200, 12_150, 12_001, 15_000, 12_050]) {
      const got = await page({ sort_direction: 'ascending', offset });
      expect(
        got.txn_events.map((e) => e.id),
        `offset ${offset}`,
      ).toEqual(await offsetIds('asc', offset, 100));
    }
  });

  it('newest first, through ties of event time', async () => {
    clearAnchors();
    for (const offset of [20_000, 20_100, 20_037, 23_950]) {
      const got = await page({ offset });
      expect(
        got.txn_events.map((e) => e.id),
        `offset ${offset}`,
      ).toEqual(await offsetIds('desc', offset, 100));
    }
  });

  it('a filtered list keeps its own anchors', async () => {
    clearAnchors();
    await page({ sort_direction: 'ascending', offset: 12_000 });
    const got = await page({ sort_direction: 'ascending', offset: 12_000, internal_txn_types: ['ACH'] });
    const expected = await t.all<{ id: number }>(sql`select id from transactions where org_id = 1 and internal_txn_type = 'ACH'
      order by event_time, id limit 100 offset 12000`);
    expect(got.txn_events.map((e) => e.id)).toEqual(expected.map((r) => r.id));
  });
});

describe('page anchors', () => {
  it('answer the nearest anchor at or before the offset, only while fresh', () => {
    clearAnchors();
    rememberAnchors(
      'k',
      [
        { offset: 5_000, eventTime: 'a', id: 1 },
        { offset: 5_099, eventTime: 'b', id: 2 },
      ],
      1_000,
    );
    expect(nearestAnchor('k', 5_150, 1_000)?.id).toBe(2);
    expect(nearestAnchor('k', 5_050, 1_000)?.id).toBe(1);
    expect(nearestAnchor('k', 4_999, 1_000)).toBeNull();
    expect(nearestAnchor('other', 5_150, 1_000)).toBeNull();
    expect(nearestAnchor('k', 5_150, 1_000 + COUNT_TTL_MS)?.id).toBe(2);
    expect(nearestAnchor('k', 5_150, 1_001 + COUNT_TTL_MS)).toBeNull();
  });

  it('keep no anchors of shallow pages', () => {
    clearAnchors();
    rememberAnchors('k', [{ offset: 999, eventTime: 'a', id: 1 }], 1_000);
    expect(nearestAnchor('k', 5_000, 1_000)).toBeNull();
  });
});
