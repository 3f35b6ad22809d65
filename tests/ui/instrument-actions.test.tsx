// @vitest-environment jsdom
// Deactivating an instrument asks first in the shared confirmation dialog (Cancel keeps it), then
// deactivates it on the real server; Lock and Unlock need no confirmation.
import './setup-dom';
import './fetch-stub';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InstrumentActions } from '../../src/areas/data-explorer/instrument/InstrumentActions';
import type { CurrentAgent } from '../../src/lib/permissions';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 5000 });
let server: WorkServer;
let admin: CurrentAgent;

beforeAll(async () => {
  server = await startWorkServer('admin@demo.test');
  admin = (await server.api('GET', '/api/agents/me')).json;
});
afterEach(() => cleanup());
afterAll(() => server.close());

describe('InstrumentActions', () => {
  it('asks before deactivating; Cancel keeps the instrument, Deactivate deactivates it', async () => {
    const [row] = await server.sql<{ id: number }>("select id from instruments where org_id = 1 and lower(status) = 'active' order by id desc limit 1");
    const instrument = (await server.api('GET', `/api/instruments/${row.id}`)).json;
    renderWork(<InstrumentActions instrument={instrument} />, admin);

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Deactivate instrument' });
    expect(dialog.textContent).toContain(`${instrument.external_id} will be deactivated for good`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Deactivate instrument' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([`/api/instruments/${row.id}/deactivate`]);
    expect((await server.api('GET', `/api/instruments/${row.id}`)).json.status).toBe('deactivated');
  });
});
