// Censorship is governed by its own permissions (the hole a probe found: an analyst, whose Agent
// preset lacks edit_censorship and read_censorship, could grant themselves the read of an encrypted
// SSN, or lift the encryption of a whole organisation, with edit_custom_data_settings alone).
// Changing a data setting's censorship level or read lists needs edit_censorship, seeing the read
// lists needs read_censorship, and nobody grants a read they could not use themselves
// (docs/decisions.md, "Censorship is governed by its own permissions"). Real server, real database.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContract } from '../../server/contract/load.js';
import { createTestContext, type TestContext } from './helpers/app.js';

const MASK = '••••••';
const NEEDS_EDIT_CENSORSHIP = 'Changing the censorship of a data setting or who may read it needs permission to edit censorship.';
const NEEDS_READ_ACCESS = 'Only an agent who may read the values of this data setting can change its censorship or grant read access to it.';
const IMPLEMENTATION_ONLY = 'Directionality, semantic type and graph matching can be changed only by the implementation team.';
const LISTS = ['team_ids_with_censorship_read_permission', 'agent_ids_with_censorship_read_permission'];

let t: TestContext;
let ids: { analyst: number; manager: number; investigations: number; sanctions: number };

const ANALYST = 'analyst@demo.test';
const MANAGER = 'manager@demo.test';
const ADMIN = 'admin@demo.test';

const patch = (as: string, id: number, body: unknown) => t.callAs(as, 'PATCH', `/api/data-settings/${id}`, body);
const create = (as: string, body: Record<string, unknown>) =>
  t.callAs(as, 'POST', '/api/data-settings', { data_type: 'text', classifier: 'entity', user_facing_label: 'Censorship walk', ...body });
/** The stored row, every column: a refused call must leave it as it was. */
const row = (id: number) => t.one<Record<string, unknown>>(sql`select * from data_settings where id = ${id}`);
const settingId = async (keyPath: string) => (await t.one<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = ${keyPath}`)).id;
const reencryptJobs = async (id: number) =>
  (await t.one<{ n: number }>(sql`select count(*)::int as n from jobs where kind = 'censorship.reencrypt' and payload ->> 'data_setting_id' = ${String(id)}`))
    .n;

async function refused(res: Awaited<ReturnType<typeof patch>>, message: string) {
  expect(res.statusCode, res.body).toBe(403);
  const { error } = res.json();
  expect(error).toMatchObject({ code: 'forbidden', message });
  expect(Array.isArray(error.details)).toBe(true);
}

/** A fresh censored setting (created by the manager, who may read it), for one step of a walk. */
let made = 0;
async function censoredSetting(extra: Record<string, unknown> = {}) {
  const res = await create(MANAGER, {
    key_path: `entity.censorship_walk_${++made}`,
    censorship_setting: 'censored',
    agent_ids_with_censorship_read_permission: [ids.manager],
    team_ids_with_censorship_read_permission: [ids.investigations],
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

beforeAll(async () => {
  t = await createTestContext();
  const agent = async (email: string) => (await t.one<{ id: number }>(sql`select id from agents where email = ${email}`)).id;
  const team = async (name: string) => (await t.one<{ id: number }>(sql`select id from teams where org_id = 1 and name = ${name}`)).id;
  ids = {
    analyst: await agent(ANALYST),
    manager: await agent(MANAGER),
    investigations: await team('Investigations'),
    sanctions: await team('Sanctions & Screening'),
  };
});
afterAll(() => t.close());

describe('censorship escalation', () => {
  it('the two reproductions of the probe: the analyst lacks both permissions (checked, not assumed)', async () => {
    const me = (await t.callAs(ANALYST, 'GET', '/api/agents/me')).json();
    expect(me.permissions).toContain('edit_custom_data_settings');
    expect(me.permissions).not.toContain('edit_censorship');
    expect(me.permissions).not.toContain('read_censorship');
    expect(me.permissions).not.toContain('root_all');
    expect(await settingId('entity.ssn_last4')).toBe(28);
    expect(await settingId('entity.tax_id')).toBe(35);
  });

  it('PATCH /api/data-settings/28 granting the analyst the read is refused, and entity 161 keeps its SSN masked', async () => {
    const before = await row(28);
    expect(before.censorship_setting).toBe('ENCRYPTED');
    await refused(await patch(ANALYST, 28, { agent_ids_with_censorship_read_permission: [ids.analyst] }), NEEDS_EDIT_CENSORSHIP);
    expect(await row(28)).toEqual(before);
    const entity = await t.callAs(ANALYST, 'GET', '/api/entities/161');
    expect(entity.statusCode).toBe(200);
    expect(entity.json().formatted_data['28'].formatted_value).toBe(MASK);
    expect(entity.body).not.toContain('enc:v1:');
  });

  it('PATCH /api/data-settings/35 to always_visible is refused: the encryption stays for the organisation', async () => {
    const before = await row(35);
    const jobs = await reencryptJobs(35);
    await refused(await patch(ANALYST, 35, { censorship_setting: 'always_visible' }), NEEDS_EDIT_CENSORSHIP);
    expect(await row(35)).toEqual(before);
    expect(before.censorship_setting).toBe('ENCRYPTED');
    expect(await reencryptJobs(35)).toBe(jobs);
    const stored = await t.one<{ v: string }>(
      sql`select formatted_data -> '35' ->> 'formatted_value' as v from entities where org_id = 1 and formatted_data ? '35' limit 1`,
    );
    expect(stored.v.startsWith('enc:v1:')).toBe(true);
  });

  describe('every field of the update call, for an agent without edit_censorship', () => {
    const contract = loadContract();
    const properties = Object.keys((contract.byId.get('updateDataSetting')!.requestBody as { properties: Record<string, unknown> }).properties);
    const isCensorship = (field: string) => field.includes('censorship');

    /** A changed value per field; for fields outside censorship, the analyst's answer as before the fix. */
    const steps: Record<string, { value: () => unknown; setting?: Record<string, unknown>; status?: number; message?: string }> = {
      data_type: { value: () => 'number', status: 200 },
      classifier: { value: () => 'instrument', status: 200 },
      user_facing_label: { value: () => 'Walked label', status: 200 },
      description: { value: () => 'Walked description', status: 200 },
      exported: { value: () => true, status: 200 },
      matchable: { value: () => true, status: 403, message: IMPLEMENTATION_ONLY },
      configured_flow: { value: () => 'INBOUND', status: 403, message: IMPLEMENTATION_ONLY },
      semantic_type: { value: () => 'SSN', status: 403, message: IMPLEMENTATION_ONLY },
      censorship_setting: { value: () => 'always_visible' },
      team_ids_with_censorship_read_permission: { value: () => [ids.investigations, ids.sanctions] },
      agent_ids_with_censorship_read_permission: { value: () => [ids.manager, ids.analyst] },
      enum_set: { value: () => ['Gold', 'Silver', 'Bronze'], setting: { data_type: 'enum', enum_set: ['Gold', 'Silver'] }, status: 200 },
      rendering_options: { value: () => ({ is_url: true, url_prefix: 'https://crm.example.test/' }), status: 200 },
    };

    it('knows every field of the contract (a new field needs a step here)', () => {
      expect(Object.keys(steps).sort()).toEqual([...properties].sort());
      expect(properties.filter(isCensorship).sort()).toEqual(['censorship_setting', ...LISTS].sort());
    });

    it.each(properties)('%s', async (field) => {
      const step = steps[field];
      const id = await censoredSetting(step.setting);
      const before = await row(id);
      const res = await patch(ANALYST, id, { [field]: step.value() });
      if (isCensorship(field)) {
        await refused(res, NEEDS_EDIT_CENSORSHIP);
        expect(res.json().error.details).toEqual([{ path: `body/${field}`, message: 'needs the edit_censorship permission' }]);
        expect(await row(id)).toEqual(before);
        return;
      }
      expect(res.statusCode, res.body).toBe(step.status);
      if (step.status === 200) {
        expect(res.json()[field]).toEqual(step.value());
        // the setting stays censored for the same readers
        const after = await row(id);
        for (const c of ['censorship_setting', ...LISTS]) expect(after[c]).toEqual(before[c]);
      } else {
        expect(res.json().error.message).toBe(step.message);
        expect(await row(id)).toEqual(before);
      }
    });

    it('every other censorship level is refused too, to and from encrypted', async () => {
      for (const [from, to] of [
        ['censored', 'censored_viewable'],
        ['censored', 'encrypted'],
        ['encrypted', 'censored'],
        ['censored_viewable', 'always_visible'],
      ]) {
        const id = await censoredSetting({ censorship_setting: from });
        const before = await row(id);
        await refused(await patch(ANALYST, id, { censorship_setting: to }), NEEDS_EDIT_CENSORSHIP);
        expect(await row(id)).toEqual(before);
      }
      // always visible to censored is a change as well (the analyst cannot hide a field either)
      const open = await settingId('entity.occupation');
      await refused(await patch(ANALYST, open, { censorship_setting: 'censored' }), NEEDS_EDIT_CENSORSHIP);
    });

    it('a change the rules cause counts: a classifier changed to alert would make the setting always visible', async () => {
      const id = await censoredSetting();
      const before = await row(id);
      await refused(await patch(ANALYST, id, { classifier: 'alert' }), NEEDS_EDIT_CENSORSHIP);
      expect(await row(id)).toEqual(before);
      // the manager may (and the alert rule of spec part 2 section 5 then clears the read lists)
      const ok = await patch(MANAGER, id, { classifier: 'alert' });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json()).toMatchObject({
        classifier: 'alert',
        censorship_setting: 'always_visible',
        team_ids_with_censorship_read_permission: [],
        agent_ids_with_censorship_read_permission: [],
      });
    });

    it('a field sent with its stored value is no change: the whole object is accepted', async () => {
      const id = await censoredSetting();
      const seen = (await t.callAs(ANALYST, 'GET', '/api/data-settings')).json().data_settings.find((s: { id: number }) => s.id === id);
      const { id: _id, key_path: _k, key_type: _t, native_key: _n, native_field: _f, recent_values: _r, rules: _u, ...editable } = seen;
      const res = await patch(ANALYST, id, { ...editable, user_facing_label: 'Renamed by the analyst' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().user_facing_label).toBe('Renamed by the analyst');
      // read lists sent as stored, in another order, are no change either
      const same = await patch(ANALYST, id, {
        censorship_setting: 'censored',
        agent_ids_with_censorship_read_permission: [ids.manager],
        team_ids_with_censorship_read_permission: [ids.investigations],
        description: 'still fine',
      });
      expect(same.statusCode, same.body).toBe(200);
      const two = await censoredSetting({ agent_ids_with_censorship_read_permission: [ids.manager, ids.analyst] });
      const reordered = await patch(ANALYST, two, { agent_ids_with_censorship_read_permission: [ids.analyst, ids.manager] });
      expect(reordered.statusCode, reordered.body).toBe(200);
      expect((await row(two)).agent_ids_with_censorship_read_permission).toEqual([ids.manager, ids.analyst]);
    });
  });

  describe('creating a setting', () => {
    it('with a censorship or read lists needs edit_censorship; nothing is created without it', async () => {
      for (const body of [
        { censorship_setting: 'censored' },
        { censorship_setting: 'encrypted' },
        { censorship_setting: 'censored_viewable', agent_ids_with_censorship_read_permission: [ids.analyst] },
        { censorship_setting: 'censored', team_ids_with_censorship_read_permission: [ids.investigations] },
        // asked for on an alert setting, which the rules keep always visible: still asked for
        { classifier: 'alert', censorship_setting: 'censored' },
      ]) {
        const keyPath = `entity.refused_${++made}`;
        await refused(await create(ANALYST, { key_path: keyPath, ...body }), NEEDS_EDIT_CENSORSHIP);
        expect(await t.all(sql`select id from data_settings where key_path = ${keyPath}`)).toEqual([]);
      }
    });

    it('without censorship (or with the defaults sent) as before', async () => {
      expect((await create(ANALYST, { key_path: `entity.open_${++made}` })).statusCode).toBe(201);
      const explicit = await create(ANALYST, {
        key_path: `entity.open_${++made}`,
        censorship_setting: 'always_visible',
        team_ids_with_censorship_read_permission: [],
        agent_ids_with_censorship_read_permission: [],
      });
      expect(explicit.statusCode, explicit.body).toBe(201);
      expect(explicit.json().censorship_setting).toBe('always_visible');
    });

    it('the manager creates a censored setting naming its readers (no values exist yet to read)', async () => {
      const res = await create(MANAGER, {
        key_path: `entity.managed_${++made}`,
        censorship_setting: 'censored_viewable',
        agent_ids_with_censorship_read_permission: [ids.analyst],
        team_ids_with_censorship_read_permission: [ids.sanctions],
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({
        censorship_setting: 'censored_viewable',
        agent_ids_with_censorship_read_permission: [ids.analyst],
        team_ids_with_censorship_read_permission: [ids.sanctions],
      });
    });
  });

  describe('reading the read lists needs read_censorship', () => {
    it('the list leaves them out for the analyst and shows them to the manager', async () => {
      const income = await settingId('entity.annual_income');
      const analyst = (await t.callAs(ANALYST, 'GET', '/api/data-settings')).json().data_settings;
      for (const s of analyst) for (const list of LISTS) expect(s).not.toHaveProperty(list);
      expect(analyst.find((s: { id: number }) => s.id === income).censorship_setting).toBe('censored_viewable');
      const manager = (await t.callAs(MANAGER, 'GET', '/api/data-settings')).json().data_settings;
      expect(manager.find((s: { id: number }) => s.id === income).agent_ids_with_censorship_read_permission).toContain(ids.manager);
    });

    it("the analyst's create and update answers leave them out too", async () => {
      const created = await create(ANALYST, { key_path: `entity.answer_${++made}` });
      expect(created.statusCode).toBe(201);
      for (const list of LISTS) expect(created.json()).not.toHaveProperty(list);
      const id = await censoredSetting();
      const updated = await patch(ANALYST, id, { description: 'no lists in the answer' });
      expect(updated.statusCode).toBe(200);
      for (const list of LISTS) expect(updated.json()).not.toHaveProperty(list);
      expect(updated.body).not.toContain('censorship_read_permission');
      // nothing changed: the answer is the same setting, still without the lists
      const unchanged = await patch(ANALYST, id, { description: 'no lists in the answer' });
      for (const list of LISTS) expect(unchanged.json()).not.toHaveProperty(list);
    });
  });

  describe('nobody grants a read they could not use', () => {
    it('the manager (edit_censorship) reads annual income through their own grant, so may add readers and change its level', async () => {
      const income = await settingId('entity.annual_income');
      const before = (await row(income)) as { agent_ids_with_censorship_read_permission: number[] };
      const res = await patch(MANAGER, income, {
        agent_ids_with_censorship_read_permission: [...before.agent_ids_with_censorship_read_permission, ids.analyst],
        team_ids_with_censorship_read_permission: [ids.sanctions],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().agent_ids_with_censorship_read_permission).toContain(ids.analyst);
      expect((await patch(MANAGER, income, { censorship_setting: 'censored' })).statusCode).toBe(200);
      // and the analyst, now a reader, still may not change who reads (no edit_censorship)
      await refused(await patch(ANALYST, income, { agent_ids_with_censorship_read_permission: [ids.analyst] }), NEEDS_EDIT_CENSORSHIP);
    });

    it('a grant through a team counts', async () => {
      const id = await censoredSetting({ agent_ids_with_censorship_read_permission: [], team_ids_with_censorship_read_permission: [ids.investigations] });
      const res = await patch(MANAGER, id, { agent_ids_with_censorship_read_permission: [ids.analyst] });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('the manager may not grant the SSN (encrypted, no grant, no decrypt_encrypted_data), nor lift or change its encryption', async () => {
      const before = await row(28);
      await refused(await patch(MANAGER, 28, { agent_ids_with_censorship_read_permission: [ids.manager] }), NEEDS_READ_ACCESS);
      await refused(await patch(MANAGER, 28, { team_ids_with_censorship_read_permission: [ids.investigations] }), NEEDS_READ_ACCESS);
      await refused(await patch(MANAGER, 28, { censorship_setting: 'always_visible' }), NEEDS_READ_ACCESS);
      await refused(await patch(MANAGER, 28, { censorship_setting: 'censored' }), NEEDS_READ_ACCESS);
      expect(await row(28)).toEqual(before);
      expect((await t.callAs(MANAGER, 'GET', '/api/entities/161')).json().formatted_data['28'].formatted_value).toBe(MASK);
    });

    it('nor a censored setting only another team reads (watchlist match score, Sanctions & Screening)', async () => {
      const score = await settingId('watchlist.match_score');
      const before = await row(score);
      await refused(await patch(MANAGER, score, { agent_ids_with_censorship_read_permission: [ids.manager] }), NEEDS_READ_ACCESS);
      expect(await row(score)).toEqual(before);
      // taking readers away needs only edit_censorship
      const removed = await patch(MANAGER, score, { team_ids_with_censorship_read_permission: [] });
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await row(score)).team_ids_with_censorship_read_permission).toEqual([]);
    });

    it('decrypt_encrypted_data reads an encrypted setting, so its holder may grant it; root_all may anything', async () => {
      await t.database.db.execute(sql`insert into permission_associations (org_id, association_type, association_id, permission_id)
        select 1, 'agent', ${ids.manager}, id from permissions where name = 'decrypt_encrypted_data'`);
      try {
        const res = await patch(MANAGER, 28, { agent_ids_with_censorship_read_permission: [ids.manager] });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().agent_ids_with_censorship_read_permission).toEqual([ids.manager]);
      } finally {
        await t.database.db.execute(sql`delete from permission_associations where association_type = 'agent' and association_id = ${ids.manager}
          and permission_id = (select id from permissions where name = 'decrypt_encrypted_data')`);
      }
      // the grant is now the manager's own way to read it
      expect((await t.callAs(MANAGER, 'GET', '/api/entities/161')).json().formatted_data['28'].formatted_value).not.toBe(MASK);
      const admin = await patch(ADMIN, 35, { censorship_setting: 'censored', agent_ids_with_censorship_read_permission: [ids.analyst] });
      expect(admin.statusCode, admin.body).toBe(200);
      expect(admin.json()).toMatchObject({ censorship_setting: 'censored', agent_ids_with_censorship_read_permission: [ids.analyst] });
    });
  });
});
