import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptField } from '../../server/domain/censorship/encryption.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { TEST_FIELD_KEY } from './helpers/template.js';

// The reveal of a censored-but-viewable field: answers the value to any agent who may read the
// object, refuses fields the agent may not read, and leaves an audit entry without the value.

let t: TestContext;
const settingId = async (keyPath: string) => (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = ${keyPath}`)).id;
const entityWith = async (setting: number) =>
  t.one<{ id: number; entry: { formatted_value: unknown } }>(
    sql`select id, formatted_data -> ${String(setting)}::text as entry from entities where org_id = 1 and formatted_data ? ${String(setting)}::text order by id limit 1`,
  );
const reveal = (email: string, body: object) => t.callAs(email, 'POST', '/api/censorship/reveal', body);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('revealCensoredField', () => {
  it('answers a censored-but-viewable value to an agent without a grant and audits who, what and where (not the value)', async () => {
    const income = await settingId('entity.annual_income');
    const entity = await entityWith(income);
    const res = await reveal('analyst@demo.test', { object_type: 'ENTITY', object_id: entity.id, data_setting_id: income });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data_setting_id: income, formatted_value: entity.entry.formatted_value });
    const entries = await t.all<{ agent_email: string; object_type: string; object_id: number; details: Record<string, unknown> }>(
      sql`select a.email as agent_email, l.object_type, l.object_id::int as object_id, l.details from audit_log l join agents a on a.id = l.agent_id
        where l.org_id = 1 and l.action = 'censored_field.revealed' order by l.id desc limit 1`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ agent_email: 'analyst@demo.test', object_type: 'ENTITY', object_id: entity.id });
    expect(entries[0].details).toMatchObject({ data_setting_id: income, key_path: 'entity.annual_income', censorship_setting: 'CENSORED_BUT_VIEWABLE' });
    expect(JSON.stringify(entries[0].details)).not.toContain(String(entity.entry.formatted_value));
  });

  it('refuses an encrypted field without decrypt access (403) and decrypts it for root_all', async () => {
    const ssn = await settingId('entity.ssn_last4');
    const entity = await entityWith(ssn);
    const body = { object_type: 'ENTITY', object_id: entity.id, data_setting_id: ssn };
    const denied = await reveal('analyst@demo.test', body);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain('enc:v1');
    const admin = await reveal('admin@demo.test', body);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().formatted_value).toBe(decryptField(TEST_FIELD_KEY, String(entity.entry.formatted_value)));
  });

  it('refuses a censored field to an agent outside its grants (403)', async () => {
    const dob = await settingId('entity.date_of_birth');
    const entity = await entityWith(dob);
    // restricted@demo.test is in no team and not named on date of birth
    const res = await reveal('restricted@demo.test', { object_type: 'ENTITY', object_id: entity.id, data_setting_id: dob });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 for a field the object does not have, an unknown setting, and an alert in a restricted queue', async () => {
    const income = await settingId('entity.annual_income');
    const without = await t.one<{ id: number }>(
      sql`select id from entities where org_id = 1 and not formatted_data ? ${String(income)}::text order by id limit 1`,
    );
    expect((await reveal('analyst@demo.test', { object_type: 'ENTITY', object_id: without.id, data_setting_id: income })).statusCode).toBe(404);
    const entity = await entityWith(income);
    expect((await reveal('analyst@demo.test', { object_type: 'ENTITY', object_id: entity.id, data_setting_id: 999_999 })).statusCode).toBe(404);
    const hidden = await t.one<{
      id: number;
    }>(sql`select a.id from alerts a join queues q on q.id = a.queue_id where a.org_id = 1 and q.access_type = 'restricted'
      and not exists (select 1 from queue_members m join agents g on g.id = m.agent_id where m.queue_id = q.id and g.email = 'analyst@demo.test') order by a.id limit 1`);
    const source = await settingId('alert.source_system');
    await t.database.db.execute(
      sql`update alerts set formatted_data = formatted_data || jsonb_build_object(${String(source)}::text, jsonb_build_object('formatted_value', 'X')) where id = ${hidden.id}`,
    );
    expect((await reveal('analyst@demo.test', { object_type: 'ALERT', object_id: hidden.id, data_setting_id: source })).statusCode).toBe(404);
    expect((await reveal('admin@demo.test', { object_type: 'ALERT', object_id: hidden.id, data_setting_id: source })).statusCode).toBe(200);
  });
});
