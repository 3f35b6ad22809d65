// @vitest-environment jsdom
// File exports in the console against the real server and database (tests/ui/work-server.ts):
// "Export" on the alert list asks for the list's filters and visible columns; the file exports
// list shows each export's type, source, size and status, downloads a ready one and cancels one
// still waiting for the job.
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
import { AlertListPage } from '../../src/areas/alerts/list/AlertListPage';
import { CaseListPage } from '../../src/areas/cases/list/CaseListPage';
import { DataExplorerPage } from '../../src/areas/data-explorer/list/DataExplorerPage';
import { PanelProvider } from '../../src/app/panels/PanelProvider';
import { FileExportsPage } from '../../src/areas/reporting/FileExportsPage';
import { FilingsListPage } from '../../src/areas/filings/list/FilingsListPage';
import { RuleListPage } from '../../src/areas/rules/list/RuleListPage';
import { EXPORT_REQUESTED_TEXT } from '../../src/features/exports/ExportListButton';
import { startWorkServer, type WorkServer } from './work-server';

let server: WorkServer;
let agent: CurrentAgent;
const saved: string[] = [];

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  agent = await unwrap(api.GET('/api/agents/me'));
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1400 });
  Element.prototype.scrollTo = function scrollTo() {};
  // jsdom saves no files: record what the page hands the browser to save
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    saved.push(this.download);
  };
});
afterAll(() => server.close());
afterEach(cleanup);

const SLOW = { timeout: 10_000 };

function renderAt(path: string, page: ReactNode) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const auth: Auth = { status: 'signedIn', agent, permissionsLoading: false, logout() {}, signIn() {}, activity() {} };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            {page}
          </Router>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

const rowOf = (id: number) => document.querySelector<HTMLTableRowElement>(`tr[data-export-id="${id}"]`);

describe('file exports', () => {
  let requestedId = 0;

  it('Export on the alert list asks for the filtered list with its visible columns', async () => {
    server.calls.length = 0;
    renderAt('/alerts?status=OPEN&sort=id&dir=asc', <AlertListPage />);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/alerts/list')).toBe(true), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export alerts' });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Excel (XLSX)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/api/file-exports/alerts')!;
    expect(call.status).toBe(201);
    const body = call.body as { format: string; columns: string[]; filters: Record<string, unknown> };
    expect(body.format).toBe('XLSX');
    expect(body.filters).toMatchObject({ statuses: ['OPEN'], sort_column: 'id', sort_direction: 'ascending' });
    expect(body.columns[0]).toBe('id');
    expect(body.columns).toContain('title');
    expect(body.columns).toContain('status');
    const [row] = await server.sql<{ id: number; export_type: string; status: string }>(
      `select id, export_type, status from file_exports where created_by_id = ${agent.id} order by id desc limit 1`,
    );
    expect(row).toMatchObject({ export_type: 'ALERTS', status: 'REQUESTED' });
    requestedId = row.id;
  });

  it('Export on the case list asks for the filtered cases with their visible columns', async () => {
    server.calls.length = 0;
    renderAt('/cases?status=OPEN&sort=id&dir=asc', <CaseListPage />);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/cases/list')).toBe(true), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export cases' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/api/file-exports/cases')!;
    expect(call.status).toBe(201);
    const body = call.body as { format: string; columns: string[]; filters: Record<string, unknown> };
    expect(body.format).toBe('CSV');
    expect(body.filters).toMatchObject({ statuses: ['OPEN'], sort_column: 'id', sort_direction: 'ascending' });
    expect(body.columns[0]).toBe('id');
    expect(body.columns).toContain('status');
    const [row] = await server.sql<{ export_type: string }>(`select export_type from file_exports where created_by_id = ${agent.id} order by id desc limit 1`);
    expect(row.export_type).toBe('CASES_CSV');
  });

  it('Export on the transactions tab asks for the filtered transactions with their visible columns', async () => {
    server.calls.length = 0;
    renderAt(
      '/data-explorer?status=COMPLETED&dir=asc',
      <PanelProvider>
        <DataExplorerPage />
      </PanelProvider>,
    );
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/txn-events/list')).toBe(true), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export transactions' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/api/file-exports/transactions')!;
    expect(call.status).toBe(201);
    const body = call.body as { columns: string[]; filters: Record<string, unknown> };
    expect(body.filters).toMatchObject({ statuses: ['COMPLETED'], sort_direction: 'ascending' });
    expect(body.columns.slice(0, 3)).toEqual(['id', 'external_id', 'event_time']);
    expect(body.columns).toContain('sender_entity_external_id');
  });

  it('Export on the action events tab asks for the filtered action events with their visible columns', async () => {
    server.calls.length = 0;
    renderAt(
      '/data-explorer?tab=action-events&action=LOGIN&dir=asc',
      <PanelProvider>
        <DataExplorerPage />
      </PanelProvider>,
    );
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/action-events/list')).toBe(true), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export action events' });
    fireEvent.click(within(dialog).getByRole('radio', { name: /XLSX/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/api/file-exports/action-events')!;
    expect(call.status).toBe(201);
    const body = call.body as { format: string; columns: string[]; filters: Record<string, unknown> };
    expect(body.format).toBe('XLSX');
    expect(body.filters).toMatchObject({ action_types: ['LOGIN'], sort_direction: 'ascending' });
    expect(body.columns.slice(0, 4)).toEqual(['id', 'external_id', 'event_time', 'action_type']);
    expect(body.columns).toContain('entity');
    const [row] = await server.sql<{ export_type: string }>(`select export_type from file_exports where created_by_id = ${agent.id} order by id desc limit 1`);
    expect(row.export_type).toBe('EVENTS');
    cleanup();
    renderAt('/reporting/file-exports', <FileExportsPage />);
    expect(await screen.findAllByText('Action events (XLSX)', undefined, SLOW)).not.toHaveLength(0);
  });

  it('Export on the rules list asks for the rules of its filters with its columns', async () => {
    server.calls.length = 0;
    renderAt('/rules?status=DRAFT,ACTIVE&q=%20a%20', <RuleListPage />);
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/rules')).toBe(true), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export rules' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/api/file-exports/rules')!;
    expect(call.status).toBe(201);
    const body = call.body as { format: string; columns: string[]; filters: Record<string, unknown> };
    expect(body.format).toBe('CSV');
    expect(body.filters).toEqual({ status: ['DRAFT', 'ACTIVE'], q: 'a' });
    expect(body.columns.slice(0, 3)).toEqual(['id', 'status', 'title']);
    const [row] = await server.sql<{ export_type: string }>(`select export_type from file_exports where created_by_id = ${agent.id} order by id desc limit 1`);
    expect(row.export_type).toBe('RULES_CSV');
  });

  it('Export on the Filings list asks for the SARs of its filters with its columns', async () => {
    server.calls.length = 0;
    renderAt(
      '/filings?status=FILING_SUCCESS&page=2',
      <PanelProvider>
        <FilingsListPage />
      </PanelProvider>,
    );
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/filings/grouped')).toBe(true), SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export SARs' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/api/file-exports/sar-filings')!;
    expect(call.status).toBe(201);
    const body = call.body as { format: string; columns: string[]; filters: Record<string, unknown> };
    expect(body.format).toBe('CSV');
    expect(body.filters).toMatchObject({ statuses: ['FILING_SUCCESS'], queue_id: null, reviewer_id: null });
    expect(body.columns[0]).toBe('id');
    expect(body.columns).toContain('batch_id');
    const [row] = await server.sql<{ export_type: string }>(`select export_type from file_exports where created_by_id = ${agent.id} order by id desc limit 1`);
    expect(row.export_type).toBe('SAR_FILINGS_CSV');
  });

  it('the Filings list offers no Export for CTR batches', async () => {
    server.calls.length = 0;
    renderAt(
      '/filings?type=CTR',
      <PanelProvider>
        <FilingsListPage />
      </PanelProvider>,
    );
    await waitFor(() => expect(server.calls.some((c) => c.path === '/api/filings/grouped')).toBe(true), SLOW);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
  });

  it('lists the exports with their status; a waiting one is canceled, a ready one downloads', async () => {
    const content = 'id,title\\n1,Exported alert\\n';
    const [ready] = await server.sql<{ id: number }>(
      `insert into file_exports (org_id, export_type, request_source, status, parameters, created_by_id, file_name, file_size, content, finished_at) values (1, 'ALERTS_CSV', 'CONSOLE', 'READY_FOR_DOWNLOAD', '{}'::jsonb, ${agent.id}, 'alerts-ready.csv', ${content.length - 2}, E'${content}', now()) returning id`,
    );
    server.calls.length = 0;
    renderAt('/reporting/file-exports', <FileExportsPage />);
    await waitFor(() => expect(rowOf(requestedId)).not.toBeNull(), SLOW);

    const waiting = rowOf(requestedId)!;
    expect(within(waiting).getByText('Alerts (XLSX)')).toBeTruthy();
    expect(within(waiting).getByText('Requested')).toBeTruthy();
    expect(within(waiting).getByText('Console')).toBeTruthy();
    expect(within(waiting).getByRole<HTMLButtonElement>('button', { name: `Download export ${requestedId}` }).disabled).toBe(true);
    fireEvent.click(within(waiting).getByRole('button', { name: `Cancel export ${requestedId}` }));
    await waitFor(() => expect(within(rowOf(requestedId)!).getByText('Canceled')).toBeTruthy(), SLOW);
    expect(within(rowOf(requestedId)!).getByRole<HTMLButtonElement>('button', { name: `Cancel export ${requestedId}` }).disabled).toBe(true);
    const [canceled] = await server.sql<{ status: string }>(`select status from file_exports where id = ${requestedId}`);
    expect(canceled.status).toBe('CANCELED');

    const readyRow = rowOf(ready.id)!;
    expect(within(readyRow).getByText('Ready for download')).toBeTruthy();
    expect(within(readyRow).getByText('Alerts (CSV)')).toBeTruthy();
    expect(within(readyRow).getByRole<HTMLButtonElement>('button', { name: `Cancel export ${ready.id}` }).disabled).toBe(true);
    fireEvent.click(within(readyRow).getByRole('button', { name: `Download export ${ready.id}` }));
    await waitFor(() => expect(saved).toContain('alerts-ready.csv'), SLOW);
    expect(server.calls.find((c) => c.path === `/api/file-exports/${ready.id}/download`)?.status).toBe(200);
  });

  it("shows a generating export's progress, read again until it is ready with its row count", async () => {
    const [generating] = await server.sql<{ id: number }>(
      `insert into file_exports (org_id, export_type, request_source, status, parameters, created_by_id) values (1, 'TRANSACTIONS_CSV', 'CONSOLE', 'GENERATING', '{"format":"CSV","progress":{"rows_written":2500,"rows_total":10000}}'::jsonb, ${agent.id}) returning id`,
    );
    renderAt('/reporting/file-exports', <FileExportsPage />);
    await waitFor(() => expect(rowOf(generating.id)).not.toBeNull(), SLOW);
    expect(within(rowOf(generating.id)!).getByText('Generating')).toBeTruthy();
    expect(within(rowOf(generating.id)!).getByText(`${(2500).toLocaleString()} of ${(10000).toLocaleString()} rows`)).toBeTruthy();
    await server.sql(
      `update file_exports set status = 'READY_FOR_DOWNLOAD', file_name = 'transactions-${generating.id}.csv', file_size = 10, content = 'id', finished_at = now(),
        parameters = jsonb_set(parameters, '{progress}', '{"rows_written":10000,"rows_total":10000}'::jsonb) where id = ${generating.id}`,
    );
    await waitFor(() => expect(within(rowOf(generating.id)!).getByText('Ready for download')).toBeTruthy(), SLOW);
    expect(within(rowOf(generating.id)!).getByText(`${(10000).toLocaleString()} rows`)).toBeTruthy();
    expect(within(rowOf(generating.id)!).queryByText(/ of /)).toBeNull();
  });
});
