// @vitest-environment jsdom
// The rules admin dashboard against the real server, signed in as internal staff: every
// organisation's rules with their health, the organisation, status and search filters, j/k and
// Enter opening a rule's admin panel; the panel's copy buttons and the Copied chip's 2 seconds
// (fake timers), and the fallback when the clipboard refuses.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AuthContext, type Auth } from '../../src/app/auth/auth-context';
import { PanelContext, type OpenPanel } from '../../src/app/panels/panel-context';
import type { PanelViewProps } from '../../src/app/panels/panel-views';
import RuleAdminPanel from '../../src/areas/rules-admin/RuleAdminPanel';
import { RulesAdminPage } from '../../src/areas/rules-admin/RulesAdminPage';
import type { CurrentAgent } from '../../src/lib/permissions';
import { COPIED_MS } from '../../src/ui/CopyField';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 8000 });
let server: WorkServer;
let admin: CurrentAgent;

beforeAll(async () => {
  server = await startWorkServer('admin@demo.test');
  admin = (await server.api('GET', '/api/agents/me')).json;
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

/** The page with a stand-in for the shell's right panel: the open panel's view rendered beside it. */
function Shell({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenPanel | null>(null);
  const props: PanelViewProps | null = current ? { view: current.view, id: current.id, label: 'Rule admin', close: () => setCurrent(null) } : null;
  return (
    <PanelContext.Provider
      value={{
        current,
        open: (view, id) => setCurrent({ view, id: id === null || id === undefined ? null : String(id), at: null }),
        close: () => setCurrent(null),
      }}
    >
      {children}
      {props ? (
        <aside aria-label="Rule admin panel">
          <RuleAdminPanel {...props} />
        </aside>
      ) : null}
    </PanelContext.Provider>
  );
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const location = memoryLocation({ path: '/rules-admin' });
  const auth: Auth = { status: 'signedIn', agent: admin, permissionsLoading: false, logout: () => {}, signIn: () => {}, activity: () => {} };
  render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={auth}>
        <Router hook={location.hook} searchHook={location.searchHook}>
          <Shell>
            <RulesAdminPage />
          </Shell>
        </Router>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

const rows = async () =>
  within(await screen.findByRole('table', { name: 'Rules of every organisation' }))
    .getAllByRole('row')
    .slice(1);
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');

describe('the rules admin dashboard', () => {
  it('lists every organisation’s rules with their health, filters them and opens a rule’s panel with j/k and Enter', async () => {
    const wire = (await server.api('GET', '/api/rules-admin')).json.rules as Array<{
      org_id: number;
      org_name: string;
      rule_id: number;
      status: string;
      spec: unknown;
    }>;
    const orgs = [...new Set(wire.map((r) => r.org_name))];
    expect(orgs.length).toBeGreaterThanOrEqual(2);
    renderPage();
    await waitFor(async () => expect((await rows()).length).toBe(wire.length));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Organisation',
      'Rule',
      'Status',
      'Version',
      'Evaluations (7 days)',
      'Errors (7 days)',
      'Failures (7 days)',
      'Alerts per day (7 days)',
      'Last evaluated',
    ]);
    expect(new Set((await rows()).map((r) => cells(r)[0]))).toEqual(new Set(orgs));

    // organisation: only its rules
    const first = wire[0];
    fireEvent.change(screen.getByRole('combobox', { name: 'Organisation' }), { target: { value: String(first.org_id) } });
    await waitFor(async () => expect((await rows()).length).toBe(wire.filter((r) => r.org_id === first.org_id).length));
    expect(new Set((await rows()).map((r) => cells(r)[0]))).toEqual(new Set([first.org_name]));

    // status: with the rules list's badges
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'ACTIVE_SHADOW' } });
    await waitFor(async () => {
      const shown = await rows();
      expect(shown.length).toBe(wire.filter((r) => r.org_id === first.org_id && r.status === 'ACTIVE_SHADOW').length);
      expect(new Set(shown.map((r) => r.querySelector('[data-status]')?.getAttribute('data-status')))).toEqual(new Set(['ACTIVE_SHADOW']));
    });

    // a search no rule matches, then clearing
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search rules by title or organisation' }), { target: { value: 'zzz-no-such-rule' } });
    expect(await screen.findByText('No rule matches these filters.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect((await rows()).length).toBe(wire.length));

    // j moves to the second rule, Enter opens its panel
    fireEvent.keyDown(document.body, { key: 'j' });
    fireEvent.keyDown(document.body, { key: 'j' });
    const second = (await rows())[1];
    const opener = within(second).getByRole('button');
    await waitFor(() => expect(document.activeElement).toBe(opener));
    fireEvent.click(opener); // Enter on a focused button is the button's click
    const panel = await screen.findByRole('complementary', { name: 'Rule admin panel' });
    const ruleId = Number(second.getAttribute('data-rule-id'));
    const spec = within(panel).getByRole<HTMLTextAreaElement>('textbox', { name: 'Spec (JSON)' });
    expect(spec.readOnly).toBe(true);
    const stored = wire.find((r) => r.rule_id === ruleId)!.spec;
    expect(spec.value).toBe(JSON.stringify(stored, null, 2));
    const health = within(panel).getByRole<HTMLTextAreaElement>('textbox', { name: 'Health (7 days)' });
    expect(health.value).toContain(`Rule: ${opener.textContent} (${ruleId})`);
    expect(health.value).toMatch(/Evaluations \(7 days\): [0-9,]+/);
    expect(second.getAttribute('aria-current')).toBe('true');
  });

  it('shows Copied for exactly 2 seconds after a copy, and selects the text when the clipboard refuses', async () => {
    renderPage();
    const row = await waitFor(async () => (await rows())[0]);
    fireEvent.click(within(row).getByRole('button'));
    const panel = await screen.findByRole('complementary', { name: 'Rule admin panel' });
    const spec = within(panel).getByRole<HTMLTextAreaElement>('textbox', { name: 'Spec (JSON)' });

    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Copy Spec (JSON)' }));
    });
    expect(writeText).toHaveBeenCalledWith(spec.value);
    expect(within(panel).getByText('Copied')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(COPIED_MS - 1);
    });
    expect(within(panel).queryByText('Copied')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(within(panel).queryByText('Copied')).toBeNull();
    expect(COPIED_MS).toBe(2000);

    // refused by the browser: the old way (the selection) is tried, and says so when it fails too
    writeText.mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    const execCommand = vi.fn().mockReturnValue(false);
    document.execCommand = execCommand;
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Copy Health (7 days)' }));
    });
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(within(panel).queryByText('Copied')).toBeNull();
    expect(within(panel).getByText(/Press Ctrl\+C/)).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByRole('textbox', { name: 'Health (7 days)' }));

    // the old way succeeding counts as a copy
    execCommand.mockReturnValue(true);
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Copy Health (7 days)' }));
    });
    expect(within(panel).getByText('Copied')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(COPIED_MS);
    });
    expect(within(panel).queryByText('Copied')).toBeNull();
  });

  it('says the dashboard is for internal staff when the server refuses the call', async () => {
    await server.signInAs('manager@demo.test');
    try {
      renderPage();
      expect((await screen.findByRole('alert')).textContent).toBe('The rules admin dashboard is for internal staff.');
      expect(screen.queryByRole('table')).toBeNull();
    } finally {
      await server.signInAs('admin@demo.test');
    }
  });
});
