import { sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptField, decryptField, isEncryptedField } from '../../server/domain/censorship/encryption.js';
import { censorshipChanged, censorshipJobHandlers, reencryptSetting } from '../../server/domain/censorship/reencrypt.js';
import { startWorker, type Worker } from '../../server/jobs/worker.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { TEST_FIELD_KEY } from './helpers/template.js';

// A setting's censorship turning ENCRYPTED (or back) brings its stored values along, through the
// durable job queue; the values decrypt to what they were, and a second run changes nothing.

let t: TestContext;
let worker: Worker;
let setting: number;
let before: Map<number, string>;

const stored = async () =>
  new Map(
    (
      await t.all<{ id: number; v: string }>(
        sql`select id, formatted_data -> ${String(setting)}::text ->> 'formatted_value' as v from instruments where org_id = 1 and formatted_data ? ${String(setting)}::text`,
      )
    ).map((r) => [r.id, r.v]),
  );

async function change(to: string) {
  const from = (await t.one<{ c: string }>(sql`select censorship_setting as c from data_settings where id = ${setting}`)).c;
  await t.database.db.execute(sql`update data_settings set censorship_setting = ${to} where id = ${setting}`);
  const job = await censorshipChanged(t.database.db, 1, setting, from, to);
  if (job === null) return null;
  for (let i = 0; i < 200; i++) {
    const state = await t.one<{ status: string; result: unknown; last_error: string | null }>(
      sql`select status, result, last_error from jobs where id = ${job}`,
    );
    if (state.status === 'succeeded') return state.result as { changed: number; target: string };
    if (state.status === 'failed') throw new Error(String(state.last_error));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the job did not finish');
}

beforeAll(async () => {
  t = await createTestContext();
  worker = startWorker({ db: t.database.db, dataDir: '.tmp/unused', handlers: censorshipJobHandlers, pollMs: 50 });
  setting = (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'instrument.account_number'`)).id;
  before = await stored();
});
afterAll(async () => {
  await worker.stop();
  await t.close();
});

describe('re-encryption when censorship changes', () => {
  it('is not queued unless ENCRYPTED is on one side; a newly censored setting keeps no recent values', async () => {
    const enumSetting = (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'action_event.login_method'`)).id;
    expect((await t.one<{ n: number }>(sql`select cardinality(recent_values) as n from data_settings where id = ${enumSetting}`)).n).toBeGreaterThan(0);
    expect(await censorshipChanged(t.database.db, 1, enumSetting, 'ALWAYS_VISIBLE', 'CENSORED')).toBeNull();
    expect((await t.one<{ n: number }>(sql`select cardinality(recent_values) as n from data_settings where id = ${enumSetting}`)).n).toBe(0);
    expect(await censorshipChanged(t.database.db, 1, setting, 'CENSORED_BUT_VIEWABLE', 'CENSORED')).toBeNull();
    expect(await censorshipChanged(t.database.db, 1, setting, 'ENCRYPTED', 'ENCRYPTED')).toBeNull();
  });

  it('encrypts every stored value when the setting turns ENCRYPTED; the answer still carries the value for root_all', async () => {
    expect(before.size).toBeGreaterThan(10);
    expect([...before.values()].some(isEncryptedField)).toBe(false);
    const result = await change('ENCRYPTED');
    expect(result).toMatchObject({ target: 'encrypted', changed: before.size });
    const after = await stored();
    for (const [id, value] of after) {
      expect(isEncryptedField(value)).toBe(true);
      expect(decryptField(TEST_FIELD_KEY, value)).toBe(before.get(id));
    }
    const [id, plain] = [...before][0];
    const admin = await t.callAs('admin@demo.test', 'GET', `/api/instruments/${id}`);
    expect(admin.json().formatted_data[String(setting)].formatted_value).toBe(plain);
    const analyst = await t.callAs('analyst@demo.test', 'GET', `/api/instruments/${id}`);
    expect(analyst.body).not.toContain(plain);
    expect(analyst.body).not.toContain('enc:v1:');
  });

  it('a second run finds nothing to do', async () => {
    expect(await reencryptSetting(t.database.db, 1, setting, TEST_FIELD_KEY)).toEqual({ target: 'encrypted', changed: 0, undecryptable: 0 });
  });

  it('an update of the setting through the API queues the job (encrypted back to censored but viewable, then encrypted)', async () => {
    await t.database.db.execute(sql`update feature_flags set enabled = true where org_id = 1 and name = 'encrypted_censorship'`);
    const patch = async (censorship: string) => {
      const res = await t.callAs('admin@demo.test', 'PATCH', `/api/data-settings/${setting}`, { censorship_setting: censorship });
      expect(res.statusCode, res.body).toBe(200);
      for (let i = 0; i < 200; i++) {
        const pending = await t.one<{ n: number }>(
          sql`select count(*)::int as n from jobs where kind = 'censorship.reencrypt' and status in ('queued', 'running')`,
        );
        if (pending.n === 0) return stored();
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the job did not finish');
    };
    const plain = await patch('censored_viewable');
    for (const [id, value] of plain) expect(value).toBe(before.get(id));
    const encrypted = await patch('encrypted');
    for (const [id, value] of encrypted) expect(decryptField(TEST_FIELD_KEY, value)).toBe(before.get(id));
  });

  it('decrypts them back when the setting leaves ENCRYPTED, leaving a value it cannot decrypt as it is', async () => {
    const [foreignId] = [...before.keys()];
    const foreign = encryptField(randomBytes(32), 'other key');
    await t.database.db.execute(
      sql`update instruments set formatted_data = jsonb_set(formatted_data, array[${String(setting)}::text, 'formatted_value'], to_jsonb(${foreign}::text)) where id = ${foreignId}`,
    );
    const result = await change('CENSORED_BUT_VIEWABLE');
    expect(result).toMatchObject({ target: 'plain', changed: before.size - 1, undecryptable: 1 });
    const after = await stored();
    for (const [id, value] of after) expect(value).toBe(id === foreignId ? foreign : before.get(id));
  });
});
