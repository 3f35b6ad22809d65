import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { decryptField, encryptField, isEncryptedField } from '../../server/domain/censorship/encryption.js';
import { createTestContext, type TestContext } from './helpers/app.js';
import { TEST_FIELD_KEY } from './helpers/template.js';

// Issue 9, acceptance 2: values of ENCRYPTED settings are encrypted at rest and decrypted only for
// a grant or decrypt_encrypted_data; censored-but-viewable fields are masked (and revealable) for
// agents without a grant. Checks read the database rows and the raw API answers.

const MASK = '••••••';
let t: TestContext;
let entity: { id: number; ssn: string; stored: string };
let ssnId: number;

const agentId = async (email: string) => (await t.one<{ id: number }>(sql`select id from agents where email = ${email}`)).id;
const entityAs = async (email: string) => {
  const res = await t.callAs(email, 'GET', `/api/entities/${entity.id}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return res;
};
const fieldOf = (body: string, settingId: number) => JSON.parse(body).formatted_data[String(settingId)] as { formatted_value: unknown; revealable?: boolean };

beforeAll(async () => {
  t = await createTestContext();
  ssnId = (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = 'entity.ssn_last4'`)).id;
  const row = await t.one<{ id: number; stored: string }>(
    sql`select id, formatted_data -> ${String(ssnId)}::text ->> 'formatted_value' as stored from entities
      where org_id = 1 and formatted_data ? ${String(ssnId)}::text order by id limit 1`,
  );
  entity = { ...row, ssn: decryptField(TEST_FIELD_KEY, row.stored) };
});
afterAll(() => t.close());

describe('ENCRYPTED values at rest', () => {
  it('every stored value of an ENCRYPTED setting is ciphertext that decrypts with the configured key', async () => {
    const stored = await t.all<{ v: string }>(sql`
      select o.formatted_data -> d.id::text ->> 'formatted_value' as v from data_settings d
        join lateral (select formatted_data from entities e where e.org_id = d.org_id and e.formatted_data ? d.id::text
          union all select formatted_data from transactions x where x.org_id = d.org_id and x.formatted_data ? d.id::text) o on true
      where d.censorship_setting = 'ENCRYPTED'`);
    expect(stored.length).toBeGreaterThan(100);
    for (const { v } of stored) expect(isEncryptedField(v), v).toBe(true);
    // decrypts, and two equal values do not share a ciphertext (fresh IV per value)
    const plain = stored.slice(0, 50).map(({ v }) => decryptField(TEST_FIELD_KEY, v));
    expect(plain.every((p) => p.length > 0)).toBe(true);
    expect(new Set(stored.map((s) => s.v)).size).toBe(stored.length);
  });

  it('the analyst gets the mask, neither the value nor its ciphertext; root_all gets the value', async () => {
    const analyst = await entityAs('analyst@demo.test');
    expect(analyst.body).not.toContain(`"formatted_value":"${entity.ssn}"`);
    expect(analyst.body).not.toContain('enc:v1:');
    expect(fieldOf(analyst.body, ssnId)).toMatchObject({ formatted_value: MASK });
    expect(fieldOf(analyst.body, ssnId).revealable).toBeUndefined();
    const admin = await entityAs('admin@demo.test');
    expect(fieldOf(admin.body, ssnId).formatted_value).toBe(entity.ssn);
    expect(admin.body).not.toContain('enc:v1:');
  });

  it('a team grant or an agent grant decrypts for that agent only', async () => {
    const team = await t.one<{ team_id: number }>(sql`select tm.team_id from team_members tm join agents a on a.id = tm.agent_id
      where a.email = 'analyst@demo.test' order by tm.team_id limit 1`);
    await t.database.db.execute(sql`update data_settings set team_ids_with_censorship_read_permission = array[${team.team_id}]::int[] where id = ${ssnId}`);
    try {
      expect(fieldOf((await entityAs('analyst@demo.test')).body, ssnId).formatted_value).toBe(entity.ssn);
      // restricted@demo.test is in no team
      expect(fieldOf((await entityAs('restricted@demo.test')).body, ssnId).formatted_value).toBe(MASK);
    } finally {
      await t.database.db.execute(sql`update data_settings set team_ids_with_censorship_read_permission = '{}' where id = ${ssnId}`);
    }
    const manager = await agentId('manager@demo.test');
    await t.database.db.execute(
      sql`update data_settings set team_ids_with_censorship_read_permission = '{}', agent_ids_with_censorship_read_permission = array[${manager}]::int[] where id = ${ssnId}`,
    );
    expect(fieldOf((await entityAs('manager@demo.test')).body, ssnId).formatted_value).toBe(entity.ssn);
    expect(fieldOf((await entityAs('analyst@demo.test')).body, ssnId).formatted_value).toBe(MASK);
    await t.database.db.execute(sql`update data_settings set agent_ids_with_censorship_read_permission = '{}' where id = ${ssnId}`);
  });

  it('decrypt_encrypted_data decrypts without a grant', async () => {
    const analyst = await agentId('analyst@demo.test');
    await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
      select 1, 'agent', ${analyst}, id from permissions where name = 'decrypt_encrypted_data'`);
    try {
      expect(fieldOf((await entityAs('analyst@demo.test')).body, ssnId).formatted_value).toBe(entity.ssn);
    } finally {
      await t.database.db.execute(sql`delete from permission_associations where association_type = 'agent' and association_id = ${analyst}
        and permission_id = (select id from permissions where name = 'decrypt_encrypted_data')`);
    }
    expect(fieldOf((await entityAs('analyst@demo.test')).body, ssnId).formatted_value).toBe(MASK);
  });

  it('a value encrypted with another key (or altered) reads as the mask, never as ciphertext', async () => {
    const foreign = encryptField(randomBytes(32), 'FOREIGN-KEY-VALUE');
    await t.database.db.execute(
      sql`update entities set formatted_data = jsonb_set(formatted_data, array[${String(ssnId)}::text, 'formatted_value'], to_jsonb(${foreign}::text)) where id = ${entity.id}`,
    );
    const admin = await entityAs('admin@demo.test');
    expect(fieldOf(admin.body, ssnId).formatted_value).toBe(MASK);
    expect(admin.body).not.toContain('enc:v1:');
    await t.database.db.execute(
      sql`update entities set formatted_data = jsonb_set(formatted_data, array[${String(ssnId)}::text, 'formatted_value'], to_jsonb(${entity.stored}::text)) where id = ${entity.id}`,
    );
  });
});

describe('CENSORED_BUT_VIEWABLE', () => {
  it('is masked and revealable without a grant, in clear for granted agents and root_all', async () => {
    const income = await t.one<{ id: number; v: string }>(sql`select d.id, e.formatted_data -> d.id::text ->> 'formatted_value' as v
      from data_settings d join entities e on e.org_id = d.org_id and e.id = ${entity.id} where d.org_id = 1 and d.key_path = 'entity.annual_income'`);
    if (income.v === null) throw new Error('the sample entity has no annual income');
    const analyst = fieldOf((await entityAs('analyst@demo.test')).body, income.id);
    expect(analyst).toMatchObject({ formatted_value: MASK, revealable: true });
    // manager@demo.test is seeded as a reader of annual income
    const manager = fieldOf((await entityAs('manager@demo.test')).body, income.id);
    expect(String(manager.formatted_value)).toBe(String(JSON.parse(JSON.stringify(income.v))));
    expect(manager.revealable).toBeUndefined();
    expect(fieldOf((await entityAs('admin@demo.test')).body, income.id).formatted_value).not.toBe(MASK);
  });
});
