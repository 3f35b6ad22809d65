// Column layouts per agent and table: a saved arrangement read over the table's current columns,
// the table's own labels, the checks on a save, and organisation scoping.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let managerToken: string;

beforeAll(async () => {
  t = await createTestContext();
  managerToken = await t.signIn('manager@demo.test');
});
afterAll(() => t.close());

interface Column {
  key: string;
  key_type: 'native' | 'data_setting';
  data_setting_id: number | null;
  label: string;
  description: string | null;
  hidden: boolean;
}
const url = (table: string) => `/api/column-layouts/${table}`;
const read = async (table: string, token = managerToken) =>
  (await t.call({ method: 'GET', url: url(table), token })).json<{ columns: Column[]; is_default: boolean }>();
const save = (table: string, columns: unknown[], token = managerToken) => t.call({ method: 'PUT', url: url(table), payload: { columns }, token });
const reset = (table: string, token = managerToken) => t.call({ method: 'DELETE', url: url(table), token });
const setting = async (keyPath: string, orgId = 1) =>
  (await t.one<{ id: number }>(sql`select id from data_settings where org_id = ${orgId} and key_path = ${keyPath}`)).id;

describe('the default layouts', () => {
  it("lists the alert list's columns with descriptions, a few extra ones hidden, and no data-setting columns", async () => {
    const layout = await read('alerts');
    expect(layout.is_default).toBe(true);
    expect(layout.columns.map((c) => c.key)).toEqual([
      'id',
      'title',
      'status',
      'alert_type',
      'rules',
      'queue_title',
      'assigned_to_name',
      'amount_volume',
      'alert_score',
      'created_at',
      'deadline',
      'disposition',
      'tags',
    ]);
    expect(layout.columns.filter((c) => c.hidden).map((c) => c.key)).toEqual(['alert_type', 'disposition']);
    expect(layout.columns.every((c) => c.key_type === 'native' && c.description)).toBe(true);
  });

  it("lists the case list's columns", async () => {
    const layout = await read('cases');
    expect(layout.columns.map((c) => c.key)).toEqual([
      'id',
      'title',
      'status',
      'queue_title',
      'assigned_to_name',
      'alert_count',
      'sar_count',
      'deadline',
      'created_at',
      'disposition',
      'tags',
    ]);
  });

  it('adds only CUSTOM data settings, hidden, after the native columns', async () => {
    const layout = await read('transactions');
    const settings = layout.columns.filter((c) => c.key_type === 'data_setting');
    expect(settings.length).toBeGreaterThan(0);
    expect(settings.every((c) => c.hidden && c.key.startsWith('transaction.'))).toBe(true);
    // transaction.amount is a NATIVE data setting: the native column stands for it
    expect(settings.find((c) => c.key === 'transaction.amount')).toBeUndefined();
    expect(layout.columns.findIndex((c) => c.key_type === 'data_setting')).toBe(layout.columns.filter((c) => c.key_type === 'native').length);
  });
});

describe('saving', () => {
  it("keeps order and visibility, answers the table's labels, and appends the columns not named, hidden", async () => {
    const res = await save('cases', [
      { key: 'title', key_type: 'native', label: 'My own title label', hidden: false },
      { key: 'id', key_type: 'native', label: 'ID', description: 'made up', hidden: false },
      { key: 'status', key_type: 'native', label: 'Status', hidden: true },
    ]);
    expect(res.statusCode).toBe(200);
    const { columns, is_default } = res.json<{ columns: Column[]; is_default: boolean }>();
    expect(is_default).toBe(false);
    expect(columns.slice(0, 3)).toEqual([
      expect.objectContaining({ key: 'title', label: 'Title', description: 'What the case is about.', hidden: false }),
      expect.objectContaining({ key: 'id', label: 'ID', description: 'The case number.', hidden: false }),
      expect.objectContaining({ key: 'status', hidden: true }),
    ]);
    expect(columns.slice(3).every((c) => c.hidden)).toBe(true);
    expect(await read('cases')).toEqual(res.json());
    expect((await reset('cases')).json().columns.map((c: Column) => c.key)[0]).toBe('id');
  });

  it('refuses a layout with every column hidden, a native setting as a data column, and a column named twice', async () => {
    expect((await save('cases', [{ key: 'id', key_type: 'native', label: 'ID', hidden: true }])).statusCode).toBe(400);
    const amount = await setting('transaction.amount');
    expect(
      (await save('transactions', [{ key: 'transaction.amount', key_type: 'data_setting', data_setting_id: amount, label: 'Amount', hidden: false }]))
        .statusCode,
    ).toBe(400);
    const memo = await setting('transaction.memo');
    const twice = { key: 'transaction.memo', key_type: 'data_setting', data_setting_id: memo, label: 'Memo', hidden: false };
    expect((await save('transactions', [twice, twice])).statusCode).toBe(400);
    expect((await save('alerts', [{ key: 'queue', key_type: 'native', label: 'Queue', hidden: false }])).statusCode).toBe(400);
    expect((await read('transactions')).is_default).toBe(true);
  });

  it('reads a stored layout over the current columns: renamed settings, dropped and new columns', async () => {
    const memo = await setting('transaction.memo');
    const channel = await setting('transaction.channel');
    expect(
      (
        await save('transactions', [
          { key: 'transaction.memo', key_type: 'data_setting', data_setting_id: memo, label: 'Memo', hidden: false },
          { key: 'amount', key_type: 'native', label: 'Amount', hidden: false },
        ])
      ).statusCode,
    ).toBe(200);
    const managerId = (await t.one<{ id: number }>(sql`select id from agents where email = 'manager@demo.test'`)).id;
    // A stored column the table no longer has (an older release's key) is left out.
    await t.all(sql`update column_layouts set columns = columns || '[{"key":"gone","key_type":"NATIVE","data_setting_id":null,"label":"Gone","hidden":false}]'::jsonb
      where agent_id = ${managerId} and table_id = 'transactions'`);
    await t.all(sql`update data_settings set user_facing_label = 'Customer memo' where id = ${memo}`);
    const created = await t.call({
      method: 'POST',
      url: '/api/data-settings',
      payload: { key_path: 'transaction.loyalty_tier', data_type: 'text', classifier: 'event', user_facing_label: 'Loyalty tier' },
      token: managerToken,
    });
    expect(created.statusCode).toBe(201);
    const { columns } = await read('transactions');
    expect(columns[0]).toMatchObject({ key: 'transaction.memo', label: 'Customer memo', hidden: false });
    expect(columns[1]).toMatchObject({ key: 'amount', hidden: false });
    expect(columns.find((c) => c.key === 'gone')).toBeUndefined();
    expect(columns.find((c) => c.key === 'transaction.loyalty_tier')).toMatchObject({ hidden: true, data_setting_id: created.json().id });
    expect(columns.find((c) => c.data_setting_id === channel)).toMatchObject({ hidden: true });
    expect(columns.slice(2).every((c) => c.hidden)).toBe(true);
    await t.all(sql`update data_settings set user_facing_label = 'Memo' where id = ${memo}`);
    await reset('transactions');
  });
});

describe('scoping', () => {
  it('keeps one layout per agent and table, and answers the other organisation only its own settings', async () => {
    expect((await save('cases', [{ key: 'tags', key_type: 'native', label: 'Tags', hidden: false }])).statusCode).toBe(200);
    const analyst = await t.signIn('analyst@demo.test');
    expect((await read('cases', analyst)).is_default).toBe(true);
    expect((await read('alerts')).is_default).toBe(true);
    const north = await t.signIn('admin@northwind.test');
    const northLayout = await read('transactions', north);
    const northIds = new Set((await t.all<{ id: number }>(sql`select id from data_settings where org_id = 2`)).map((r) => r.id));
    expect(northLayout.columns.filter((c) => c.data_setting_id !== null).every((c) => northIds.has(c.data_setting_id!))).toBe(true);
    // Resetting another agent's table leaves the manager's layout alone.
    expect((await reset('cases', analyst)).statusCode).toBe(200);
    expect((await read('cases')).columns[0].key).toBe('tags');
    await reset('cases');
  });
});
