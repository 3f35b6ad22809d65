// @vitest-environment jsdom
// The alert list page against the real server and database (tests/ui/work-server.ts): a link's
// filters become the request and the view; changes go back into the URL; bulk assignment shows
// the spec's toast and the rows change.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, unwrap } from '../../src/api/client';
import { AuthContext, type Auth, type CurrentAgent } from '../../src/app/auth/auth-context';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import { AlertListPage } from '../../src/areas/alerts/list/AlertListPage';
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

function renderAt(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const auth: Auth = { status: 'signedIn', agent, permissionsLoading: false, logout() {}, signIn() {}, activity() {} };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <AlertListPage />
          </Router>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return location;
}

// The embedded database answers the first queries of a fresh copy slowly.
const SLOW = { timeout: 10_000 };

const listCalls = () => server.calls.filter((c) => c.path === '/api/alerts/list');
const dataRows = () => screen.queryAllByRole('row').filter((r) => r.getAttribute('data-index') !== null);
const idsShown = () => dataRows().map((r) => Number(within(r).getAllByRole('gridcell')[1].textContent));

describe('alert list page', () => {
  it('turns a link’s filters into the request and shows them on the filter buttons', async () => {
    server.calls.length = 0;
    renderAt('/alerts?status=OPEN,IN_REVIEW&assignee=-1&sort=id&dir=asc');
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0), SLOW);
    const body = listCalls().at(-1)!.body as Record<string, unknown>;
    expect(body).toMatchObject({ statuses: ['OPEN', 'IN_REVIEW'], assignee_ids: [-1], sort_column: 'id', sort_direction: 'ascending', limit: 100, offset: 0 });
    const ids = idsShown();
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const row of dataRows()) expect(within(row).getByText('Unassigned')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Status filter: Open, In review' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Assignee filter: Unassigned' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /ID/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('writes view, filter and sort changes into the URL, each a history step', async () => {
    const location = renderAt('/alerts?panel=alert:1');
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0), SLOW);
    fireEvent.click(screen.getByRole('button', { name: /Score/ }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/alerts?panel=alert%3A1&sort=alert_score&dir=desc'), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'My alerts', pressed: false }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/alerts?panel=alert%3A1&view=mine&sort=alert_score&dir=desc'), SLOW);
    await waitFor(() => expect((listCalls().at(-1)!.body as { assignee_ids?: number[] }).assignee_ids).toEqual([agent.id]), SLOW);
    expect(screen.queryByRole('button', { name: /^Assignee filter/ })).toBeNull();
    const min = screen.getByLabelText('Minimum amount');
    fireEvent.change(min, { target: { value: '0' } });
    fireEvent.blur(min);
    fireEvent.change(min, { target: { value: '1500' } });
    fireEvent.keyDown(min, { key: 'Enter' });
    await waitFor(() => expect(location.history.at(-1)).toBe('/alerts?panel=alert%3A1&view=mine&min=1500&sort=alert_score&dir=desc'), SLOW);
    expect(location.history).toHaveLength(4);
  });

  it('shows "No information to display" when nothing matches', async () => {
    renderAt('/alerts?min=999999999');
    expect(await screen.findByText('No information to display', {}, SLOW)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' }).length).toBeGreaterThan(0);
  });

  it('assigns the selected alerts with the spec’s toast, and the rows change', async () => {
    renderAt('/alerts?status=OPEN&assignee=-1&sort=id&dir=asc');
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0), SLOW);
    const first = idsShown()[0];
    fireEvent.click(screen.getByRole('checkbox', { name: `Select alert ${first}` }));
    fireEvent.click(screen.getByRole('button', { name: 'Assign selected alerts' }));
    const picker = await screen.findByRole('dialog', { name: 'Assign selected alerts' }, SLOW);
    await act(async () => {
      fireEvent.click(await within(picker).findByRole('button', { name: new RegExp(agent.full_name) }, SLOW));
    });
    expect(await screen.findByText('Successfully reassigned alert.', {}, SLOW)).toBeTruthy();
    // The view is unassigned alerts: the assigned one leaves it.
    await waitFor(() => expect(idsShown()).not.toContain(first), SLOW);
    const assigned = server.calls.find((c) => c.path === '/api/investigations/action');
    expect(assigned?.body).toEqual({ object_ids: [first], object_type: 'ALERT', agent_id: agent.id });
  });

  it('offers a retry when the list cannot be loaded, and the retry loads it', async () => {
    const real = net.handler;
    // The server is unreachable for the first list request only.
    let failures = 1;
    net.handler = async (request) => {
      if (new URL(request.url).pathname === '/api/alerts/list' && failures-- > 0) return json(503, { error: { code: 'unavailable', message: 'Down' } });
      return real(request);
    };
    try {
      renderAt('/alerts?sort=id&dir=asc');
      const alert = await screen.findByRole('alert', {}, SLOW);
      expect(alert.textContent).toContain('The alerts could not be loaded.');
      fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(dataRows().length).toBeGreaterThan(0), SLOW);
    } finally {
      net.handler = real;
    }
  });
});
