// @vitest-environment jsdom
// The rule PDF page (/rules/:id/pdf) against the real server: the document holds the rule's title,
// status, version, queue, owner, its definition in words, its last validation and its history, and
// "Print or save as PDF" asks the browser to print.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthContext, type Auth } from '../../src/app/auth/auth-context';
import { PaletteContext } from '../../src/app/palette/palette-context';
import { createCommandRegistry } from '../../src/app/palette/registry';
import { RulePdfPage } from '../../src/areas/rules/pdf/RulePdfPage';
import type { CurrentAgent } from '../../src/lib/permissions';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
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

describe('the rule PDF page', () => {
  it('shows the rule as a printable document and prints it', async () => {
    const rules = (await server.api('GET', '/api/rules?limit=500')).json.rules as Array<{
      id: number;
      title: string;
      version: number;
      last_validation: unknown;
    }>;
    const found = rules.find((r) => r.last_validation) ?? rules[0];
    // a rename, so the history has an entry (the seed records none)
    const full = (await server.api('GET', `/api/rules/${found.id}`)).json as {
      title: string;
      description: string | null;
      queue: { id: number } | null;
      spec: unknown;
    };
    const title = `${full.title} (printed)`;
    const saved = await server.api('PUT', `/api/rules/${found.id}`, {
      title,
      description: full.description,
      queue_id: full.queue?.id ?? null,
      spec: full.spec,
    });
    expect(saved.status).toBe(200);
    const rule = { ...found, ...(saved.json as { version: number }), title };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const location = memoryLocation({ path: `/rules/${rule.id}/pdf` });
    const auth: Auth = { status: 'signedIn', agent: manager, permissionsLoading: false, logout: () => {}, signIn: () => {}, activity: () => {} };
    render(
      <QueryClientProvider client={client}>
        <AuthContext.Provider value={auth}>
          <PaletteContext.Provider value={{ registry: createCommandRegistry(), open: () => {}, close: () => {}, openShortcuts: () => {} }}>
            <Router hook={location.hook} searchHook={location.searchHook}>
              <RulePdfPage id={rule.id} />
            </Router>
          </PaletteContext.Provider>
        </AuthContext.Provider>
      </QueryClientProvider>,
    );
    const doc = await screen.findByRole('article', { name: rule.title });
    expect(within(doc).getByRole('heading', { level: 1, name: rule.title })).toBeTruthy();
    expect(doc.querySelector('[data-status]')).not.toBeNull();
    for (const term of ['Version', 'Queue', 'Owner']) expect(within(doc).getByText(term, { selector: 'dt' })).toBeTruthy();
    expect(within(doc).getByText(String(rule.version), { selector: 'dd' })).toBeTruthy();
    for (const heading of ['Definition', 'What it judges', 'Variables', 'Condition', 'Last validation', 'History'])
      expect(within(doc).getByRole('heading', { name: heading })).toBeTruthy();
    if (rule.last_validation) expect(within(doc).getByText('Result', { selector: 'dt' })).toBeTruthy();
    const history = await within(doc).findByRole('table', { name: 'Rule history' });
    expect(within(history).getAllByRole('row').length).toBeGreaterThan(1);

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    fireEvent.click(screen.getByRole('button', { name: 'Print or save as PDF' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
