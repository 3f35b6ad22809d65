// @vitest-environment jsdom
// The Filings list against the real server, signed in as the manager: SAR batches with their SARs
// and the SARs not yet in a batch, the filters in the address, the spec's text when the list cannot
// be read, and the filings batch panel's Download Batch: 201 saves the file, 202 says "Batch
// generation pending", anything else "Failed to download batch.".
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthContext, type Auth } from '../../src/app/auth/auth-context';
import { PanelContext, type OpenPanel } from '../../src/app/panels/panel-context';
import { PaletteContext } from '../../src/app/palette/palette-context';
import { createCommandRegistry, type CommandRegistry } from '../../src/app/palette/registry';
import FilingsBatchPanel, { DOWNLOAD_FAILED_TEXT, DOWNLOAD_PENDING_TEXT } from '../../src/areas/filings/list/FilingsBatchPanel';
import { FilingsListPage, LIST_FAILED_TEXT, UNBATCHED_TEXT } from '../../src/areas/filings/list/FilingsListPage';
import type { CurrentAgent } from '../../src/lib/permissions';
import { json, net } from './fetch-stub';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
const SLOW = { timeout: 15000 };
let server: WorkServer;
let manager: CurrentAgent;

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});
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
      {current ? (
        <aside aria-label="Batch panel">
          <FilingsBatchPanel view={current.view} id={current.id} label="Batch" close={() => setCurrent(null)} />
        </aside>
      ) : null}
    </PanelContext.Provider>
  );
}

function renderAt(path: string, registry: CommandRegistry = createCommandRegistry()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path, record: true });
  const auth: Auth = { status: 'signedIn', agent: manager, permissionsLoading: false, logout: () => {}, signIn: () => {}, activity: () => {} };
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <PaletteContext.Provider value={{ registry, open: () => {}, close: () => {}, openShortcuts: () => {} }}>
            <Shell>
              <FilingsListPage />
            </Shell>
          </PaletteContext.Provider>
        </Router>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
  return location;
}

const table = () => screen.findByRole('table', { name: 'Filings by batch' }, SLOW);
const lastList = () => [...server.calls].reverse().find((c) => c.path === '/api/filings/grouped');

describe('the Filings list', () => {
  it('shows the SARs not yet in a batch, then each batch with its SARs linking to their pages', async () => {
    renderAt('/filings');
    const t = await table();
    const newest = await server.sql<{ id: number }>(
      `select id from filing_batches where org_id = 1 and report_type = 'SAR' order by created_at desc, id desc limit 1`,
    );
    const batchSars = await server.sql<{ id: number; name: string }>(
      `select s.id, s.name from sars s left join queues q on q.id = s.queue_id where s.org_id = 1 and s.batch_id = ${newest[0].id} and q.access_type is distinct from 'restricted' order by s.created_at desc, s.id desc`,
    );
    expect(within(t).getByRole('button', { name: `Batch ${newest[0].id}` })).toBeTruthy();
    expect(within(t).getByText(UNBATCHED_TEXT)).toBeTruthy();
    const link = within(t)
      .getAllByRole('link', { name: batchSars[0].name })
      .find((a) => a.getAttribute('href') === `/filings/sar/${batchSars[0].id}`);
    expect(link).toBeTruthy();
    expect(lastList()?.body).toMatchObject({ report_type: 'SAR', include_filings: true, offset: 0 });
  });

  it('reads its filters from the address and sends them', async () => {
    renderAt('/filings?status=FINCEN_REJECTED&from=2020-01-01');
    const t = await table();
    expect(lastList()?.body).toMatchObject({ filters: { statuses: ['FINCEN_REJECTED'] } });
    expect(String((lastList()?.body as { filters: { created_from: string } }).filters.created_from)).toMatch(/^2020-01-01T/);
    // every SAR shown has the chosen status
    const badges = within(t).queryAllByText('FinCEN rejected');
    const sarRows = t.querySelectorAll('tr[data-sar-id]');
    expect(sarRows.length).toBeGreaterThan(0);
    expect(badges.length).toBe(sarRows.length);
  });

  it('offers the other report types and clearing the filters in the palette', async () => {
    const registry = createCommandRegistry();
    const location = renderAt('/filings?status=FINCEN_REJECTED', registry);
    await table();
    await waitFor(() => expect(registry.snapshot().map((c) => c.title)).toEqual(['Show CTR batches', 'Show all filings']));
    registry.snapshot()[0].run();
    await waitFor(() => expect(location.history?.at(-1)).toBe('/filings?type=CTR'));
    await waitFor(() => expect(lastList()?.body).toMatchObject({ report_type: 'CTR' }));
  });

  it('says the spec’s text when the list cannot be read', async () => {
    const real = net.handler;
    net.handler = async (request) =>
      new URL(request.url).pathname === '/api/filings/grouped' ? json(500, { error: { code: 'internal_error', message: 'Down' } }) : real(request);
    try {
      renderAt('/filings');
      expect((await screen.findByRole('alert', {}, SLOW)).textContent).toContain(LIST_FAILED_TEXT);
    } finally {
      net.handler = real;
    }
  });
});

describe('the filings batch panel', () => {
  const ctrBatch = async (status: string, order: 'asc' | 'desc' = 'asc') =>
    (
      await server.sql<{ id: number }>(
        `select id from filing_batches where org_id = 1 and report_type = 'CTR' and status = '${status}' order by id ${order} limit 1`,
      )
    )[0].id;

  async function openBatch(id: number) {
    renderAt('/filings?type=CTR');
    const t = await table();
    fireEvent.click(within(t).getByRole('button', { name: `Batch ${id}` }));
    const panel = await screen.findByRole('complementary', { name: 'Batch panel' });
    await within(panel).findByRole('button', { name: 'Download Batch' }, SLOW);
    return panel;
  }

  it('shows the batch’s counts, date range and creator, and saves its file on 201', async () => {
    const id = await ctrBatch('READY');
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:batch');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    // the list pages batches ten at a time: the batch is asked for by id in the address's page
    const all = await server.sql<{ id: number }>(`select id from filing_batches where org_id = 1 and report_type = 'CTR' order by created_at desc, id desc`);
    const index = all.findIndex((b) => b.id === id);
    expect(index).toBeLessThan(10);
    const panel = await openBatch(id);
    for (const label of ['Total', 'Accepted', 'Rejected', 'Date range', 'Created by']) expect(within(panel).getByText(label)).toBeTruthy();
    const creator = await server.sql<{ full_name: string }>(
      `select a.full_name from filing_batches b join agents a on a.id = b.created_by_id where b.id = ${id}`,
    );
    expect(within(panel).getByText(creator[0].full_name)).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Download Batch' }));
    await waitFor(() => expect(saved).toEqual([`CtrBatch${id}.xml`]), SLOW);
    expect(within(panel).queryByText(DOWNLOAD_FAILED_TEXT)).toBeNull();
    expect(within(panel).queryByText(DOWNLOAD_PENDING_TEXT)).toBeNull();
  });

  it('says "Batch generation pending" on 202', async () => {
    const panel = await openBatch(await ctrBatch('PENDING', 'desc'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Download Batch' }));
    expect(await within(panel).findByText(DOWNLOAD_PENDING_TEXT, {}, SLOW)).toBeTruthy();
    expect(DOWNLOAD_PENDING_TEXT).toBe('Batch generation pending');
  });

  it('says "Failed to download batch." for any other answer', async () => {
    const panel = await openBatch(await ctrBatch('FAILED'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Download Batch' }));
    expect((await within(panel).findByRole('alert', {}, SLOW)).textContent).toBe('Failed to download batch.');
    expect(server.calls.some((c) => c.path.endsWith('/download') && c.status === 404)).toBe(true);
  });
});
