import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let locker: string;
let analyst: string;

/** A Demo Bank agent holding exactly the given permissions. */
async function agentWith(email: string, permissions: string[]): Promise<string> {
  const { id } = await t.one<{ id: number }>(sql`insert into agents (org_id, email, full_name) values (1, ${email}, 'Test Agent') returning id`);
  for (const name of permissions) {
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select 1, 'agent', ${id}, id from permissions where name = ${name}`);
  }
  return t.signIn(email);
}

const activeInstrument = async (offset: number) =>
  (await t.one<{ id: number }>(sql`select id from instruments where org_id = 1 and status = 'ACTIVE' order by id limit 1 offset ${offset}`)).id;
const post = (id: number, action: string, token: string) => t.call({ method: 'POST', url: `/api/instruments/${id}/${action}`, token });

beforeAll(async () => {
  t = await createTestContext();
  locker = await agentWith('locker@demo.test', ['read_transaction_instruments', 'lock_unlock_instruments']);
  analyst = await t.signIn('analyst@demo.test');
});
afterAll(() => t.close());

describe('instrument lock, unlock and deactivate', () => {
  it('locks and unlocks, answering the instrument and auditing before and after', async () => {
    const id = await activeInstrument(0);
    const locked = await post(id, 'lock', locker);
    expect(locked.statusCode).toBe(200);
    expect(locked.json()).toMatchObject({ id, status: 'locked' });
    const again = await post(id, 'lock', locker);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('The instrument is already locked.');
    const unlocked = await post(id, 'unlock', locker);
    expect(unlocked.json()).toMatchObject({ id, status: 'active' });
    expect((await post(id, 'unlock', locker)).statusCode).toBe(409);
    const trail = await t.all<{ action: string; details: { before: unknown; after: unknown } }>(
      sql`select action, details from audit_log where org_id = 1 and object_type = 'INSTRUMENT' and object_id = ${String(id)} order by id`,
    );
    expect(trail.map((e) => [e.action, e.details.before, e.details.after])).toEqual([
      ['instrument.lock', { status: 'active' }, { status: 'locked' }],
      ['instrument.unlock', { status: 'locked' }, { status: 'active' }],
    ]);
  });

  it('deactivation needs its own permission and is final', async () => {
    const id = await activeInstrument(1);
    expect((await post(id, 'deactivate', locker)).statusCode).toBe(403);
    const admin = await t.signIn('admin@demo.test');
    expect((await post(id, 'lock', admin)).statusCode).toBe(200);
    const res = await post(id, 'deactivate', admin);
    expect(res.json()).toMatchObject({ id, status: 'deactivated' });
    expect((await post(id, 'deactivate', admin)).statusCode).toBe(409);
    expect((await post(id, 'unlock', admin)).json().error.message).toBe('A deactivated instrument cannot be unlocked.');
    expect((await post(id, 'lock', admin)).statusCode).toBe(409);
  });

  it('the Agent preset may not lock, and another organisation’s instrument is 404', async () => {
    const id = await activeInstrument(2);
    expect((await post(id, 'lock', analyst)).statusCode).toBe(403);
    const northwind = (await t.one<{ id: number }>(sql`select id from instruments where org_id = 2 and status = 'ACTIVE' order by id limit 1`)).id;
    expect((await post(northwind, 'lock', locker)).statusCode).toBe(404);
    const status = await t.one<{ status: string }>(sql`select status from instruments where id = ${northwind}`);
    expect(status.status).toBe('ACTIVE');
  });

  it('lists the transactions an instrument sent or received, newest first', async () => {
    const { id, n } = await t.one<{ id: number; n: number }>(
      sql`select i.id, count(*)::int as n from instruments i join transactions x on x.org_id = i.org_id and (x.sender_instrument_id = i.id or x.receiver_instrument_id = i.id)
        where i.org_id = 1 group by i.id order by count(*) desc, i.id limit 1`,
    );
    const res = await t.call({ method: 'POST', url: `/api/instruments/${id}/transactions`, payload: { limit: 5 }, token: analyst });
    expect(res.json().count).toBe(n);
    const times = res.json().txn_events.map((e: { event_time: string }) => e.event_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(
      res
        .json()
        .txn_events.every(
          (e: { sender_instrument_id: number | null; receiver_instrument_id: number | null }) =>
            e.sender_instrument_id === id || e.receiver_instrument_id === id,
        ),
    ).toBe(true);
  });
});
