// @vitest-environment jsdom
// The Data settings tab and the Data Setting panel against the real server (issue 9, acceptance 1):
// search and classifier filter, the add form's checks with their exact texts, a refused save that
// keeps what was typed, the locks of native settings and of an agent without the edit permission,
// and lists (enum values, recent values) shown 10 at a time with the enum cap's text.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent } from '../../src/lib/permissions';
import { PanelProvider } from '../../src/app/panels/PanelProvider';
import { DataSettingsTab } from '../../src/areas/data-management/data-settings/DataSettingsTab';
import { DataSettingForm } from '../../src/areas/data-management/data-settings/DataSettingForm';
import type { DataSetting } from '../../src/areas/data-management/data-settings/data-setting.constants';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let manager: CurrentAgent;
let settings: DataSetting[];

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
  settings = (await server.api('GET', '/api/data-settings')).json.data_settings;
});
afterEach(() => cleanup());
afterAll(() => server.close());

const byKey = (keyPath: string) => settings.find((s) => s.key_path === keyPath)!;
const form = (setting: DataSetting | null, agent = manager) =>
  renderWork(<DataSettingForm setting={setting} onCreated={() => {}} onCancel={() => {}} />, agent);
/** Disabled itself or inside a disabled fieldset. */
const isDisabled = (el: Element) => el.matches(':disabled');
const rowsShown = () => within(screen.getByRole('table', { name: 'Data settings' })).getAllByRole('row').length - 1;

describe('data settings tab', () => {
  it('searches label, key path and description, and filters by classifier', async () => {
    renderWork(
      <PanelProvider>
        <DataSettingsTab />
      </PanelProvider>,
      manager,
    );
    await screen.findByRole('table', { name: 'Data settings' });
    expect(rowsShown()).toBe(settings.length);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search data settings' }), { target: { value: 'transaction.memo' } });
    expect(rowsShown()).toBe(settings.filter((s) => s.key_path.includes('transaction.memo')).length);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search data settings' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Instrument' }));
    expect(screen.getByRole('button', { name: 'Instrument' }).getAttribute('aria-pressed')).toBe('true');
    expect(rowsShown()).toBe(settings.filter((s) => s.classifier === 'instrument').length);
    for (const c of ['Entity', 'Event', 'Alert', 'Address', 'Watchlist']) expect(screen.getByRole('button', { name: c })).toBeTruthy();
  });
});

describe('Add Custom Data Setting', () => {
  it('checks the key path, warns on spaces around a part, and needs https:// for a URL prefix', async () => {
    form(null);
    expect(screen.getByRole('heading', { name: 'Add Custom Data Setting' })).toBeTruthy();
    const keyPath = screen.getByRole('textbox', { name: 'Key path' });
    fireEvent.change(keyPath, { target: { value: 'entity..nick' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Nick' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show as a link (is URL)' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'URL prefix' }), { target: { value: 'http://example.test/' } });
    const before = server.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Add data setting' }));
    expect(await screen.findByText('Key path parts cannot be empty.')).toBeTruthy();
    expect(screen.getByText('URL prefix must begin with https:// in order to be valid')).toBeTruthy();
    expect(server.calls.length).toBe(before);
    fireEvent.change(keyPath, { target: { value: 'entity. nick ' } });
    expect(screen.getByText('Key path part " nick " has leading or trailing whitespace.')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Key path parts' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['entity', ' nick ']);
  });

  it('asks for the directionality of an event reference', async () => {
    form(null);
    fireEvent.change(screen.getByRole('textbox', { name: 'Key path' }), { target: { value: 'transaction.payer' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Payer' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Classifier' }), { target: { value: 'event' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Data type' }), { target: { value: 'entity_reference' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add data setting' }));
    expect(await screen.findByText('Directionality is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Directionality' }));
  });

  it('keeps what was typed when the server refuses the save', async () => {
    form(null);
    fireEvent.change(screen.getByRole('textbox', { name: 'Key path' }), { target: { value: 'transaction.memo' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'A second memo' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Description' }), { target: { value: 'typed before the refusal' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add data setting' }));
    expect((await screen.findByRole('alert')).textContent).toContain('A data setting with key path transaction.memo already exists.');
    expect(server.calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/data-settings', status: 409 });
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Key path' }).value).toBe('transaction.memo');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Label' }).value).toBe('A second memo');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Description' }).value).toBe('typed before the refusal');
  });

  it('offers encrypted only for text, and only always visible for alert settings', () => {
    form(null);
    const censorship = () => screen.getByRole('combobox', { name: 'Censorship' });
    const offered = () =>
      within(censorship())
        .getAllByRole('option')
        .filter((o) => !(o as HTMLOptionElement).disabled)
        .map((o) => o.textContent);
    expect(offered()).toEqual(['Always visible', 'Censored but viewable', 'Censored', 'Encrypted']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Data type' }), { target: { value: 'number' } });
    expect(offered()).not.toContain('Encrypted');
    fireEvent.change(screen.getByRole('combobox', { name: 'Classifier' }), { target: { value: 'alert' } });
    expect(isDisabled(censorship())).toBe(true);
    expect(screen.getByText('Alert data settings are always visible.')).toBeTruthy();
  });
});

describe('Edit Data Setting', () => {
  it('keeps the key path, and the data type and export of a native setting', () => {
    form(byKey('transaction.currency'));
    expect(screen.getByRole('heading', { name: 'Edit Data Setting' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Key path' }).hasAttribute('readonly')).toBe(true);
    expect(isDisabled(screen.getByRole('combobox', { name: 'Data type' }))).toBe(true);
    expect(isDisabled(screen.getByRole('checkbox', { name: /^Exported/ }))).toBe(true);
    expect(isDisabled(screen.getByRole('textbox', { name: 'Semantic type' }))).toBe(true);
    expect(isDisabled(screen.getByRole('textbox', { name: 'Label' }))).toBe(false);
  });

  it('grants read access of a censored setting to a team and to an agent, and the server keeps both', async () => {
    const setting = byKey('entity.annual_income');
    // the manager holds read_censorship: the server answers the read lists
    const readers = { teams: setting.team_ids_with_censorship_read_permission!, agents: setting.agent_ids_with_censorship_read_permission! };
    const teams: Array<{ id: number; name: string }> = (await server.api('GET', '/api/user-management/teams')).json.teams;
    const team = teams.find((t) => !readers.teams.includes(t.id))!;
    form(setting);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/user-management/teams')).toBe(true));
    const teamBox = await screen.findByRole('checkbox', { name: team.name });
    expect((teamBox as HTMLInputElement).checked).toBe(false);
    fireEvent.click(teamBox);
    const agentBoxes = within(screen.getByRole('group', { name: 'Agents with read access' })).getAllByRole<HTMLInputElement>('checkbox');
    const unticked = agentBoxes.find((b) => !b.checked)!;
    fireEvent.click(unticked);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.find((c) => c.method === 'PATCH' && c.path === `/api/data-settings/${setting.id}`)).toMatchObject({ status: 200 }));
    const saved = (await server.api('GET', '/api/data-settings')).json.data_settings.find((s: DataSetting) => s.id === setting.id);
    expect(saved.team_ids_with_censorship_read_permission).toEqual([...readers.teams, team.id]);
    expect(saved.agent_ids_with_censorship_read_permission).toHaveLength(readers.agents.length + 1);
    // put the grants back for the other tests
    await server.api('PATCH', `/api/data-settings/${setting.id}`, {
      team_ids_with_censorship_read_permission: readers.teams,
      agent_ids_with_censorship_read_permission: readers.agents,
    });
  });

  it('is read-only without the permission to edit custom data settings', () => {
    const viewer = { ...manager, permissions: manager.permissions.filter((p) => p !== 'edit_custom_data_settings' && p !== 'root_all') };
    form(byKey('transaction.memo'), viewer);
    expect(isDisabled(screen.getByRole('textbox', { name: 'Label' }))).toBe(true);
    expect(isDisabled(screen.getByRole('textbox', { name: 'Description' }))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('note').textContent).toContain('editing it needs permission to edit custom data settings');
  });

  it('shows enum values and recent values 10 at a time, and the cap text at 100 values', async () => {
    const hundred = Array.from({ length: 100 }, (_, i) => `Tier ${i}`);
    const created = await server.api('POST', '/api/data-settings', {
      key_path: 'entity.tier_ui',
      data_type: 'enum',
      classifier: 'entity',
      user_facing_label: 'Tier',
      enum_set: hundred,
    });
    expect(created.status).toBe(201);
    const recent = Array.from({ length: 25 }, (_, i) => `'seen ${i}'`).join(',');
    await server.sql(`update data_settings set recent_values = array[${recent}] where id = ${created.json.id}`);
    const setting = (await server.api('GET', '/api/data-settings')).json.data_settings.find((s: DataSetting) => s.id === created.json.id);
    form(setting);
    const values = () => within(screen.getByRole('list', { name: 'Potential values' })).getAllByRole('listitem');
    expect(values()).toHaveLength(10);
    expect(isDisabled(screen.getByRole('button', { name: 'Cannot add any more values' }))).toBe(true);
    fireEvent.click(screen.getAllByRole('button', { name: /^Show more/ })[0]);
    expect(values()).toHaveLength(20);
    const recentList = () => within(screen.getByRole('list', { name: 'Recent values' })).getAllByRole('listitem');
    expect(recentList().map((li) => li.textContent)).toEqual(Array.from({ length: 10 }, (_, i) => `seen ${i}`));
    // removing one value brings the add button back; values are case-sensitive
    fireEvent.click(screen.getByRole('button', { name: 'Remove Tier 0' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Potential values' }), { target: { value: 'tier 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add "tier 1"' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // the save's own call (a refetch of the list may follow it)
    const patch = () => server.calls.find((c) => c.method === 'PATCH' && c.path === `/api/data-settings/${created.json.id}`);
    await waitFor(() => expect(patch()).toMatchObject({ status: 200 }));
    expect((patch()!.body as { enum_set: string[] }).enum_set).toEqual([...hundred.slice(1), 'tier 1']);
  });
});

describe('censorship controls follow the censorship permissions', () => {
  it('a manager sees the censorship choice and the read lists; an analyst sees neither and still saves the rest', async () => {
    const setting = byKey('entity.annual_income');
    form(setting);
    expect(screen.getByRole('combobox', { name: 'Censorship' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Agents with read access' })).toBeTruthy();
    cleanup();

    await server.signInAs('analyst@demo.test');
    try {
      const analyst: CurrentAgent = (await server.api('GET', '/api/agents/me')).json;
      expect(analyst.permissions).not.toContain('edit_censorship');
      expect(analyst.permissions).not.toContain('read_censorship');
      // the server leaves the read lists out of the analyst's answer
      const seen: DataSetting = (await server.api('GET', '/api/data-settings')).json.data_settings.find((s: DataSetting) => s.id === setting.id);
      expect(seen).not.toHaveProperty('agent_ids_with_censorship_read_permission');
      form(seen, analyst);
      expect(screen.queryByRole('combobox', { name: 'Censorship' })).toBeNull();
      expect(screen.queryByText('Read access')).toBeNull();
      expect(screen.queryByRole('group', { name: 'Agents with read access' })).toBeNull();
      expect(screen.queryByRole('group', { name: 'Teams with read access' })).toBeNull();
      fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Annual income (declared)' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
      const patch = () =>
        server.calls.find(
          (c) =>
            c.method === 'PATCH' &&
            c.path === `/api/data-settings/${setting.id}` &&
            c.status === 200 &&
            (c.body as { user_facing_label?: string }).user_facing_label,
        );
      await waitFor(() => expect(patch()).toBeTruthy());
      expect(patch()!.body).toEqual({ user_facing_label: 'Annual income (declared)' });
    } finally {
      await server.signInAs('manager@demo.test');
      await server.api('PATCH', `/api/data-settings/${setting.id}`, { user_facing_label: setting.user_facing_label });
    }
  });
});
