// @vitest-environment jsdom
// The Filings list's FINTRAC reports against the real server, signed in as Northwind's
// administrator: each FINTRAC batch with its reports (name linking to the report's page, STR or
// LCTR, status badge, queue, reviewer, created, filed, FINTRAC's report id, total) after the reports
// not yet in a batch, and the status filter offering FINTRAC's statuses.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthContext, type Auth } from '../../src/app/auth/auth-context';
import { PanelContext, type OpenPanel } from '../../src/app/panels/panel-context';
import { fintracStatusLabel } from '../../src/areas/filings/fintrac/fintrac-status';
import { FilingsListPage, UNBATCHED_TEXT } from '../../src/areas/filings/list/FilingsListPage';
import type { CurrentAgent } from '../../src/lib/permissions';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
const SLOW = { timeout: 15000 };
let server: WorkServer;
let admin: CurrentAgent;
let orgId: number;

beforeAll(async () => {
  server = await startWorkServer('admin@northwind.test');
  admin = (await server.api('GET', '/api/agents/me')).json;
  [{ org_id: orgId }] = await server.sql<{ org_id: number }>(`select org_id from agents where email = 'admin@northwind.test'`);
  // a report not yet in a batch: an STR from a case
  const cases = await server.api('POST', '/api/cases/list', { limit: 1 });
  expect((await server.api('POST', `/api/cases/${cases.json.cases[0].id}/strs`, { name: 'STR not yet batched' })).status).toBe(201);
});
afterEach(() => cleanup());
afterAll(() => server.close());

function Shell({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenPanel | null>(null);
  return (
    <PanelContext.Provider
      value={{
        current,
        open: (view, id) => setCurrent({ view, id: id === null || id === undefined ? null : String(id), at: null }),
        close: () => setCurrent(null),
      }}
    >
      {children}
    </PanelContext.Provider>
  );
}

function renderAt(path: string) {
  const [pathname, search = ''] = path.split('?');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const auth: Auth = { status: 'signedIn', agent: admin, permissionsLoading: false, logout: () => {}, signIn: () => {}, activity: () => {} };
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Shell>
            <FilingsListPage />
          </Shell>
        </Router>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return location;
}

const table = () => screen.findByRole('table', { name: 'Filings by batch' }, SLOW);
const lastList = () => [...server.calls].reverse().find((c) => c.path === '/api/filings/grouped');

describe('the Filings list’s FINTRAC reports', () => {
  it('shows the reports not yet in a batch, then each batch with its reports linking to their pages', async () => {
    renderAt('/filings?type=FINTRAC');
    const t = await table();
    expect(lastList()?.body).toMatchObject({ report_type: 'FINTRAC', include_filings: true, offset: 0 });
    for (const header of ['Name', 'Type', 'Status', 'Queue', 'Reviewer', 'Created', 'Filed', 'FINTRAC report ID', 'Total (CAD)'])
      expect(within(t).getByRole('columnheader', { name: header })).toBeTruthy();
    expect(within(t).getByText(UNBATCHED_TEXT)).toBeTruthy();
    const [unbatched] = await server.sql<{ id: number }>(`select id from fintrac_reports where org_id = ${orgId} and name = 'STR not yet batched'`);
    const unbatchedRow = t.querySelector<HTMLElement>(`tr[data-fintrac-id="${unbatched.id}"]`)!;
    expect(within(unbatchedRow).getByRole('link', { name: 'STR not yet batched' }).getAttribute('href')).toBe(`/filings/fintrac/${unbatched.id}`);
    expect(within(unbatchedRow).getByText('STR')).toBeTruthy();

    // the newest batch that holds reports (older batches were filed before Vigil kept them), with what FINTRAC answered
    const batches = await server.sql<{ id: number; reports: number }>(
      `select b.id, (select count(*)::int from fintrac_reports r where r.org_id = b.org_id and r.batch_id = b.id) as reports
        from filing_batches b where b.org_id = ${orgId} and b.report_type = 'FINTRAC' order by b.created_at desc, b.id desc`,
    );
    const index = batches.findIndex((b) => b.reports > 0);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index, 'on the first page of ten batches').toBeLessThan(10);
    const newest = batches[index];
    expect(within(t).getByRole('button', { name: `Batch ${newest.id}` })).toBeTruthy();
    const inBatch = await server.sql<{ id: number; name: string; report_type: string; fintrac_report_id: string | null; total_amount: string }>(
      `select id, name, report_type, fintrac_report_id, total_amount::text from fintrac_reports where org_id = ${orgId} and batch_id = ${newest.id} order by created_at desc, id desc`,
    );
    expect(inBatch.length).toBeGreaterThan(0);
    const row = t.querySelector<HTMLElement>(`tr[data-fintrac-id="${inBatch[0].id}"]`)!;
    expect(within(row).getByRole('link', { name: inBatch[0].name }).getAttribute('href')).toBe(`/filings/fintrac/${inBatch[0].id}`);
    expect(within(row).getByText(inBatch[0].report_type)).toBeTruthy();
    if (inBatch[0].fintrac_report_id) expect(within(row).getByText(inBatch[0].fintrac_report_id)).toBeTruthy();
    expect(within(row).getByText(Number(inBatch[0].total_amount).toLocaleString('en-CA', { minimumFractionDigits: 2 }))).toBeTruthy();
  });

  it('filters by FINTRAC’s statuses from the address', async () => {
    const [{ status }] = await server.sql<{ status: string }>(
      `select status from fintrac_reports where org_id = ${orgId} and batch_id is not null order by created_at desc, id desc limit 1`,
    );
    renderAt(`/filings?type=FINTRAC&status=${status},SENT_TO_FINCEN`);
    const t = await table();
    // a FinCEN status means nothing to FINTRAC reports: it is dropped
    expect(lastList()?.body).toMatchObject({ report_type: 'FINTRAC', filters: { statuses: [status] } });
    const rows = t.querySelectorAll('tr[data-fintrac-id]');
    expect(rows.length).toBeGreaterThan(0);
    expect(within(t).queryAllByText(fintracStatusLabel(status)).length).toBe(rows.length);
  });
});
