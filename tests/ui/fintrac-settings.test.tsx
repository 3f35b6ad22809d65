// @vitest-environment jsdom
// The filing settings panel against the real server: each section (the FinCEN filer profile, the
// FINTRAC reporting entity) is shown to an agent who may read it and is read-only without its edit
// permission; a refused save keeps what was typed and shows the server's message at its field; a
// save is read back. Permissions are changed in the server's database, as the permission editor does.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AuthContext, type Auth } from '../../src/app/auth/auth-context';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import FilingSettingsPanel, { NO_SETTINGS_TEXT, SETTINGS_FIX_TEXT } from '../../src/areas/filings/settings/FilingSettingsPanel';
import type { CurrentAgent } from '../../src/lib/permissions';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
const SLOW = { timeout: 15000 };
let server: WorkServer;

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
});
afterEach(() => cleanup());
afterAll(() => server.close());

async function me(email: string): Promise<CurrentAgent> {
  await server.signInAs(email);
  return (await server.api('GET', '/api/agents/me')).json as CurrentAgent;
}

function renderPanel(agent: CurrentAgent) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const auth: Auth = { status: 'signedIn', agent, permissionsLoading: false, logout: () => {}, signIn: () => {}, activity: () => {} };
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <ToastProvider>
          <FilingSettingsPanel view="filing-settings" id={null} label="Filing settings" close={() => {}} />
        </ToastProvider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const section = (name: string) => screen.findByRole('region', { name }, SLOW);
const form = async (name: string) => within(await section(name)).findByRole('form', { name }, SLOW);

/** Grants or takes away one permission of an agent, by e-mail. */
async function setPermission(email: string, permission: string, granted: boolean) {
  const [agent] = await server.sql<{ id: number; org_id: number }>(`select id, org_id from agents where email = '${email}'`);
  const [perm] = await server.sql<{ id: number }>(`select id from permissions where name = '${permission}'`);
  await server.sql(
    granted
      ? `insert into permission_associations (org_id, association_type, association_id, permission_id) values (${agent.org_id}, 'agent', ${agent.id}, ${perm.id}) on conflict do nothing`
      : `delete from permission_associations where association_type = 'agent' and association_id = ${agent.id} and permission_id = ${perm.id}`,
  );
}

describe('the filing settings panel', () => {
  it('shows the FinCEN filer profile to who reads SARs, editable with the SAR config permission, and no FINTRAC section without FINTRAC read', async () => {
    const manager = await me('manager@demo.test');
    expect(manager.permissions).toEqual(expect.arrayContaining(['read_sars', 'edit_sars_config']));
    expect(manager.permissions).not.toContain('read_fintrac_filings');
    renderPanel(manager);
    const fincen = await form('FinCEN filer profile');
    expect(within(fincen).getByRole('button', { name: 'Save FinCEN settings' })).toBeTruthy();
    expect(within(fincen).getByLabelText('Transmitter Control Code').matches(':disabled')).toBe(false);
    expect(screen.queryByRole('region', { name: 'FINTRAC reporting entity' })).toBeNull();
    expect(server.calls.some((c) => c.path === '/api/fintrac/settings')).toBe(false);
  });

  it('is read-only without the edit permission, and says so to an agent who may read neither', async () => {
    await setPermission('manager@demo.test', 'edit_sars_config', false);
    try {
      const manager = await me('manager@demo.test');
      expect(manager.permissions).not.toContain('edit_sars_config');
      renderPanel(manager);
      const fincen = await form('FinCEN filer profile');
      expect(within(fincen).queryByRole('button', { name: 'Save FinCEN settings' })).toBeNull();
      expect(within(fincen).getByLabelText('Transmitter Control Code').matches(':disabled')).toBe(true);
      expect(within(await section('FinCEN filer profile')).getByText(/You may read these settings but not change them\./)).toBeTruthy();
    } finally {
      await setPermission('manager@demo.test', 'edit_sars_config', true);
    }
    cleanup();
    renderPanel({ ...(await me('manager@demo.test')), permissions: [] });
    expect(await screen.findByText(NO_SETTINGS_TEXT)).toBeTruthy();
  });

  it('keeps what was typed when the server refuses the FinCEN settings, with its message at the field', async () => {
    renderPanel(await me('manager@demo.test'));
    const fincen = await form('FinCEN filer profile');
    fireEvent.change(within(fincen).getByLabelText('Transmitter Control Code'), { target: { value: 'TCC12345' } });
    fireEvent.change(within(fincen).getByLabelText('TIN type'), { target: { value: '' } });
    fireEvent.click(within(fincen).getByRole('button', { name: 'Save FinCEN settings' }));
    expect((await within(fincen).findByRole('alert', {}, SLOW)).textContent).toBe(SETTINGS_FIX_TEXT);
    const refused = [...server.calls].reverse().find((c) => c.path === '/api/filings/settings' && c.method === 'PUT');
    expect(refused?.status).toBe(400);
    const tinType = within(fincen).getByLabelText('TIN type');
    expect(tinType.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(tinType.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/allowed values/i);
    expect(within(fincen).getByLabelText<HTMLInputElement>('Transmitter Control Code').value).toBe('TCC12345');
    // a number the server would not take is caught before sending
    fireEvent.change(within(fincen).getByLabelText('Send attempts before a batch fails'), { target: { value: '0' } });
    const puts = server.calls.filter((c) => c.method === 'PUT').length;
    fireEvent.click(within(fincen).getByRole('button', { name: 'Save FinCEN settings' }));
    expect(await within(fincen).findByText('A whole number from 1 to 20.')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'PUT').length).toBe(puts);
  });

  it('shows the FINTRAC reporting entity read-only to a Northwind analyst, who may read FINTRAC reports but not configure them', async () => {
    const analyst = await me('analyst@northwind.test');
    expect(analyst.permissions).toContain('read_fintrac_filings');
    expect(analyst.permissions).not.toContain('edit_fintrac_config');
    renderPanel(analyst);
    const fintrac = await form('FINTRAC reporting entity');
    expect(within(fintrac).getByLabelText<HTMLInputElement>('Reporting entity number').value).toMatch(/^\d{7}$/);
    expect(within(fintrac).getByLabelText('Reporting entity number').matches(':disabled')).toBe(true);
    expect(within(fintrac).queryByRole('button', { name: 'Save FINTRAC settings' })).toBeNull();
    expect(within(await section('FINTRAC reporting entity')).getByText(/You may read these settings but not change them\./)).toBeTruthy();
  });

  it('lets the Northwind manager save the FINTRAC settings, keeping what was typed when the server refuses them', async () => {
    renderPanel(await me('chloe.martin@northwind.test'));
    const fintrac = await form('FINTRAC reporting entity');
    const number = within(fintrac).getByLabelText<HTMLInputElement>('Reporting entity number');
    fireEvent.change(number, { target: { value: '12AB' } });
    fireEvent.change(within(fintrac).getByLabelText('Contact name'), { target: { value: 'Chloé Martin' } });
    fireEvent.click(within(fintrac).getByRole('button', { name: 'Save FINTRAC settings' }));
    expect((await within(fintrac).findByRole('alert', {}, SLOW)).textContent).toBe(SETTINGS_FIX_TEXT);
    const refused = [...server.calls].reverse().find((c) => c.path === '/api/fintrac/settings' && c.method === 'PUT');
    expect(refused?.status).toBe(400);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(number.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(/^Must be the 7 digits/);
    expect(number.value).toBe('12AB');
    expect(within(fintrac).getByLabelText<HTMLInputElement>('Contact name').value).toBe('Chloé Martin');

    fireEvent.change(number, { target: { value: '7000999' } });
    fireEvent.click(within(fintrac).getByRole('button', { name: 'Save FINTRAC settings' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/fintrac/settings' && c.method === 'PUT' && c.status === 200)).toBe(true), SLOW);
    const saved = (await server.api('GET', '/api/fintrac/settings')).json;
    expect(saved).toMatchObject({ reporting_entity_number: '7000999', contact: { name: 'Chloé Martin' } });
  });
});
