import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let analyst: string;
let restrictedQueue: number;

/** A Demo Bank agent holding exactly the given permissions. */
async function agentWith(email: string, permissions: string[]): Promise<string> {
  const { id } = await t.one<{ id: number }>(sql`insert into agents (org_id, email, full_name) values (1, ${email}, 'Test Agent') returning id`);
  for (const name of permissions) {
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select 1, 'agent', ${id}, id from permissions where name = ${name}`);
  }
  return t.signIn(email);
}

beforeAll(async () => {
  t = await createTestContext();
  analyst = await t.signIn('analyst@demo.test');
  restrictedQueue = (await t.one<{ id: number }>(sql`select id from queues where org_id = 1 and access_type = 'restricted' order by id limit 1`)).id;
});
afterAll(() => t.close());

describe('entities and instruments are scoped to the organisation', () => {
  it("another organisation's entity answers 404 by id and by external id", async () => {
    const nw = await t.one<{ id: number; external_id: string }>(sql`select id, external_id from entities where org_id = 2 order by id limit 1`);
    expect((await t.call({ method: 'GET', url: `/api/entities/${nw.id}`, token: analyst })).statusCode).toBe(404);
    for (const path of ['entity-blocked-reasons', 'check-image-transactions']) {
      expect((await t.call({ method: 'GET', url: `/api/entities/${encodeURIComponent(nw.external_id)}/${path}`, token: analyst })).statusCode).toBe(404);
    }
    expect(
      (await t.call({ method: 'POST', url: `/api/entities/${encodeURIComponent(nw.external_id)}/paginated-alerts`, payload: {}, token: analyst })).statusCode,
    ).toBe(404);
    const nwInstrument = await t.one<{ id: number }>(sql`select id from instruments where org_id = 2 order by id limit 1`);
    expect((await t.call({ method: 'GET', url: `/api/instruments/${nwInstrument.id}`, token: analyst })).statusCode).toBe(404);
    expect((await t.call({ method: 'POST', url: `/api/instruments/${nwInstrument.id}/paginated-alerts`, payload: {}, token: analyst })).statusCode).toBe(404);
  });

  it('an entity answers its fields, tags and blocked state', async () => {
    const row = await t.one<{ id: number; external_id: string; blocked_reasons: string[] }>(
      sql`select id, external_id, blocked_reasons from entities where org_id = 1 order by cardinality(blocked_reasons) desc, id limit 1`,
    );
    const entity = (await t.call({ method: 'GET', url: `/api/entities/${row.id}`, token: analyst })).json();
    expect(entity).toMatchObject({ id: row.id, external_id: row.external_id, blocked_reasons: row.blocked_reasons, blocked: row.blocked_reasons.length > 0 });
    const reasons = (
      await t.call({ method: 'GET', url: `/api/entities/${encodeURIComponent(row.external_id)}/entity-blocked-reasons`, token: analyst })
    ).json();
    expect(reasons).toEqual({ blocked_reasons: row.blocked_reasons });
  });

  it('check image transactions are the entity CHECK events with documents', async () => {
    const row = await t.all<{ id: number; external_id: string; n: number }>(
      sql`select e.id, e.external_id, count(distinct tx.id)::int as n from entities e
        join transactions tx on tx.org_id = e.org_id and (tx.sender_entity_id = e.id or tx.receiver_entity_id = e.id) and tx.internal_txn_type = 'CHECK_DEPOSIT'
        join documents d on d.org_id = tx.org_id and d.object_type = 'TRANSACTION' and d.object_id = tx.id and d.deleted_at is null
        where e.org_id = 1 group by 1, 2 order by 3 desc limit 1`,
    );
    if (!row.length) return;
    const res = (
      await t.call({ method: 'GET', url: `/api/entities/${encodeURIComponent(row[0].external_id)}/check-image-transactions`, token: analyst })
    ).json();
    expect(res.txn_events).toHaveLength(row[0].n);
    expect(res.txn_events.every((e: { internal_txn_type: string; documents: unknown[] }) => e.internal_txn_type === 'CHECK' && e.documents.length > 0)).toBe(
      true,
    );
  });
});

describe('alerts of an entity or instrument respect restricted queues', () => {
  let entity: { id: number; external_id: string };
  let instrumentId: number;
  let hiddenAlert: number;

  beforeAll(async () => {
    entity = await t.one(sql`select id, external_id from entities where org_id = 1 order by id desc limit 1`);
    instrumentId = (await t.one<{ id: number }>(sql`select id from instruments where org_id = 1 order by id desc limit 1`)).id;
    hiddenAlert = (
      await t.one<{ id: number }>(
        sql`insert into alerts (org_id, title, alert_type, queue_id) values (1, 'Restricted test alert', 'MANUAL', ${restrictedQueue}) returning id`,
      )
    ).id;
    await t.database.db.execute(sql`insert into alert_entities (org_id, alert_id, entity_id) values (1, ${hiddenAlert}, ${entity.id})`);
    await t.database.db.execute(sql`insert into alert_instruments (org_id, alert_id, instrument_id) values (1, ${hiddenAlert}, ${instrumentId})`);
  });

  it('a non-member neither sees nor counts the restricted alert; a member does', async () => {
    const url = `/api/entities/${encodeURIComponent(entity.external_id)}/paginated-alerts`;
    const total = (await t.one<{ n: number }>(sql`select count(*)::int as n from alert_entities where entity_id = ${entity.id}`)).n;
    const forAnalyst = (await t.call({ method: 'POST', url, payload: { limit: 100 }, token: analyst })).json();
    expect(forAnalyst.count).toBe(total - 1);
    expect(forAnalyst.alerts.map((a: { id: number }) => a.id)).not.toContain(hiddenAlert);
    const manager = await t.signIn('manager@demo.test');
    const forMember = (await t.call({ method: 'POST', url, payload: { limit: 100 }, token: manager })).json();
    expect(forMember.count).toBe(total);
    expect(forMember.alerts.map((a: { id: number }) => a.id)).toContain(hiddenAlert);

    const instrumentUrl = `/api/instruments/${instrumentId}/paginated-alerts`;
    expect((await t.call({ method: 'POST', url: instrumentUrl, payload: {}, token: analyst })).json().alerts.map((a: { id: number }) => a.id)).not.toContain(
      hiddenAlert,
    );
    expect((await t.call({ method: 'POST', url: instrumentUrl, payload: {}, token: manager })).json().alerts.map((a: { id: number }) => a.id)).toContain(
      hiddenAlert,
    );
  });

  it('pages the alerts newest first', async () => {
    const { external_id } = await t.one<{ external_id: string }>(
      sql`select e.external_id from entities e join alert_entities ae on ae.entity_id = e.id where e.org_id = 1 group by 1 order by count(*) desc limit 1`,
    );
    const url = `/api/entities/${encodeURIComponent(external_id)}/paginated-alerts`;
    const admin = await t.signIn('admin@demo.test');
    const all = (await t.call({ method: 'POST', url, payload: { limit: 100 }, token: admin })).json();
    const created = all.alerts.map((a: { created_at: string }) => a.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const second = (await t.call({ method: 'POST', url, payload: { limit: 1, offset: 1 }, token: admin })).json();
    expect(second.count).toBe(all.count);
    if (all.count > 1) expect(second.alerts[0].id).toBe(all.alerts[1].id);
  });

  it('cached entity and instrument lists 404 for a hidden or foreign alert and list the flagged objects otherwise', async () => {
    expect((await t.call({ method: 'POST', url: '/api/entities/cached/list', payload: { alert_ids: [hiddenAlert] }, token: analyst })).statusCode).toBe(404);
    const nwAlert = await t.one<{ id: number }>(sql`select id from alerts where org_id = 2 limit 1`);
    expect((await t.call({ method: 'POST', url: '/api/instruments/cached/list', payload: { alert_ids: [nwAlert.id] }, token: analyst })).statusCode).toBe(404);
    const manager = await t.signIn('manager@demo.test');
    const res = (await t.call({ method: 'POST', url: '/api/entities/cached/list', payload: { alert_ids: [hiddenAlert] }, token: manager })).json();
    expect(res).toMatchObject({ count: 1, entities: [{ id: entity.id }] });
    expect(
      (await t.call({ method: 'POST', url: '/api/instruments/cached/list', payload: { alert_ids: [hiddenAlert] }, token: manager })).json().instruments[0].id,
    ).toBe(instrumentId);
  });
});

describe('attachments', () => {
  const insertDocument = async (objectType: string, objectId: number) =>
    (
      await t.one<{ id: number }>(
        sql`insert into documents (org_id, object_type, object_id, name, media_type, mime_type) values (1, ${objectType}, ${objectId}, 'scan.pdf', 'PDF', 'application/pdf') returning id`,
      )
    ).id;

  it('deleting needs the edit permission of the owning object kind', async () => {
    const caseId = (
      await t.one<{ id: number }>(sql`select id from cases where org_id = 1 and queue_id is distinct from ${restrictedQueue} order by id limit 1`)
    ).id;
    const entityId = (await t.one<{ id: number }>(sql`select id from entities where org_id = 1 order by id limit 1`)).id;
    const onCase = await insertDocument('CASE', caseId);
    const onEntity = await insertDocument('ENTITY', entityId);
    const entityEditor = await agentWith('entity.editor@demo.test', ['edit_entities', 'read_entity_media', 'read_cases']);
    expect((await t.call({ method: 'DELETE', url: `/api/attachments/${onCase}`, token: entityEditor })).statusCode).toBe(403);
    const res = await t.call({ method: 'DELETE', url: `/api/attachments/${onEntity}`, token: entityEditor });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: onEntity });
    // soft delete: the row stays with deleted_at, the API no longer finds it
    expect((await t.one<{ deleted: boolean }>(sql`select deleted_at is not null as deleted from documents where id = ${onEntity}`)).deleted).toBe(true);
    expect((await t.call({ method: 'GET', url: `/api/attachments/${onEntity}`, token: analyst })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/attachments/${onEntity}`, token: entityEditor })).statusCode).toBe(404);
    expect(
      (await t.one<{ n: number }>(sql`select count(*)::int as n from audit_log where action = 'attachment.delete' and object_id = ${String(onEntity)}`)).n,
    ).toBe(1);
    // the analyst holds edit_cases
    expect((await t.call({ method: 'DELETE', url: `/api/attachments/${onCase}`, token: analyst })).statusCode).toBe(200);
  });

  it('documents of a hidden alert or of another organisation answer 404', async () => {
    const hidden = (
      await t.one<{ id: number }>(
        sql`insert into alerts (org_id, title, alert_type, queue_id) values (1, 'Restricted doc alert', 'MANUAL', ${restrictedQueue}) returning id`,
      )
    ).id;
    const doc = await insertDocument('ALERT', hidden);
    expect((await t.call({ method: 'GET', url: `/api/attachments/${doc}`, token: analyst })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/attachments/${doc}`, token: analyst })).statusCode).toBe(404);
    const nwDoc = await t.all<{ id: number }>(sql`select id from documents where org_id = 2 limit 1`);
    if (nwDoc.length) expect((await t.call({ method: 'GET', url: `/api/attachments/${nwDoc[0].id}`, token: analyst })).statusCode).toBe(404);
  });

  it('an instrument lists its live documents only', async () => {
    const instrumentId = (await t.one<{ id: number }>(sql`select id from instruments where org_id = 1 order by id limit 1`)).id;
    const doc = await insertDocument('INSTRUMENT', instrumentId);
    const before = (await t.call({ method: 'GET', url: `/api/instruments/${instrumentId}`, token: analyst })).json();
    expect(before.documents.map((d: { id: number }) => d.id)).toContain(doc);
    await t.call({ method: 'DELETE', url: `/api/attachments/${doc}`, token: analyst });
    const after = (await t.call({ method: 'GET', url: `/api/instruments/${instrumentId}`, token: analyst })).json();
    expect(after.documents.map((d: { id: number }) => d.id)).not.toContain(doc);
  });
});
