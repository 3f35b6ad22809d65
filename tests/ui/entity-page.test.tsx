// @vitest-environment jsdom
// The entity page against the real server and database (tests/ui/work-server.ts): blocked Yes/No
// with its reasons from the blocked-reasons call, tabs in the address, Show/Hide Empty Fields, and
// the risk category's label and colour under the thresholds.
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, unwrap } from '../../src/api/client';
import { AuthContext, type Auth, type CurrentAgent } from '../../src/app/auth/auth-context';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import { PanelProvider } from '../../src/app/panels/PanelProvider';
import { EntityPage } from '../../src/areas/data-explorer/entity/EntityPage';
import { riskCategory } from '../../src/areas/data-explorer/entity/entity.utils';
import { startWorkServer, type WorkServer } from './work-server';

interface EntityRow {
  id: number;
  external_id: string;
  name_readable: string;
  entity_type: string;
  blocked_reasons: string[];
  risk_score: number | null;
  org_type: string | null;
}

let server: WorkServer;
let agent: CurrentAgent;
let entities: EntityRow[];

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  agent = await unwrap(api.GET('/api/agents/me'));
  // The small demo data's entities, read as the page reads them (a few hundred ids).
  entities = [];
  for (let from = 1; from <= 400; from += 25) {
    const batch = await Promise.all(Array.from({ length: 25 }, (_, i) => server.api('GET', `/api/entities/${from + i}`)));
    entities.push(...batch.filter((r) => r.status === 200).map((r) => r.json as EntityRow));
  }
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderAt(path: string) {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  const auth: Auth = { status: 'signedIn', agent, permissionsLoading: false, logout() {}, signIn() {}, activity() {} };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const id = pathname.split('/')[2];
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <PanelProvider>
              <EntityPage id={id} />
            </PanelProvider>
          </Router>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return location;
}

const SLOW = { timeout: 15_000 };
const blockedValue = () => screen.getByText('Blocked', { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('entity page', () => {
  it('shows a blocked entity as Yes in the error colour with its reasons, read from the blocked-reasons call', async () => {
    const blocked = entities.find((e) => e.blocked_reasons.length > 0)!;
    expect(blocked).toBeTruthy();
    server.calls.length = 0;
    renderAt(`/entities/${blocked.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: blocked.name_readable }, SLOW)).toBeTruthy();
    await waitFor(() => expect(within(blockedValue()).getByText('Yes')).toBeTruthy(), SLOW);
    expect(within(blockedValue()).getByText('Yes').closest('[data-tone]')!.getAttribute('data-tone')).toBe('error');
    const reasons = within(blockedValue()).getByRole('list', { name: 'Blocked reasons' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(blocked.blocked_reasons);
    expect(server.calls.some((c) => c.path === `/api/entities/${encodeURIComponent(blocked.external_id)}/entity-blocked-reasons`)).toBe(true);
  });

  it('shows an entity without blocked reasons as No', async () => {
    const open = entities.find((e) => e.blocked_reasons.length === 0)!;
    renderAt(`/entities/${open.id}`);
    await screen.findByRole('heading', { level: 1, name: open.name_readable }, SLOW);
    await waitFor(() => expect(within(blockedValue()).getByText('No')).toBeTruthy(), SLOW);
    expect(within(blockedValue()).queryByRole('list')).toBeNull();
  });

  it('selects the tab the address names, and each tab change is a new address', async () => {
    let e = entities[0];
    for (const candidate of entities) {
      const events = await server.api('POST', '/api/action-events/list', { entity_ids: [candidate.id], limit: 1 });
      if (events.json.count > 0) {
        e = candidate;
        break;
      }
    }
    const location = renderAt(`/entities/${e.id}?tab=action-events`);
    const actionTab = await screen.findByRole('tab', { name: 'Action Events' }, SLOW);
    expect(actionTab.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByRole('table', { name: 'Action events' }).querySelectorAll('tbody tr').length).toBeGreaterThan(0), SLOW);
    expect(server.calls.some((c) => c.path === '/api/action-events/list' && (c.body as { entity_ids: number[] }).entity_ids[0] === e.id)).toBe(true);
    fireEvent.click(screen.getByRole('tab', { name: 'Risk' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/entities/${e.id}?tab=risk`));
    fireEvent.click(screen.getByRole('tab', { name: 'Transactions' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/entities/${e.id}`));
    fireEvent.change(await screen.findByLabelText('Direction'), { target: { value: 'INBOUND' } });
    await waitFor(() => expect(location.history.at(-1)).toBe(`/entities/${e.id}?direction=INBOUND`));
    await waitFor(
      () => expect(server.calls.some((c) => c.path === '/api/txn-events/list' && (c.body as { direction: string }).direction === 'INBOUND')).toBe(true),
      SLOW,
    );
  });

  it('hides empty fields until Show Empty Fields, and hides them again', async () => {
    const user = entities.find((e) => e.entity_type === 'user' && e.org_type === null)!;
    renderAt(`/entities/${user.id}`);
    const fields = await screen.findByLabelText('Entity fields', {}, SLOW);
    expect(within(fields).queryByText('Organisation type')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show Empty Fields' }));
    expect(within(screen.getByLabelText('Entity fields')).getByText('Organisation type')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide Empty Fields' }));
    expect(within(screen.getByLabelText('Entity fields')).queryByText('Organisation type')).toBeNull();
  });

  it('labels the risk score with its category and colour', async () => {
    const scored = entities.find((e) => e.risk_score !== null)!;
    renderAt(`/entities/${scored.id}?tab=risk`);
    const model = (await server.api('GET', '/api/risk/active-risk-model')).json as { high_risk_floor?: number; low_risk_ceiling?: number };
    const expected = riskCategory(scored.risk_score!, { high_risk_floor: model.high_risk_floor ?? 80, low_risk_ceiling: model.low_risk_ceiling ?? 40 });
    const panel = await screen.findByRole('tabpanel', {}, SLOW);
    const badge = await within(panel).findByText(expected.label, {}, SLOW);
    expect(badge.closest('[data-tone]')!.getAttribute('data-tone')).toBe(expected.tone);
    const meter = within(panel).getByRole('meter', { name: 'Risk score' });
    expect(meter.getAttribute('aria-valuetext')).toBe(`${Math.round(scored.risk_score!)} of 100, ${expected.label}`);
  });
});

describe('risk category (spec part 2, section 4)', () => {
  it('is High above the high floor, Low below the low ceiling, Medium between and on the thresholds', () => {
    expect(riskCategory(81)).toEqual({ label: 'High risk', tone: 'error' });
    expect(riskCategory(80)).toEqual({ label: 'Medium risk', tone: 'warning' });
    expect(riskCategory(40)).toEqual({ label: 'Medium risk', tone: 'warning' });
    expect(riskCategory(39.5)).toEqual({ label: 'Low risk', tone: 'success' });
    expect(riskCategory(70, { high_risk_floor: 60, low_risk_ceiling: 20 })).toEqual({ label: 'High risk', tone: 'error' });
  });
});
