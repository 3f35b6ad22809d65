// @vitest-environment jsdom
// The risk display against the real server and database (tests/ui/work-server.ts): the entity
// page's header and Risk tab read one batched scores call; the tab shows the gauge (marks 0, 50,
// 100, the category's colour under the active model's thresholds) and the score's full trace; a
// list of entities makes one call for all its rows; an unscored entity says why; an agent without
// read_risk_ratings makes no scores call; the caches are the spec's (score 1 hour, model forever).
import './setup-dom';
import './fetch-stub';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../openapi/schema';
import { api, unwrap } from '../../src/api/client';
import { AuthContext, type Auth, type CurrentAgent } from '../../src/app/auth/auth-context';
import { ToastProvider } from '../../src/app/toasts/ToastProvider';
import { PanelProvider } from '../../src/app/panels/PanelProvider';
import { EntityPage } from '../../src/areas/data-explorer/entity/EntityPage';
import { riskKeys } from '../../src/api/risk/keys';
import { RiskScore, riskCategory } from '../../src/features/risk';
import { UNSCORED_TOOLTIP } from '../../src/features/risk/risk.constants';
import { traceRows } from '../../src/features/risk/risk-trace.utils';
import { startWorkServer, type WorkServer } from './work-server';

type EntityRiskScore = components['schemas']['EntityRiskScore'];
interface EntityRow {
  id: number;
  external_id: string;
  name_readable: string;
  risk_score: number | null;
}

let server: WorkServer;
let agent: CurrentAgent;
let entities: EntityRow[];
let scores: Record<string, EntityRiskScore>;
let thresholds: { high_risk_floor: number; low_risk_ceiling: number };

const SLOW = { timeout: 15_000 };
const scoreCalls = () => server.calls.filter((c) => c.path === '/api/risk/entities/scores');
const idsOf = (call: { body: unknown }) => (call.body as { entity_external_ids: string[] }).entity_external_ids;

beforeAll(async () => {
  server = await startWorkServer('analyst@demo.test');
  agent = await unwrap(api.GET('/api/agents/me'));
  const batch = await Promise.all(Array.from({ length: 80 }, (_, i) => server.api('GET', `/api/entities/${i + 1}`)));
  entities = batch.filter((r) => r.status === 200).map((r) => r.json as EntityRow);
  scores = (await server.api('POST', '/api/risk/entities/scores', { entity_external_ids: entities.map((e) => e.external_id) })).json.results;
  const model = (await server.api('GET', '/api/risk/active-risk-model')).json;
  thresholds = { high_risk_floor: model.high_risk_floor ?? 80, low_risk_ceiling: model.low_risk_ceiling ?? 40 };
}, 60_000);
afterAll(() => server.close());
afterEach(() => cleanup());

function renderWith(ui: ReactNode, who: CurrentAgent = agent, path = '/') {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search });
  const auth: Auth = { status: 'signedIn', agent: who, permissionsLoading: false, logout() {}, signIn() {}, activity() {} };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <AuthContext.Provider value={auth}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <PanelProvider>{ui}</PanelProvider>
          </Router>
        </AuthContext.Provider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  return client;
}

const scored = () =>
  entities.find((e) => scores[e.external_id]?.result?.snapshot.trace.some((t) => t.parameter_trace.risk_metric_trace.risk_mapping_trace.matched_mapping))!;

describe('entity risk tab', () => {
  it('shows the latest score on the gauge in its category colour, with one batched call for header and tab', async () => {
    const e = scored();
    const result = scores[e.external_id].result!;
    const expected = riskCategory(result.score, thresholds);
    server.calls.length = 0;
    renderWith(<EntityPage id={String(e.id)} />, agent, `/entities/${e.id}?tab=risk`);
    const meter = await screen.findByRole('meter', { name: 'Risk score' }, SLOW);
    expect(Number(meter.getAttribute('aria-valuenow'))).toBe(result.score);
    expect(meter.getAttribute('aria-valuetext')).toBe(`${Math.round(result.score)} of 100, ${expected.label}`);
    expect(meter.getAttribute('data-tone')).toBe(expected.tone);
    expect([...meter.querySelectorAll('[data-mark]')].map((m) => m.textContent)).toEqual(['0', '50', '100']);
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText(expected.label).closest('[data-tone]')!.getAttribute('data-tone')).toBe(expected.tone);
    expect(within(panel).getByText(scores[e.external_id].risk_model!.title)).toBeTruthy();
    // the header's score is the same read: one call, naming the entity once
    const header = screen.getByText('Risk score', { selector: 'dt' }).nextElementSibling as HTMLElement;
    await waitFor(() => expect(within(header).getByText(String(Math.round(result.score)))).toBeTruthy(), SLOW);
    expect(scoreCalls().map(idsOf)).toEqual([[e.external_id]]);
  });

  it('shows the full trace: segment, each parameter with weight, risk score and points, raw value and the mapping or default', async () => {
    const e = scored();
    const result = scores[e.external_id].result!;
    renderWith(<EntityPage id={String(e.id)} />, agent, `/entities/${e.id}?tab=risk`);
    const table = await screen.findByRole('table', {}, SLOW);
    expect(within(table).getByText(`Segment: ${result.snapshot.entity_segment_title}`)).toBeTruthy();
    const bodyRows = within(table)
      .getAllByRole('row')
      .filter((r) => r.closest('tbody'));
    expect(bodyRows).toHaveLength(result.snapshot.trace.length);
    const expected = traceRows(result);
    bodyRows.forEach((row, i) => {
      const cells = [...row.querySelectorAll('th, td')].map((c) => c.textContent);
      const t = result.snapshot.trace[i];
      expect(cells[1]).toBe(String(t.weight));
      expect(cells[2]).toBe(String(t.parameter_trace.parameter_risk_score));
      expect(cells[3]).toBe(expected[i].contribution.toFixed(1));
      expect(cells[5]).toBe(expected[i].rawValue);
      if (t.parameter_trace.risk_metric_trace.risk_mapping_trace.matched_mapping)
        expect(cells[6]).toMatch(/^(greater than|less than|equal to|not equal to|in between) /);
      else expect(cells[6]).toMatch(/^Default(No value: unknown risk|No mapping matched: unscored risk)$/);
    });
    // the points add up to the score
    const points = expected.reduce((sum, r) => sum + r.contribution, 0);
    expect(points).toBeCloseTo(result.score, 1);
  });

  it('says why an unscored entity has no score', async () => {
    const e = entities.find((x) => scores[x.external_id] && scores[x.external_id].result === null)!;
    expect(e).toBeTruthy();
    renderWith(<EntityPage id={String(e.id)} />, agent, `/entities/${e.id}?tab=risk`);
    const panel = await screen.findByRole('tabpanel', {}, SLOW);
    expect(await within(panel).findByText(UNSCORED_TOOLTIP, {}, SLOW)).toBeTruthy();
    expect(within(panel).queryByRole('meter')).toBeNull();
    const header = screen.getByText('Risk score', { selector: 'dt' }).nextElementSibling as HTMLElement;
    await waitFor(() => expect(within(header).getByText('Not scored')).toBeTruthy(), SLOW);
    expect(header.textContent).toContain(UNSCORED_TOOLTIP);
  });
});

describe('scores in lists', () => {
  it('reads a list of 60 entities with one call after the 100 ms wait, and caches each score for an hour', async () => {
    const rows = entities.slice(0, 60);
    server.calls.length = 0;
    const client = renderWith(
      <ul>
        {rows.map((e) => (
          <li key={e.id} data-testid={e.external_id}>
            <RiskScore externalId={e.external_id} fallback={null} compact />
          </li>
        ))}
      </ul>,
    );
    for (const e of rows) {
      const r = scores[e.external_id].result;
      await waitFor(() => expect(screen.getByTestId(e.external_id).textContent).toBe(r ? String(Math.round(r.score)) : '—Not scored'), SLOW);
    }
    expect(scoreCalls()).toHaveLength(1);
    expect(new Set(idsOf(scoreCalls()[0]))).toEqual(new Set(rows.map((e) => e.external_id)));
    const cached = client.getQueryCache().find({ queryKey: riskKeys.score(rows[0].external_id) })!;
    expect((cached.options as { staleTime?: number }).staleTime).toBe(60 * 60 * 1000);
    const model = client.getQueryCache().find({ queryKey: riskKeys.activeModel() })!;
    expect((model.options as { staleTime?: number }).staleTime).toBe(Infinity);
  });

  it('makes no scores call for an agent who may not read risk ratings, and shows the entity’s own score', async () => {
    const e = scored();
    const withoutRisk = { ...agent, permissions: agent.permissions.filter((p) => p !== 'read_risk_ratings' && p !== 'root_all') };
    server.calls.length = 0;
    renderWith(
      <p data-testid="score">
        <RiskScore externalId={e.external_id} fallback={e.risk_score} />
      </p>,
      withoutRisk,
    );
    await waitFor(() => expect(screen.getByTestId('score').textContent).toContain(String(Math.round(e.risk_score!))), SLOW);
    await new Promise((r) => setTimeout(r, 250));
    expect(scoreCalls()).toEqual([]);
    expect(server.calls.some((c) => c.path === '/api/risk/active-risk-model')).toBe(false);
  });
});
