import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let analyst: string;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  analyst = await t.signIn('analyst@demo.test');
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

const list = (body: Record<string, unknown>, token = analyst) => t.call({ method: 'POST', url: '/api/txn-events/list', payload: body, token });
const count = async (where: ReturnType<typeof sql>) =>
  (await t.one<{ n: number }>(sql`select count(*)::int as n from transactions t where t.org_id = 1 and ${where}`)).n;

describe('listTransactions filters', () => {
  it('without filters counts every Demo Bank transaction and none of Northwind', async () => {
    const res = await list({ limit: 5 });
    expect(res.statusCode).toBe(200);
    expect(res.json().count).toBe(await count(sql`true`));
    expect(res.json().txn_events).toHaveLength(5);
    const northwind = await t.all<{ id: number }>(sql`select id from transactions where org_id = 2`);
    const all = await list({ limit: 100, sort_column: 'amount' });
    expect(
      all
        .json()
        .txn_events.map((e: { id: number }) => e.id)
        .filter((id: number) => northwind.some((n) => n.id === id)),
    ).toEqual([]);
  });

  it('amount bounds (0 means no bound)', async () => {
    const res = await list({ minimum_amount: 500, maximum_amount: 5000, limit: 100 });
    expect(res.json().count).toBe(await count(sql`t.amount >= 500 and t.amount <= 5000`));
    for (const e of res.json().txn_events) expect(e.amount >= 500 && e.amount <= 5000).toBe(true);
    expect((await list({ minimum_amount: 0, maximum_amount: 0 })).json().count).toBe(await count(sql`true`));
  });

  it('dates: start inclusive, end exclusive', async () => {
    const { start, end } = await t.one<{ start: Date; end: Date }>(
      sql`select percentile_disc(0.25) within group (order by event_time) as start, percentile_disc(0.75) within group (order by event_time) as "end"
        from transactions where org_id = 1`,
    );
    const res = await list({ start_date: new Date(start).toISOString(), end_date: new Date(end).toISOString() });
    expect(res.json().count).toBe(
      await count(sql`t.event_time >= ${new Date(start).toISOString()}::timestamptz and t.event_time < ${new Date(end).toISOString()}::timestamptz`),
    );
    expect(res.json().count).toBeGreaterThan(0);
  });

  it('statuses, currency and contract transaction types (CASH covers deposits and withdrawals)', async () => {
    const res = await list({ statuses: ['COMPLETED', 'PENDING'], internal_txn_types: ['CASH', 'WIRE'], currency: 'USD', limit: 100 });
    const expected = await count(
      sql`t.status in ('COMPLETED', 'PENDING') and t.internal_txn_type in ('CASH_DEPOSIT', 'CASH_WITHDRAWAL', 'WIRE') and t.currency = 'USD'`,
    );
    expect(expected).toBeGreaterThan(0);
    expect(res.json().count).toBe(expected);
    for (const e of res.json().txn_events) {
      expect(['CASH', 'WIRE']).toContain(e.internal_txn_type);
      expect(['COMPLETED', 'PENDING']).toContain(e.status);
    }
    const checks = await list({ internal_txn_types: ['CHECK'] });
    expect(checks.json().count).toBe(await count(sql`t.internal_txn_type = 'CHECK_DEPOSIT'`));
  });

  it('entity direction: ANY, OUTBOUND, INBOUND, OTHER', async () => {
    const { id } = await t.one<{ id: number }>(
      sql`select sender_entity_id as id from transactions where org_id = 1 and sender_entity_id is not null
        group by 1 order by count(*) desc limit 1`,
    );
    const body = { entity_ids: [id] };
    expect((await list({ ...body, direction: 'ANY' })).json().count).toBe(await count(sql`(t.sender_entity_id = ${id} or t.receiver_entity_id = ${id})`));
    expect((await list(body)).json().count).toBe(await count(sql`(t.sender_entity_id = ${id} or t.receiver_entity_id = ${id})`));
    const outbound = await list({ ...body, direction: 'OUTBOUND', limit: 100 });
    expect(outbound.json().count).toBe(await count(sql`t.sender_entity_id = ${id}`));
    expect((await list({ ...body, direction: 'INBOUND' })).json().count).toBe(await count(sql`t.receiver_entity_id = ${id}`));
    expect((await list({ ...body, direction: 'OTHER' })).json().count).toBe(
      await count(sql`t.sender_entity_id is distinct from ${id} and t.receiver_entity_id is distinct from ${id}
        and exists (select 1 from instruments i where i.org_id = 1 and i.entity_id = ${id} and i.id in (t.sender_instrument_id, t.receiver_instrument_id))`),
    );
    const external = await t.one<{ external_id: string }>(sql`select external_id from entities where id = ${id}`);
    expect((await list({ sender_external_entity_ids: [external.external_id] })).json().count).toBe(await count(sql`t.sender_entity_id = ${id}`));
    expect((await list({ receiver_external_entity_ids: [external.external_id] })).json().count).toBe(await count(sql`t.receiver_entity_id = ${id}`));
  });

  it('tags, placeholders and spooled events', async () => {
    const ids = await t.all<{ id: number }>(sql`select id from transactions where org_id = 1 order by id limit 3`);
    const tag = await t.one<{ id: number }>(sql`select id from tags where org_id = 1 order by id limit 1`);
    await t.database.db.execute(sql`insert into object_tags (org_id, tag_id, object_type, object_id)
      select 1, ${tag.id}, 'TRANSACTION', id from transactions where org_id = 1 and id in (${ids[0].id}, ${ids[1].id}) on conflict do nothing`);
    await t.database.db.execute(sql`update transactions set is_placeholder = true where id = ${ids[2].id}`);
    await t.database.db.execute(sql`update transactions set is_spooled = true where id = ${ids[1].id}`);
    const tagged = await list({ tag_ids: [tag.id] });
    const expectedTagged = await count(
      sql`exists (select 1 from object_tags ot where ot.org_id = 1 and ot.object_type = 'TRANSACTION' and ot.object_id = t.id and ot.tag_id = ${tag.id})`,
    );
    expect(tagged.json().count).toBe(expectedTagged);
    expect(tagged.json().txn_events.every((e: { tags: { id: number }[] }) => e.tags.some((x) => x.id === tag.id))).toBe(true);
    expect((await list({ hide_placeholder: true })).json().count).toBe(await count(sql`not t.is_placeholder`));
    expect((await list({ hide_spooled: true, hide_placeholder: true })).json().count).toBe(await count(sql`not t.is_spooled and not t.is_placeholder`));
  });

  it('sar_ids keeps the transactions of the SAR case alerts', async () => {
    const sar = await t.all<{ id: number }>(sql`select s.id from sars s where s.org_id = 1 and s.case_id is not null order by s.id limit 1`);
    if (!sar.length) return;
    const res = await list({ sar_ids: [sar[0].id] });
    expect(res.json().count).toBe(
      await count(sql`t.id in (select at.transaction_id from sars s join case_alerts ca on ca.case_id = s.case_id join alert_transactions at on at.alert_id = ca.alert_id
        where s.id = ${sar[0].id})`),
    );
  });
});

describe('listTransactions sorting and paging', () => {
  it('sorts by amount both ways with id as tie-break', async () => {
    const desc = (await list({ sort_column: 'amount', limit: 50 })).json().txn_events as { id: number; amount: number }[];
    for (let i = 1; i < desc.length; i++) expect(desc[i - 1].amount >= desc[i].amount).toBe(true);
    const asc = (await list({ sort_column: 'amount', sort_direction: 'ascending', limit: 50 })).json().txn_events as { amount: number }[];
    for (let i = 1; i < asc.length; i++) expect(asc[i - 1].amount <= asc[i].amount).toBe(true);
    const max = await t.one<{ m: number }>(sql`select max(amount)::float8 as m from transactions where org_id = 1`);
    expect(desc[0].amount).toBe(max.m);
  });

  it('defaults to newest event first; risk_score puts unscored events last', async () => {
    const events = (await list({ limit: 30 })).json().txn_events as { event_time: string }[];
    for (let i = 1; i < events.length; i++) expect(events[i - 1].event_time >= events[i].event_time).toBe(true);
    const unscored = await count(sql`t.risk_score is null`);
    const total = await count(sql`true`);
    for (const direction of ['ascending', 'descending']) {
      const last = await list({ sort_column: 'risk_score', sort_direction: direction, limit: 1, offset: total - 1 });
      if (unscored > 0) expect(last.json().txn_events[0].risk_score).toBeNull();
      const first = await list({ sort_column: 'risk_score', sort_direction: direction, limit: 1 });
      expect(first.json().txn_events[0].risk_score).not.toBeNull();
    }
  });

  it('pages are consecutive slices of one order', async () => {
    const whole = (await list({ sort_column: 'amount', limit: 30 })).json().txn_events.map((e: { id: number }) => e.id);
    const first = (await list({ sort_column: 'amount', limit: 10 })).json().txn_events.map((e: { id: number }) => e.id);
    const second = (await list({ sort_column: 'amount', limit: 10, offset: 10 })).json().txn_events.map((e: { id: number }) => e.id);
    const third = (await list({ sort_column: 'amount', limit: 10, offset: 20 })).json().txn_events.map((e: { id: number }) => e.id);
    expect([...first, ...second, ...third]).toEqual(whole);
  });

  it('the cached list answers the same page with data_loader null (data_store PG)', async () => {
    const body = { sort_column: 'event_time', limit: 5 };
    const live = (await list(body)).json();
    const cached = (await t.call({ method: 'POST', url: '/api/txn-events/cached/list', payload: body, token: analyst })).json();
    expect(cached.count).toBe(live.count);
    expect(cached.txn_events.map((e: { id: number }) => e.id)).toEqual(live.txn_events.map((e: { id: number }) => e.id));
    expect(cached.txn_events.every((e: { data_loader: unknown }) => e.data_loader === null)).toBe(true);
  });
});

describe('single events are scoped to the organisation', () => {
  it("another organisation's transaction or action event answers 404", async () => {
    const nw = await t.one<{ id: number; external_id: string }>(sql`select id, external_id from transactions where org_id = 2 order by id limit 1`);
    const nwAction = await t.one<{ id: number }>(sql`select id from action_events where org_id = 2 order by id limit 1`);
    expect((await t.call({ method: 'POST', url: '/api/txn-events/get', payload: { txn_event_id: nw.id }, token: analyst })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/txn-events/cached/${nw.id}`, token: analyst })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/ml/txn-score/shap-values/${nw.id}`, token: analyst })).statusCode).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: `/api/txn-events/${encodeURIComponent(nw.external_id)}/shadow_evaluation_log`, token: analyst })).statusCode,
    ).toBe(404);
    expect((await t.call({ method: 'POST', url: '/api/action-events/get', payload: { action_event_id: nwAction.id }, token: analyst })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `/api/action-events/cached/${nwAction.id}`, token: analyst })).statusCode).toBe(404);
  });

  it('a transaction answers its parties, alerts and the data_loader of the cached read', async () => {
    const row = await t.one<{ id: number }>(
      sql`select t.id from transactions t join alert_transactions at on at.transaction_id = t.id where t.org_id = 1 order by t.id limit 1`,
    );
    const live = (await t.call({ method: 'POST', url: '/api/txn-events/get', payload: { txn_event_id: row.id }, token: admin })).json();
    const alertIds = await t.all<{ alert_id: number }>(sql`select alert_id from alert_transactions where transaction_id = ${row.id} order by alert_id`);
    expect(live.alert_ids).toEqual(alertIds.map((a) => a.alert_id));
    expect(live.has_alerts).toBe(true);
    expect(live.data_loader).toBeNull();
    const cached = (await t.call({ method: 'GET', url: `/api/txn-events/cached/${row.id}`, token: admin })).json();
    expect(cached).toEqual(live);
    // an organisation on cold storage answers cached reads as loaded
    await t.database.db.execute(sql`update organisation_settings set data_store = 'DL' where org_id = 1`);
    try {
      const cold = (await t.call({ method: 'GET', url: `/api/txn-events/cached/${row.id}`, token: admin })).json();
      expect(cold).toEqual({ ...live, data_loader: { status: 'loaded' } });
    } finally {
      await t.database.db.execute(sql`update organisation_settings set data_store = 'PG' where org_id = 1`);
    }
  });
});

describe('score explanation', () => {
  it('is computed from the transaction and the same every time', async () => {
    const { id } = await t.one<{ id: number }>(
      sql`select id from transactions where org_id = 1 and risk_score is not null and sender_entity_id is not null order by id limit 1`,
    );
    const first = (await t.call({ method: 'GET', url: `/api/ml/txn-score/shap-values/${id}`, token: analyst })).json();
    const second = (await t.call({ method: 'GET', url: `/api/ml/txn-score/shap-values/${id}`, token: analyst })).json();
    expect(second).toEqual(first);
    expect(Object.keys(first.values)).toEqual(expect.arrayContaining(['hour_of_day', 'transaction_type']));
    for (const v of Object.values<{ value: number; increase_risk: boolean }>(first.values)) expect(v.increase_risk).toBe(v.value > 0);
  });

  it('is empty for an unscored transaction', async () => {
    const { id } = await t.one<{ id: number }>(sql`select id from transactions where org_id = 1 order by id desc limit 1`);
    await t.database.db.execute(sql`update transactions set risk_score = null where id = ${id}`);
    expect((await t.call({ method: 'GET', url: `/api/ml/txn-score/shap-values/${id}`, token: analyst })).json()).toEqual({ values: {} });
  });
});

describe('tags and label edits', () => {
  const edit = (body: Record<string, unknown>, token = admin) => t.call({ method: 'POST', url: '/api/tags/edit', payload: body, token });

  it('replaces the tags, records a finished label edit the poll then reports, and the tag filter sees it', async () => {
    const txn = await t.one<{ id: number; external_id: string }>(
      sql`select id, external_id from transactions where org_id = 1 order by id desc offset 3 limit 1`,
    );
    const tags = await t.all<{ id: number }>(sql`select id from tags where org_id = 1 order by id limit 2`);
    const res = await edit({ object_type: 'TRANSACTION', object_id: txn.id, tag_ids: tags.map((x) => x.id) });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .tags.map((x: { id: number }) => x.id)
        .sort(),
    ).toEqual(tags.map((x) => x.id).sort());
    const poll = await t.call({
      method: 'GET',
      url: `/api/delta_lake_cgdo_data_label_edits?cgdo_type=TRANSACTION&cgdo_external_id=${txn.external_id}`,
      token: analyst,
    });
    expect(poll.json().count).toBe(1);
    expect(poll.json().data[0]).toMatchObject({ id: res.json().label_edit_id, requested_by: expect.any(Number), finished_at: expect.any(String) });
    const filtered = await list({ tag_ids: [tags[1].id], limit: 100 });
    expect(filtered.json().txn_events.map((e: { id: number }) => e.id)).toContain(txn.id);

    // an empty list removes them all; the poll now counts two edits, newest first
    const cleared = await edit({ object_type: 'TRANSACTION', object_id: txn.id, tag_ids: [] });
    expect(cleared.json().tags).toEqual([]);
    const again = await t.call({
      method: 'GET',
      url: `/api/delta_lake_cgdo_data_label_edits?cgdo_type=TRANSACTION&cgdo_external_id=${txn.external_id}&limit=5`,
      token: analyst,
    });
    expect(again.json().count).toBe(2);
    expect(again.json().data[0].id).toBe(cleared.json().label_edit_id);
    expect((await t.one<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'tags.edit' and object_id = ${String(txn.id)}`)).n).toBe(2);
  });

  it('answers 409 while an earlier edit is in progress, 400 for SARs, 404 for foreign objects and tags', async () => {
    const entity = await t.one<{ id: number; external_id: string }>(sql`select id, external_id from entities where org_id = 1 order by id desc limit 1`);
    await t.database.db.execute(
      sql`insert into label_edits (org_id, object_type, object_external_id, requested_by) values (1, 'ENTITY', ${entity.external_id}, null)`,
    );
    expect((await edit({ object_type: 'ENTITY', object_id: entity.id, tag_ids: [] })).statusCode).toBe(409);
    expect((await edit({ object_type: 'SAR', object_id: 1, tag_ids: [] })).statusCode).toBe(400);
    const nwTxn = await t.one<{ id: number }>(sql`select id from transactions where org_id = 2 limit 1`);
    expect((await edit({ object_type: 'TRANSACTION', object_id: nwTxn.id, tag_ids: [] })).statusCode).toBe(404);
    const nwTag = await t.one<{ id: number }>(sql`select id from tags where org_id = 2 limit 1`);
    const txn = await t.one<{ id: number }>(sql`select id from transactions where org_id = 1 limit 1`);
    expect((await edit({ object_type: 'TRANSACTION', object_id: txn.id, tag_ids: [nwTag.id] })).statusCode).toBe(404);
  });

  it('lists only the organisation tags, by title', async () => {
    const res = (await t.call({ method: 'GET', url: '/api/tags', token: analyst })).json();
    const titles = await t.all<{ title: string }>(sql`select title from tags where org_id = 1 order by title, id`);
    expect(res.tags.map((x: { title: string }) => x.title)).toEqual(titles.map((x) => x.title));
  });
});

describe('evaluation logs', () => {
  it('lists live and shadow evaluations, oldest first', async () => {
    const row = await t.one<{ external_id: string; id: number; n: number }>(
      sql`select t.external_id, t.id, count(*)::int as n from evaluation_logs l join transactions t on t.id = l.event_id
        where l.org_id = 1 group by 1, 2 order by 3 desc limit 1`,
    );
    const res = await t.call({ method: 'GET', url: `/api/txn-events/${encodeURIComponent(row.external_id)}/shadow_evaluation_log`, token: analyst });
    expect(res.json().evaluation_logs).toHaveLength(row.n);
    expect(res.json().evaluation_logs.every((l: { event_id: number }) => l.event_id === row.id)).toBe(true);
  });
});
