// @vitest-environment jsdom
// The Permission Control panel against the real server (issue 11, acceptance 1 and 2): the
// holder's saved set as the derived preset, root_all hidden, edit_permissions not a checkbox,
// search over label and description, permissions the editor does not hold locked, nothing sent
// before "Save to DB", a chosen preset replacing the selection and saved, and the note that a
// team's permissions take precedence.
import './setup-dom';
import './fetch-stub';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentAgent } from '../../src/lib/permissions';
import PermissionsPanel, { parseHolder } from '../../src/areas/people/permissions/PermissionsPanel';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let manager: CurrentAgent;
let agentId: (email: string) => number;
let originalSet: number[];

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
  const agents: { id: number; email: string }[] = (await server.api('GET', '/api/user-management/agents')).json.agents;
  agentId = (email) => agents.find((a) => a.email === email)!.id;
  originalSet = (await server.api('GET', `/api/permissions/association?associationId=${agentId('jordan.lee@demo.test')}&associationType=agent`)).json
    .permission_ids;
});
afterEach(() => cleanup());
afterAll(async () => {
  // put Jordan's set back as it was
  await server.api('PUT', '/api/permissions/association', {
    associationId: agentId('jordan.lee@demo.test'),
    associationType: 'agent',
    permission_ids: originalSet,
  });
  await server.close();
});

const open = (id: string) => renderWork(<PermissionsPanel view="permissions" id={id} label="Permissions" close={() => {}} />, manager);
const radio = (name: string) => within(screen.getByRole('group', { name: 'Preset' })).getByRole<HTMLInputElement>('radio', { name });
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });

describe('parseHolder', () => {
  it('reads an agent id or team:id', () => {
    expect(parseHolder('12')).toEqual({ type: 'agent', id: 12 });
    expect(parseHolder('team:3')).toEqual({ type: 'team', id: 3 });
    expect(parseHolder('team:')).toBeNull();
    expect(parseHolder('x')).toBeNull();
    expect(parseHolder(null)).toBeNull();
  });
});

describe('Permission Control panel', () => {
  it('shows the saved set as its preset, hides root_all, never offers edit_permissions, and searches label and description', async () => {
    open(String(agentId('jordan.lee@demo.test')));
    await screen.findByRole('heading', { name: 'Permissions for Jordan Lee' }, { timeout: 5000 });
    // the heading can show before the saved set arrives (a slow machine): wait for the set
    await waitFor(() => expect(radio('Agent').checked).toBe(true));
    expect(radio('Custom').disabled).toBe(true);
    expect(screen.queryByRole('checkbox', { name: /Root/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Edit permissions' })).toBeNull();
    expect(box('Read alerts').checked).toBe(true);
    // groups are fieldsets named by type
    expect(screen.getByRole('group', { name: 'Administration' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Filings' })).toBeTruthy();

    const search = screen.getByRole('searchbox', { name: 'Search permissions' });
    fireEvent.change(search, { target: { value: 'WEBHOOKS' } });
    expect(box('Create webhooks')).toBeTruthy();
    expect(box('Read webhooks')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Read alerts' })).toBeNull();
    // a phrase only in a description
    fireEvent.change(search, { target: { value: 'bypasses' } });
    expect(screen.getByText('No permissions match.')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'administrative api' } });
    expect(box('Admin API')).toBeTruthy();
    // the manager does not hold admin_api: the box is locked, and the All preset cannot be chosen
    expect(box('Admin API').disabled).toBe(true);
    expect(radio('All').disabled).toBe(true);
  });

  it('changes nothing on the server before Save to DB; a preset replaces the selection and is saved', async () => {
    const jordan = agentId('jordan.lee@demo.test');
    open(String(jordan));
    await screen.findByRole('heading', { name: 'Permissions for Jordan Lee' }, { timeout: 5000 });
    const before = server.calls.length;
    fireEvent.click(box('Create dashboards'));
    expect(radio('Custom').checked).toBe(true);
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(radio('Manager'));
    expect(radio('Manager').checked).toBe(true);
    expect(box('Create teams').checked).toBe(true);
    fireEvent.click(radio('Agent'));
    expect(radio('Agent').checked).toBe(true);
    expect(box('Create dashboards').checked).toBe(false);
    fireEvent.click(radio('Manager'));
    expect(server.calls.slice(before).filter((c) => c.method === 'PUT')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Save to DB' }));
    await screen.findByText('Saved');
    const put = server.calls.slice(before).find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/permissions/association');
    const catalogue = (await server.api('GET', '/api/permissions')).json;
    const names = (ids: number[]) => ids.map((id) => catalogue.permissions.find((p: { id: number }) => p.id === id).name).sort();
    const saved = (await server.api('GET', `/api/permissions/association?associationId=${jordan}&associationType=agent`)).json.permission_ids;
    expect(names(saved)).toEqual([...catalogue.presets.manager].sort());
  });

  it('says when a team’s permissions take precedence over the agent’s own', async () => {
    open(String(agentId('liam.okafor@demo.test')));
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Team permissions take precedence');
    expect(within(note).getByRole('link', { name: 'Fraud Operations' })).toBeTruthy();
  });

  it('edits a team’s own set', async () => {
    const teams: { id: number; name: string }[] = (await server.api('GET', '/api/user-management/teams')).json.teams;
    const fraud = teams.find((t) => t.name === 'Fraud Operations')!;
    open(`team:${fraud.id}`);
    await screen.findByRole('heading', { name: 'Permissions for Fraud Operations' }, { timeout: 5000 });
    await waitFor(() => expect(box('Read alerts').checked).toBe(true));
    expect(radio('Custom').checked).toBe(true);
  });

  it('shows one’s own set read-only: nobody changes their own permissions', async () => {
    open(String(manager.id));
    await screen.findByRole('heading', { name: `Permissions for ${manager.full_name}` }, { timeout: 5000 });
    await waitFor(() => expect(radio('Manager').checked).toBe(true));
    expect(screen.getByText('You cannot change your own permissions; another agent must make this change.')).toBeTruthy();
    expect(box('Read alerts').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save to DB' })).toBeNull();
  });

  it('shows the server’s refusal and keeps the selection: a set on the editor’s own team', async () => {
    // the manager belongs to Investigations: its set would change their own permissions
    const teams: { id: number; name: string }[] = (await server.api('GET', '/api/user-management/teams')).json.teams;
    const investigations = teams.find((t) => t.name === 'Investigations')!;
    open(`team:${investigations.id}`);
    await screen.findByRole('heading', { name: 'Permissions for Investigations' }, { timeout: 5000 });
    await waitFor(() => expect(box('Read alerts').disabled).toBe(false));
    fireEvent.click(box('Read alerts'));
    fireEvent.click(screen.getByRole('button', { name: 'Save to DB' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/^You cannot change your own permissions \(you would lose .*\); another agent must make this change\.$/);
    expect(box('Read alerts').checked).toBe(true);
    const saved = (await server.api('GET', `/api/permissions/association?associationId=${investigations.id}&associationType=team`)).json.permission_ids;
    expect(saved).toEqual([]);
  });
});
