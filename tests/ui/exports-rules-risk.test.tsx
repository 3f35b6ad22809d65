// @vitest-environment jsdom
// "Export" on a rule's Validation runs table and on the risk ratings list, against the real server
// and database (tests/ui/work-server.ts): each asks for its list's rows in its columns, the risk
// ratings list as CSV only, and the export is queued under the contract's type.
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
import { ValidationTab } from '../../src/areas/rules/detail/tabs/ValidationTab';
import { RiskModelListPage } from '../../src/areas/risk-ratings/list/RiskModelListPage';
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

function renderAt(path: string, page: ReactNode) {
  const location = memoryLocation({ path, record: true });
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

const lastExport = async () =>
  (
    await server.sql<{ export_type: string; status: string }>(
      `select export_type, status from file_exports where created_by_id = ${agent.id} order by id desc limit 1`,
    )
  )[0];

describe('Export on the rules and risk ratings lists', () => {
  it("Export on a rule's Validation runs asks for that rule's runs in the table's columns, as CSV or XLSX", async () => {
    const [seeded] = await server.sql<{ rule_id: number }>(`select rule_id from rule_validations where org_id = 1 order by id limit 1`);
    const rule = await unwrap(api.GET('/api/rules/{id}', { params: { path: { id: seeded.rule_id } } }));
    server.calls.length = 0;
    renderAt(`/rules/${rule.id}`, <ValidationTab rule={rule} canValidate onValidate={() => {}} />);
    await screen.findByRole('table', { name: 'Validation runs' }, SLOW);
    const runs = document.querySelectorAll('table[aria-label="Validation runs"] tbody tr').length;
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export validation runs' });
    expect(within(dialog).getByText(new RegExp(`the ${runs} validation runs`))).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Excel (XLSX)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/api/file-exports/rule-validations')!;
    expect(call.status).toBe(201);
    const body = call.body as { format: string; columns: string[]; filters: Record<string, unknown> };
    expect(body.format).toBe('XLSX');
    expect(body.filters).toEqual({ rule_id: rule.id });
    expect(body.columns.slice(0, 4)).toEqual(['id', 'status', 'window_start', 'window_end']);
    expect(body.columns).toContain('created_by');
    expect(await lastExport()).toEqual({ export_type: 'RULE_VALIDATIONS', status: 'REQUESTED' });
  });

  it('Export on the risk ratings list asks for every model in its columns, and offers CSV only', async () => {
    server.calls.length = 0;
    renderAt('/risk-ratings', <RiskModelListPage />);
    await screen.findByRole('table', { name: 'Risk models' }, SLOW);
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export risk models' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    expect(within(dialog).queryByText(/XLSX/)).toBeNull();
    expect(within(dialog).getByText('The file is a CSV file.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await screen.findByText(EXPORT_REQUESTED_TEXT, undefined, SLOW);
    const call = server.calls.find((c) => c.method === 'POST' && c.path === '/api/file-exports/risk-ratings')!;
    expect(call.status).toBe(201);
    const body = call.body as { format: string; columns: string[]; filters?: unknown };
    expect(body.format).toBe('CSV');
    expect(body.filters).toBeUndefined();
    expect(body.columns.slice(0, 3)).toEqual(['id', 'title', 'status']);
    expect(body.columns).toContain('segments');
    await waitFor(async () => expect(await lastExport()).toEqual({ export_type: 'RISK_RATINGS_CSV', status: 'REQUESTED' }));
  });
});
