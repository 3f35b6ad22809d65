// @vitest-environment jsdom
// "Create alert" from an entity and a transaction against the real server and database
// (tests/ui/work-server.ts): the header action and the palette command only for agents holding
// create_alerts (a manager, not an analyst); the form's checks, the server's refusal at the title
// with everything typed kept, and the new MANUAL alert in its queue with the object attached, opened
// once created.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthContext, type Auth, type CurrentAgent } from '../../src/app/auth/auth-context';
import { PaletteContext } from '../../src/app/palette/palette-context';
import { createCommandRegistry } from '../../src/app/palette/registry';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import { QUEUE_REQUIRED, TITLE_REQUIRED } from '../../src/areas/data-explorer/create-alert/create-alert';
import { CreateAlertAction } from '../../src/areas/data-explorer/create-alert/CreateAlertAction';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
let server: WorkServer;
let manager: CurrentAgent;
let analyst: CurrentAgent;
let entity: { id: number; name_readable: string; external_id: string };
let txn: { id: number; external_id: string };
let queue: { id: number; title: string };

beforeAll(async () => {
  server = await startWorkServer('analyst@demo.test');
  analyst = (await server.api('GET', '/api/agents/me')).json;
  await server.signInAs('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
  [entity] = await server.sql<{ id: number; name_readable: string; external_id: string }>(
    'select id, name_readable, external_id from entities order by id limit 1',
  );
  [txn] = await server.sql<{ id: number; external_id: string }>('select id, external_id from transactions order by id limit 1');
  const queues = (await server.api('GET', '/api/queues')).json.queues as Array<{ id: number; title: string; access_type: string }>;
  queue = queues.find((q) => q.access_type === 'open')!;
});
afterEach(() => cleanup());
afterAll(() => server.close());

function renderAction(ui: ReactNode, agent: CurrentAgent) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const location = memoryLocation({ path: '/entities/1', record: true });
  const registry = createCommandRegistry();
  const auth: Auth = { status: 'signedIn', agent, permissionsLoading: false, logout: () => {}, signIn: () => {}, activity: () => {} };
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <PaletteContext.Provider value={{ registry, open: () => {}, close: () => {}, openShortcuts: () => {} }}>
          <ToastProvider>
            <Router hook={location.hook} searchHook={location.searchHook}>
              {ui}
            </Router>
          </ToastProvider>
        </PaletteContext.Provider>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return { location, registry };
}

const createCalls = () => server.calls.filter((c) => c.method === 'POST' && c.path === '/api/alerts');

describe('Create alert', () => {
  it('is offered neither as a button nor in the palette to an agent without create_alerts', async () => {
    expect(analyst.permissions).not.toContain('create_alerts');
    const { registry } = renderAction(<CreateAlertAction subject={{ type: 'ENTITY', id: entity.id, label: entity.name_readable }} />, analyst);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Create alert' })).toBeNull();
    expect(registry.snapshot().map((c) => c.title)).not.toContain('Create alert');
  });

  it('creates a MANUAL alert for an entity from the palette: the form checks, a refused title keeps what was typed, then the alert opens', async () => {
    const label = `${entity.name_readable} · ${entity.external_id}`;
    const { location, registry } = renderAction(<CreateAlertAction subject={{ type: 'ENTITY', id: entity.id, label }} />, manager);
    expect(screen.getByRole('button', { name: 'Create alert' })).toBeTruthy();
    await waitFor(() => expect(registry.snapshot().find((c) => c.title === 'Create alert')).toMatchObject({ group: 'This entity' }));
    act(() =>
      registry
        .snapshot()
        .find((c) => c.title === 'Create alert')!
        .run(),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    // what the alert will hold
    const attached = within(dialog).getByRole('list', { name: 'Attached' });
    expect(attached.textContent).toBe(`Entity${label}`);
    const title = within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Title' });
    const picker = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Queue' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: queue.title })).toBeTruthy());

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    expect(await within(dialog).findByText(TITLE_REQUIRED)).toBeTruthy();
    expect(within(dialog).getByText(QUEUE_REQUIRED)).toBeTruthy();
    expect(document.activeElement).toBe(title);
    expect(createCalls()).toHaveLength(0);

    // longer than the contract allows: the server's message at the title, everything kept
    fireEvent.change(title, { target: { value: 'T'.repeat(201) } });
    fireEvent.change(picker, { target: { value: String(queue.id) } });
    const description = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: 'Description (optional)' });
    fireEvent.change(description, { target: { value: 'Customer called in about unexpected incoming wires.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(createCalls().at(-1)?.status).toBe(400));
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toMatch(/200/);
    expect(title.value).toHaveLength(201);
    expect(picker.value).toBe(String(queue.id));
    expect(description.value).toBe('Customer called in about unexpected incoming wires.');

    fireEvent.change(title, { target: { value: 'Unexpected incoming wires' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(createCalls().at(-1)?.status).toBe(201));
    expect(createCalls().at(-1)?.body).toEqual({
      title: 'Unexpected incoming wires',
      queue_id: queue.id,
      description: 'Customer called in about unexpected incoming wires.',
      entity_ids: [entity.id],
    });
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/alerts\/\d+$/));
    const id = Number(location.history.at(-1)!.split('/')[2]);
    const [stored] = await server.sql<{ alert_type: string; status: string; queue_id: number; title: string; entities: number[] }>(
      `select a.alert_type, a.status, a.queue_id, a.title, array(select entity_id from alert_entities where alert_id = a.id) as entities from alerts a where a.id = ${id}`,
    );
    expect(stored).toEqual({ alert_type: 'MANUAL', status: 'OPEN', queue_id: queue.id, title: 'Unexpected incoming wires', entities: [entity.id] });
  });

  it('attaches the transaction it was created from', async () => {
    const { location } = renderAction(<CreateAlertAction subject={{ type: 'TRANSACTION', id: txn.id, label: txn.external_id }} />, manager);
    fireEvent.click(screen.getByRole('button', { name: 'Create alert' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create alert' });
    expect(within(dialog).getByRole('list', { name: 'Attached' }).textContent).toBe(`Transaction${txn.external_id}`);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Wire to a shell company' } });
    const picker = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Queue' });
    await waitFor(() => expect(within(picker).getByRole('option', { name: queue.title })).toBeTruthy());
    fireEvent.change(picker, { target: { value: String(queue.id) } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create alert' }));
    await waitFor(() => expect(location.history.at(-1)).toMatch(/^\/alerts\/\d+$/));
    const id = Number(location.history.at(-1)!.split('/')[2]);
    const stored = await server.sql<{ transaction_id: number }>(`select transaction_id from alert_transactions where alert_id = ${id}`);
    expect(stored).toEqual([{ transaction_id: txn.id }]);
    expect(createCalls().at(-1)?.body).toMatchObject({ transaction_ids: [txn.id] });
  });
});
