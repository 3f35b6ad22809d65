// @vitest-environment jsdom
// The data explorer page against the real server and database (tests/ui/work-server.ts): a link's
// filters become the request; changes go back into the URL, one history step each; the empty,
// error and action events states.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, unwrap } from '../../src/api/client';
import { AuthContext, type Auth, type CurrentAgent } from '../../src/app/auth/auth-context';
import { PanelProvider } from '../../src/app/panels/PanelProvider';
import { DataExplorerPage } from '../../src/areas/data-explorer/list/DataExplorerPage';
import { json, net } from './fetch-stub';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let agent: CurrentAgent;

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  agent = await unwrap(api.GET('/api/agents/me'));
  // jsdom lays nothing out: the list's scroll area gets a height so rows render.
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1400 });
  Element.prototype.scrollTo = function scrollTo() {};
});
afterAll(() => server.close());
afterEach(cleanup);

function renderAt(path: string, who: CurrentAgent = agent) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const auth: Auth = { status: 'signedIn', agent: who, permissionsLoading: false, logout() {}, signIn() {}, activity() {} };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <PanelProvider>
            <DataExplorerPage />
          </PanelProvider>
        </Router>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return location;
}

const SLOW = { timeout: 10_000 };
const calls = (path: string) => server.calls.filter((c) => c.path === path);
const dataRows = () => screen.queryAllByRole('row').filter((r) => r.getAttribute('data-index') !== null);

describe('data explorer page', () => {
  it('turns a link’s transaction filters into the request, with the before-date rule', async () => {
    server.calls.length = 0;
    const events = await server.api('POST', '/api/action-events/list', { limit: 1 });
    const entityId = events.json.action_events[0].entity.id as number;
    renderAt(`/data-explorer?entity=${entityId}&direction=outbound&min=10&status=COMPLETED,PENDING&to=2026-10-31&dir=asc`);
    await waitFor(() => expect(calls('/api/txn-events/list').length).toBeGreaterThan(0), SLOW);
    const body = calls('/api/txn-events/list').at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      entity_ids: [entityId],
      direction: 'OUTBOUND',
      minimum_amount: 10,
      statuses: ['COMPLETED', 'PENDING'],
      sort_column: 'event_time',
      sort_direction: 'ascending',
      limit: 100,
      offset: 0,
    });
    // 31 October in the agent's zone, plus one day
    const end = new Date(body.end_date as string);
    expect(end.getTime()).toBeGreaterThan(Date.parse('2026-10-31T12:00:00Z'));
    expect(end.getTime()).toBeLessThan(Date.parse('2026-11-01T16:00:00Z'));
    expect(screen.getByRole('button', { name: 'Direction: Sending' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Status: Completed, Pending' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Entity: / }, SLOW)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Event time/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('writes filter and order changes into the URL, each a history step', async () => {
    const location = renderAt('/data-explorer?panel=transaction:1');
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0), SLOW);
    // Direction needs an entity first.
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Direction: Any' }).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Event time/ }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/data-explorer?panel=transaction%3A1&dir=asc'), SLOW);
    await waitFor(() => expect((calls('/api/txn-events/list').at(-1)!.body as { sort_direction: string }).sort_direction).toBe('ascending'), SLOW);
    fireEvent.click(screen.getByRole('tab', { name: 'Action events' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/data-explorer?panel=transaction%3A1&tab=action-events&dir=asc'), SLOW);
    await waitFor(() => expect(calls('/api/action-events/list').length).toBeGreaterThan(0), SLOW);
    expect(location.history).toHaveLength(3);
  });

  it('shows "No information to display" when nothing matches, with Clear filters', async () => {
    const location = renderAt('/data-explorer?min=999999999');
    expect(await screen.findByText('No information to display', {}, SLOW)).toBeTruthy();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clear.at(-1)!);
    await waitFor(() => expect(location.history.at(-1)).toBe('/data-explorer'), SLOW);
  });

  it('lists action events by action type with their entity', async () => {
    server.calls.length = 0;
    renderAt('/data-explorer?tab=action-events&action=FAILED_LOGIN');
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0), SLOW);
    expect(calls('/api/action-events/list').at(-1)!.body).toMatchObject({ action_types: ['FAILED_LOGIN'], sort_direction: 'descending' });
    for (const row of dataRows()) expect(within(row).getByText('Failed login')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Action events' }).getAttribute('aria-selected')).toBe('true');
  });

  it('offers a retry when the list cannot be loaded, and the retry loads it', async () => {
    const real = net.handler;
    let failures = 1;
    net.handler = async (request) => {
      if (new URL(request.url).pathname === '/api/txn-events/list' && failures-- > 0) return json(503, { error: { code: 'unavailable', message: 'Down' } });
      return real(request);
    };
    try {
      renderAt('/data-explorer?type=WIRE');
      const alert = await screen.findByRole('alert', {}, SLOW);
      expect(alert.textContent).toContain('The transactions could not be loaded.');
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(dataRows().length).toBeGreaterThan(0), SLOW);
    } finally {
      net.handler = real;
    }
  });

  it('links Upload files only for agents who may read datafile uploads', async () => {
    renderAt('/data-explorer');
    expect(screen.getByRole('link', { name: 'Upload files' }).getAttribute('href')).toBe('/data-explorer/upload-files');
    cleanup();
    renderAt('/data-explorer', { ...agent, permissions: agent.permissions.filter((p) => p !== 'read_datafile_uploads' && p !== 'root_all') });
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0), SLOW);
    expect(screen.queryByRole('link', { name: 'Upload files' })).toBeNull();
  });
});
