// The Data Setting panel's rules as the server enforces them (spec part 2, sections 5 and 6): each
// refusal is a 400 (or 403) whose JSON error names the panel's message, and nothing is written.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers/app.js';

let t: TestContext;
let manager: string;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  manager = await t.signIn('manager@demo.test');
  admin = await t.signIn('admin@demo.test');
});
afterAll(() => t.close());

const create = (body: Record<string, unknown>, token = manager) =>
  t.call({ method: 'POST', url: '/api/data-settings', payload: { data_type: 'text', classifier: 'entity', user_facing_label: 'Rule test', ...body }, token });
const update = (id: number, body: unknown, token = manager) => t.call({ method: 'PATCH', url: `/api/data-settings/${id}`, payload: body as never, token });
const stored = (keyPath: string) => t.all<{ id: number }>(sql`select id from data_settings where org_id = 1 and key_path = ${keyPath}`);

async function refused(res: Awaited<ReturnType<typeof create>>, status: number, message: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json().error.message).toBe(message);
}

describe('key path', () => {
  it.each([
    ['', 'Key path is required.'],
    ['  ', 'Key path is required.'],
    ['entity..city', 'Key path parts cannot be empty.'],
    ['entity.', 'Key path parts cannot be empty.'],
    ['entity.a$b', 'Key path parts may contain only letters, digits, spaces, hyphens and underscores.'],
    ['a.b.c.d.e.f.g.h.i.j.k', 'Key path can have at most 10 parts.'],
    [`entity.${'x'.repeat(520)}`, 'Key path can have at most 512 characters.'],
  ])('refuses %j with its message', async (keyPath, message) => {
    await refused(await create({ key_path: keyPath }), 400, message);
    expect(await stored(keyPath)).toEqual([]);
  });

  it('keeps a part with surrounding spaces as typed (the console only warns)', async () => {
    const res = await create({ key_path: 'entity. spaced part ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().key_path).toBe('entity. spaced part ');
  });

  it('cannot change after creation (the update body has no key path)', async () => {
    const [row] = await stored('entity. spaced part ');
    expect((await update(row.id, { key_path: 'entity.other' })).statusCode).toBe(400);
  });
});

describe('label, URL prefix, enum values', () => {
  it('needs a label that is not blank', async () => {
    await refused(await create({ key_path: 'entity.blank_label', user_facing_label: '   ' }), 400, 'Label is required.');
  });

  it('needs https:// at the start of a URL prefix, and drops prefix and postfix when is_url is false', async () => {
    await refused(
      await create({ key_path: 'entity.site', rendering_options: { is_url: true, url_prefix: 'http://example.test/' } }),
      400,
      'URL prefix must begin with https:// in order to be valid',
    );
    const dropped = await create({ key_path: 'entity.site', rendering_options: { is_url: false, url_prefix: 'http://example.test/', url_postfix: '/x' } });
    expect(dropped.statusCode).toBe(201);
    expect(dropped.json().rendering_options).toEqual({ is_url: false });
    await refused(
      await update(dropped.json().id, { rendering_options: { is_url: true, url_prefix: 'ftp://x' } }),
      400,
      'URL prefix must begin with https:// in order to be valid',
    );
    const ok = await update(dropped.json().id, { rendering_options: { is_url: true, url_prefix: 'https://example.test/', url_postfix: '/x' } });
    expect(ok.json().rendering_options).toEqual({ is_url: true, url_prefix: 'https://example.test/', url_postfix: '/x' });
  });

  it('keeps enum values case-sensitive, at most 100 and without repeats', async () => {
    const cased = await create({ key_path: 'entity.tier', data_type: 'enum', enum_set: ['Gold', 'gold', 'GOLD'] });
    expect(cased.statusCode).toBe(201);
    expect(cased.json().enum_set).toEqual(['Gold', 'gold', 'GOLD']);
    await refused(await update(cased.json().id, { enum_set: ['Gold', 'Gold'] }), 400, 'This value is already in the list.');
    const hundred = Array.from({ length: 100 }, (_, i) => `v${i}`);
    expect((await update(cased.json().id, { enum_set: hundred })).json().enum_set).toHaveLength(100);
    await refused(await update(cased.json().id, { enum_set: [...hundred, 'v100'] }), 400, 'Cannot add any more values');
    await refused(await create({ key_path: 'entity.empty_enum', data_type: 'enum' }), 400, 'An enum data setting needs at least one value.');
  });
});

describe('censorship', () => {
  it('keeps read access for censored settings and clears it for always visible ones', async () => {
    const agent = (await t.one<{ id: number }>(sql`select id from agents where email = 'analyst@demo.test'`)).id;
    const team = (await t.one<{ id: number }>(sql`select id from teams where org_id = 1 order by id limit 1`)).id;
    for (const censorship of ['censored', 'censored_viewable', 'encrypted']) {
      const res = await create({
        key_path: `entity.grant_${censorship}`,
        censorship_setting: censorship,
        agent_ids_with_censorship_read_permission: [agent],
        team_ids_with_censorship_read_permission: [team],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({
        censorship_setting: censorship,
        agent_ids_with_censorship_read_permission: [agent],
        team_ids_with_censorship_read_permission: [team],
      });
    }
    const open = await create({ key_path: 'entity.grant_open', censorship_setting: 'always_visible', agent_ids_with_censorship_read_permission: [agent] });
    expect(open.json().agent_ids_with_censorship_read_permission).toEqual([]);
    // turning a censored setting always visible clears its grants
    const [row] = await stored('entity.grant_censored');
    const cleared = await update(row.id, { censorship_setting: 'always_visible' });
    expect(cleared.json()).toMatchObject({ agent_ids_with_censorship_read_permission: [], team_ids_with_censorship_read_permission: [] });
  });

  it('forces alert settings always visible with no read lists', async () => {
    const agent = (await t.one<{ id: number }>(sql`select id from agents where email = 'analyst@demo.test'`)).id;
    const res = await create({
      key_path: 'alert.reviewer_note',
      classifier: 'alert',
      censorship_setting: 'censored',
      agent_ids_with_censorship_read_permission: [agent],
    });
    expect(res.json()).toMatchObject({ censorship_setting: 'always_visible', agent_ids_with_censorship_read_permission: [] });
  });
});

describe('implementation settings and reference settings', () => {
  it('lets whoever adds an event reference set its directionality, and nothing else of the implementation', async () => {
    await refused(await create({ key_path: 'transaction.payer_ref', classifier: 'event', data_type: 'entity_reference' }), 400, 'Directionality is required.');
    const ok = await create({ key_path: 'transaction.payer_ref', classifier: 'event', data_type: 'entity_reference', configured_flow: 'INBOUND' });
    expect(ok.statusCode).toBe(201);
    expect((await create({ key_path: 'entity.semantic', semantic_type: 'EMAIL_ADDRESS' })).statusCode).toBe(403);
    expect((await create({ key_path: 'entity.graph', matchable: true })).statusCode).toBe(403);
    expect((await create({ key_path: 'entity.graph', matchable: true, semantic_type: 'EMAIL_ADDRESS' }, admin)).statusCode).toBe(201);
  });

  it('leaves graph matching of an existing setting to the implementation team', async () => {
    const [row] = await stored('entity.site');
    expect((await update(row.id, { matchable: true })).statusCode).toBe(403);
    expect((await update(row.id, { matchable: true }, admin)).json().matchable).toBe(true);
  });

  it('locks a reference setting after creation except for the provider', async () => {
    const [row] = await stored('transaction.payer_ref');
    expect((await update(row.id, { user_facing_label: 'Payer' })).statusCode).toBe(403);
    expect((await update(row.id, { user_facing_label: 'Payer' }, admin)).json().user_facing_label).toBe('Payer');
  });

  it('never changes the data type or export of a native setting, even for the provider', async () => {
    const [row] = await stored('transaction.currency');
    await refused(await update(row.id, { data_type: 'text' }, admin), 400, 'Native data settings cannot change data type or export behaviour.');
    const { exported } = await t.one<{ exported: boolean }>(sql`select exported from data_settings where id = ${row.id}`);
    await refused(await update(row.id, { exported: !exported }, admin), 400, 'Native data settings cannot change data type or export behaviour.');
    // its other fields may change, and an enum's values keep their rules
    expect((await update(row.id, { enum_set: ['USD', 'CAD', 'EUR', 'GBP', 'MXN', 'JPY'] })).statusCode).toBe(200);
  });

  it('never encrypts a native setting (its values are columns, not custom data)', async () => {
    const row = await t.one<{ id: number }>(
      sql`select id from data_settings where org_id = 1 and key_type = 'NATIVE' and data_type = 'TEXT' order by id limit 1`,
    );
    await refused(await update(row.id, { censorship_setting: 'encrypted' }, admin), 400, 'Native data settings cannot be encrypted.');
    expect((await update(row.id, { censorship_setting: 'censored' }, admin)).statusCode).toBe(200);
  });
});
