import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let analystToken: string;
let adminToken: string;
// censoring a setting or naming its readers needs edit_censorship: the manager's (tests/server/censorship-permissions.test.ts)
let managerToken: string;

beforeAll(async () => {
  t = await createTestContext();
  analystToken = await t.signIn('analyst@demo.test');
  adminToken = await t.signIn('admin@demo.test');
  managerToken = await t.signIn('manager@demo.test');
});
afterAll(() => t.close());

const setting = async (keyPath: string, orgId = 1) =>
  (await t.one<{ id: number }>(sql`select id from data_settings where org_id = ${orgId} and key_path = ${keyPath}`)).id;
const create = (body: Record<string, unknown>, token = analystToken) =>
  t.call({ method: 'POST', url: '/api/data-settings', payload: { data_type: 'text', classifier: 'entity', user_facing_label: 'Test', ...body }, token });
const update = (id: number, body: unknown, token = analystToken) => t.call({ method: 'PATCH', url: `/api/data-settings/${id}`, payload: body as never, token });

describe('listDataSettings', () => {
  it("lists the organisation's settings by classifier then label, in the contract's names", async () => {
    const res = await t.call({ method: 'GET', url: '/api/data-settings', token: analystToken });
    expect(res.statusCode).toBe(200);
    const { count, data_settings: list } = res.json();
    const stored = await t.one<{ n: number }>(sql`select count(*)::int as n from data_settings where org_id = 1`);
    expect(count).toBe(stored.n);
    const memo = list.find((s: { key_path: string }) => s.key_path === 'transaction.memo');
    expect(memo).toMatchObject({ data_type: 'text', classifier: 'event', key_type: 'CUSTOM', censorship_setting: 'always_visible', configured_flow: 'OTHER' });
    const keys = list.map((s: { classifier: string; user_facing_label: string }) => `${s.classifier.toUpperCase()}|${s.user_facing_label}`);
    const sorted = await t.all<{ k: string }>(
      sql`select data_classifier || '|' || user_facing_label as k from data_settings where org_id = 1 order by data_classifier, user_facing_label, id`,
    );
    expect(keys).toEqual(sorted.map((r) => r.k));
  });
});

describe('createDataSetting', () => {
  it('creates a CUSTOM setting with the rendering clean-ups', async () => {
    const manager = (await t.one<{ id: number }>(sql`select id from agents where email = 'manager@demo.test'`)).id;
    const res = await create(
      {
        key_path: 'entity.website',
        rendering_options: { is_url: false, url_prefix: 'https://example.test/', precision: 2 },
        censorship_setting: 'censored',
        agent_ids_with_censorship_read_permission: [manager],
      },
      managerToken,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      key_path: 'entity.website',
      key_type: 'CUSTOM',
      native_key: null,
      exported: false,
      censorship_setting: 'censored',
      // a censored setting keeps its read access (tests/server/data-settings.test.ts has the rules)
      agent_ids_with_censorship_read_permission: [manager],
      rendering_options: { is_url: false },
    });
    const audit = await t.one<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'data_setting.created' and object_id = ${String(res.json().id)}`,
    );
    expect(audit.n).toBe(1);
  });

  it('keeps read-permission lists for censored_viewable and checks their ids', async () => {
    const team = (await t.one<{ id: number }>(sql`select id from teams where org_id = 1 order by id limit 1`)).id;
    const kept = await create(
      { key_path: 'entity.nickname', censorship_setting: 'censored_viewable', team_ids_with_censorship_read_permission: [team] },
      managerToken,
    );
    expect(kept.json().team_ids_with_censorship_read_permission).toEqual([team]);
    const northTeam = (await t.one<{ id: number }>(sql`select id from teams where org_id = 2 order by id limit 1`)).id;
    const bad = await create(
      { key_path: 'entity.alias', censorship_setting: 'censored_viewable', team_ids_with_censorship_read_permission: [northTeam] },
      managerToken,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('stores alert settings always visible', async () => {
    const res = await create({ key_path: 'alert.priority_note', classifier: 'alert', censorship_setting: 'censored' }, managerToken);
    expect(res.statusCode).toBe(201);
    expect(res.json().censorship_setting).toBe('always_visible');
  });

  it('requires directionality on event reference settings', async () => {
    const res = await create({ key_path: 'transaction.beneficiary', classifier: 'event', data_type: 'entity_reference' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Directionality is required.');
    const ok = await create({
      key_path: 'transaction.beneficiary',
      classifier: 'event',
      data_type: 'entity_reference',
      configured_flow: 'OUTBOUND',
      rendering_options: { reference_display_fields: ['name_readable', ' '] },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().rendering_options).toEqual({ reference_display_fields: ['name_readable'] });
  });

  it('allows encrypted only on text, and only with the encrypted_censorship flag', async () => {
    expect((await create({ key_path: 'entity.secret_score', data_type: 'number', censorship_setting: 'encrypted' }, managerToken)).statusCode).toBe(400);
    await t.database.db.execute(sql`update feature_flags set enabled = false where org_id = 1 and name = 'encrypted_censorship'`);
    try {
      expect((await create({ key_path: 'entity.secret_text', censorship_setting: 'encrypted' }, managerToken)).statusCode).toBe(403);
    } finally {
      await t.database.db.execute(sql`update feature_flags set enabled = true where org_id = 1 and name = 'encrypted_censorship'`);
    }
    expect((await create({ key_path: 'entity.secret_text', censorship_setting: 'encrypted' }, managerToken)).statusCode).toBe(201);
  });

  it('answers 409 for a key path already in use and 400 for a bad one', async () => {
    expect((await create({ key_path: 'transaction.memo', classifier: 'event' })).statusCode).toBe(409);
    expect((await create({ key_path: 'entity..x' })).statusCode).toBe(400);
    expect((await create({ key_path: 'entity.tz', data_type: 'date-time', rendering_options: { timezone: 'Mars/Olympus' } })).statusCode).toBe(400);
  });
});

describe('updateDataSetting', () => {
  it('changes only the fields sent, and audits', async () => {
    const id = await setting('transaction.memo');
    const res = await update(id, { user_facing_label: 'Customer memo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, user_facing_label: 'Customer memo', key_path: 'transaction.memo', configured_flow: 'OTHER' });
    const audit = await t.one<{ details: { changed: string[] } }>(
      sql`select details from audit_log where action = 'data_setting.updated' and object_id = ${String(id)} order by id desc limit 1`,
    );
    expect(audit.details.changed).toEqual(['user_facing_label']);
  });

  it('refuses to change the data type or export of a native setting', async () => {
    const id = await setting('transaction.status');
    expect((await update(id, { data_type: 'text' }, adminToken)).statusCode).toBe(400);
    expect((await update(id, { exported: false }, adminToken)).statusCode).toBe(400);
    expect((await update(id, { user_facing_label: 'Txn status' })).statusCode).toBe(200);
  });

  it('leaves reference settings, directionality and semantic type to internal staff', async () => {
    const reference = await setting('instrument.linked_owner');
    expect((await update(reference, { user_facing_label: 'Owner' })).statusCode).toBe(403);
    expect((await update(reference, { user_facing_label: 'Owner' }, adminToken)).statusCode).toBe(200);
    const memo = await setting('transaction.memo');
    expect((await update(memo, { configured_flow: 'INBOUND' })).statusCode).toBe(403);
    expect((await update(memo, { semantic_type: 'NOTE' })).statusCode).toBe(403);
    expect((await update(memo, { data_type: 'entity_reference' })).statusCode).toBe(403);
    expect((await update(memo, { configured_flow: 'INBOUND' }, adminToken)).json().configured_flow).toBe('INBOUND');
  });

  it("answers 404 for another organisation's setting and 400 for an empty body", async () => {
    expect((await update(await setting('transaction.memo', 2), { user_facing_label: 'x' })).statusCode).toBe(404);
    expect((await update(await setting('transaction.memo'), {})).statusCode).toBe(400);
  });
});

describe('column layouts', () => {
  const url = (table: string) => `/api/column-layouts/${table}`;

  it("reads the analyst's seeded layout in the contract's names", async () => {
    const res = await t.call({ method: 'GET', url: url('transactions'), token: analystToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().is_default).toBe(false);
    expect(res.json().columns).toContainEqual(
      expect.objectContaining({ key: 'transaction.memo', key_type: 'data_setting', data_setting_id: await setting('transaction.memo'), hidden: true }),
    );
  });

  it('answers the default, saves, and resets per agent', async () => {
    const token = await t.signIn('manager@demo.test');
    const initial = await t.call({ method: 'GET', url: url('transactions'), token });
    expect(initial.statusCode).toBe(200);
    expect(initial.json().is_default).toBe(true);
    const memo = await setting('transaction.memo');
    expect(initial.json().columns).toContainEqual(
      expect.objectContaining({ key: 'transaction.memo', key_type: 'data_setting', data_setting_id: memo, hidden: true }),
    );
    expect(initial.json().columns[0]).toMatchObject({ key_type: 'native', hidden: false });

    const columns = [
      { key: 'transaction.memo', key_type: 'data_setting', data_setting_id: memo, label: 'Memo', hidden: false },
      { key: 'amount', key_type: 'native', label: 'Amount', hidden: false },
    ];
    const saved = await t.call({ method: 'PUT', url: url('transactions'), payload: { columns }, token });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ table_id: 'transactions', is_default: false });
    const read = await t.call({ method: 'GET', url: url('transactions'), token });
    expect(read.json()).toEqual(saved.json());
    // the saved order first; the columns the layout did not name follow, hidden
    const readColumns = read.json().columns as { key: string; hidden: boolean }[];
    expect(readColumns.slice(0, 2).map((c) => [c.key, c.hidden])).toEqual([
      ['transaction.memo', false],
      ['amount', false],
    ]);
    expect(readColumns.slice(2).every((c) => c.hidden)).toBe(true);
    expect(readColumns).toHaveLength(initial.json().columns.length);
    // another agent still sees the default
    expect((await t.call({ method: 'GET', url: url('transactions'), token: adminToken })).json().is_default).toBe(true);

    const reset = await t.call({ method: 'DELETE', url: url('transactions'), token });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual(initial.json());
    expect((await t.call({ method: 'GET', url: url('transactions'), token })).json().is_default).toBe(true);
  });

  it('answers 400 for unknown or duplicate keys and foreign data settings, 404 for unknown tables', async () => {
    const put = (table: string, columns: unknown[]) => t.call({ method: 'PUT', url: url(table), payload: { columns }, token: analystToken });
    expect((await put('transactions', [{ key: 'nope', key_type: 'native', label: 'x', hidden: false }])).statusCode).toBe(400);
    expect(
      (
        await put('transactions', [
          { key: 'amount', key_type: 'native', label: 'a', hidden: false },
          { key: 'amount', key_type: 'native', label: 'b', hidden: true },
        ])
      ).statusCode,
    ).toBe(400);
    const northMemo = await setting('transaction.memo', 2);
    expect(
      (await put('transactions', [{ key: 'transaction.memo', key_type: 'data_setting', data_setting_id: northMemo, label: 'x', hidden: false }])).statusCode,
    ).toBe(400);
    const entitySetting = await setting('entity.occupation');
    expect(
      (await put('transactions', [{ key: 'entity.occupation', key_type: 'data_setting', data_setting_id: entitySetting, label: 'x', hidden: false }]))
        .statusCode,
    ).toBe(400);
    expect(
      (await put('entities', [{ key: String(entitySetting), key_type: 'data_setting', data_setting_id: entitySetting, label: 'x', hidden: false }])).statusCode,
    ).toBe(400);
    expect(
      (await put('entities', [{ key: 'entity.occupation', key_type: 'data_setting', data_setting_id: entitySetting, label: 'x', hidden: false }])).statusCode,
    ).toBe(200);
    expect((await put('widgets', [{ key: 'amount', key_type: 'native', label: 'x', hidden: false }])).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: url('widgets'), token: analystToken })).statusCode).toBe(404);
  });
});

describe('data files, time zones and network analysis', () => {
  it('pages flat files with their latest execution', async () => {
    const token = await t.signIn('manager@demo.test');
    const res = await t.call({ method: 'GET', url: '/api/database-connections/pull-based-datafiles?limit=5', token });
    expect(res.statusCode).toBe(200);
    const total = await t.one<{ n: number }>(sql`select count(*)::int as n from flat_files where org_id = 1`);
    expect(res.json().count).toBe(total.n);
    const file = res.json().files[0];
    const latest = await t.all<{ total_count: number }>(
      sql`select total_count from flat_file_executions where file_id = ${file.id} order by queued_at desc, id desc limit 1`,
    );
    if (latest[0]) expect(file.latest_execution.total_count).toBe(latest[0].total_count);
    else expect(file.latest_execution).toBeNull();
  });

  it('gives a debugger key for own files and 404 for others', async () => {
    const token = await t.signIn('manager@demo.test');
    const own = (await t.one<{ id: number }>(sql`select id from flat_files where org_id = 1 order by id limit 1`)).id;
    const res = await t.call({ method: 'POST', url: `/api/database-connections/pull-based-datafiles/debug/${own}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json().ddo_debugger_key).toMatch(new RegExp(`^ddo-${own}-`));
    const other = (await t.one<{ id: number }>(sql`select id from flat_files where org_id = 2 order by id limit 1`)).id;
    expect((await t.call({ method: 'POST', url: `/api/database-connections/pull-based-datafiles/debug/${other}`, token })).statusCode).toBe(404);
  });

  it('lists IANA time zones, sorted', async () => {
    const zones = (await t.call({ method: 'GET', url: '/api/database-connections/streams/get_timezones', token: analystToken })).json().timezones as string[];
    expect(zones).toContain('America/New_York');
    expect(zones).toContain('UTC');
    expect(zones).toEqual([...zones].sort());
  });

  it('derives the network analysis matchers from the data', async () => {
    const res = await t.call({ method: 'GET', url: '/api/network-analysis/settings', token: analystToken });
    expect(res.statusCode).toBe(200);
    const [config] = res.json().configs;
    const enabled = config.matchers.filter((m: { enabled: boolean }) => m.enabled).map((m: { link_type: string }) => m.link_type);
    expect(enabled).toEqual(expect.arrayContaining(['email_address', 'ip_address', 'entity', 'transaction']));
    expect(config.matchers).toHaveLength(13);
  });
});
