// @vitest-environment jsdom
// "Export" on the alert's Entities and Instruments tabs against the real server and database
// (tests/ui/work-server.ts): each asks for the alert's rows in the tab's columns, and the export
// is queued with its type.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, unwrap } from '../../src/api/client';
import { AuthContext, type Auth, type CurrentAgent } from '../../src/app/auth/auth-context';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import { EntitiesTab, InstrumentsTab } from '../../src/areas/alerts/detail/tabs/LinkedTabs';
import { EXPORT_REQUESTED_TEXT } from '../../src/features/exports/ExportListButton';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let agent: CurrentAgent;

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  agent = await unwrap(api.GET('/api/agents/me'));
});
afterAll(() => server.close());
afterEach(cleanup);

const SLOW = { timeout: 10_000 };

function renderTab(tab: ReactNode) {
  const location = memoryLocation({ path: '/alerts/1', record: true });
  const auth: Auth = { status: 'signedIn', agent, permissionsLoading: false, logout() {}, signIn() {}, activity() {} };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <Router hook={location.hook}>{tab}</Router>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

/** The Demo Bank alert flagging the most entities (or instruments), and how many. */
async function busiestAlert(link: 'alert_entities' | 'alert_instruments') {
  const [row] = await server.sql<{ alert_id: number; n: number }>(
    `select alert_id, count(*)::int as n from ${link} where org_id = 1 group by alert_id order by count(*) desc, alert_id limit 1`,
  );
  return row;
}

async function exportFromTab(noun: string, format: 'CSV' | 'XLSX', path: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Export' }, SLOW));
  const dialog = await screen.findByRole('dialog', { name: `Export ${noun}` });
  if (format === 'XLSX') fireEvent.click(within(dialog).getByRole('radio', { name: 'Excel (XLSX)' }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
  await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
  const call = server.calls.find((c) => c.method === 'POST' && c.path === path)!;
  expect(call.status).toBe(201);
  const [row] = await server.sql<{ export_type: string }>(`select export_type from file_exports where created_by_id = ${agent.id} order by id desc limit 1`);
  return { body: call.body as { format: string; columns: string[]; filters: Record<string, unknown> }, exportType: row.export_type, dialog };
}

describe("Export on the alert's linked tabs", () => {
  it("the Entities tab asks for the alert's entities in the tab's columns", async () => {
    const alert = await busiestAlert('alert_entities');
    server.calls.length = 0;
    renderTab(<EntitiesTab alertId={alert.alert_id} />);
    await waitFor(() => expect(server.calls.some((c) => c.path === `/api/alerts/${alert.alert_id}/entities`)).toBe(true), SLOW);
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }, SLOW));
    const dialog = await screen.findByRole('dialog', { name: 'Export entities' });
    expect(within(dialog).getByText(new RegExp(`the ${alert.n} entities`))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const { body, exportType } = await exportFromTab('entities', 'CSV', '/api/file-exports/entities');
    expect(body).toEqual({
      format: 'CSV',
      columns: ['id', 'name', 'external_id', 'entity_type', 'status', 'risk_score', 'created_at'],
      filters: { alert_ids: [alert.alert_id] },
    });
    expect(exportType).toBe('ENTITIES_CSV');
  });

  it("the Instruments tab asks for the alert's instruments in the tab's columns", async () => {
    const alert = await busiestAlert('alert_instruments');
    server.calls.length = 0;
    renderTab(<InstrumentsTab alertId={alert.alert_id} />);
    await waitFor(() => expect(server.calls.some((c) => c.path === `/api/alerts/${alert.alert_id}/instruments`)).toBe(true), SLOW);
    const { body, exportType } = await exportFromTab('instruments', 'XLSX', '/api/file-exports/instruments');
    expect(body).toEqual({
      format: 'XLSX',
      columns: ['id', 'external_id', 'instrument_type', 'status', 'created_at'],
      filters: { alert_ids: [alert.alert_id] },
    });
    expect(exportType).toBe('INSTRUMENTS');
  });

  it('a tab without rows offers no Export', async () => {
    const [empty] = await server.sql<{ id: number }>(
      `insert into alerts (org_id, title, alert_type) values (1, 'Alert without linked objects', 'MANUAL') returning id`,
    );
    server.calls.length = 0;
    renderTab(<InstrumentsTab alertId={empty.id} />);
    await screen.findByText('No information to display', undefined, SLOW);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });
});
