// @vitest-environment jsdom
// The risk ratings list against the real server (issue 10, acceptance 1): every model with its
// title, status, last validation, thresholds and segments, the active one first; "Create draft"
// asking for a title ("Field is required.") and creating a draft with the defaults; "Duplicate
// active model" copying the active model into a draft; no create buttons for an analyst; the rows
// move with j/k (the shared row keys).
import './setup-dom';
import './fetch-stub';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RiskModelListPage } from '../../src/areas/risk-ratings/list/RiskModelListPage';
import type { CurrentAgent } from '../../src/lib/permissions';
import { renderWork } from './work-render';
import { startWorkServer, type WorkServer } from './work-server';

configure({ asyncUtilTimeout: 5000 });
const BASE = '/api/risk/risk-models';
let server: WorkServer;
let manager: CurrentAgent;

beforeAll(async () => {
  server = await startWorkServer('manager@demo.test');
  manager = (await server.api('GET', '/api/agents/me')).json;
});
afterEach(() => cleanup());
afterAll(() => server.close());

const rows = async () => {
  const table = await screen.findByRole('table', { name: 'Risk models' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? ''),
    );
};

describe('risk ratings list', () => {
  it('lists every model with status, last validation, thresholds and segments, the active one first', async () => {
    const models = (await server.api('GET', BASE)).json.risk_models as Array<{ title: string; status: string }>;
    renderWork(<RiskModelListPage />, manager);
    const shown = await rows();
    expect(shown.map((r) => r[0])).toEqual(models.map((m) => m.title));
    const [active] = shown;
    expect(active.slice(1, 5)).toEqual(['Active', expect.stringMatching(/^Success/), 'Low below 40, High above 80', 'Individuals, Businesses']);
    const draft = shown.find((r) => r[1] === 'Draft')!;
    expect(draft[3]).toBe('Low below 35, High above 75');
    expect(screen.getByRole('link', { name: active[0] }).getAttribute('href')).toMatch(/^\/risk-ratings\/\d+$/);
  });

  it('creates a draft with a title', async () => {
    renderWork(<RiskModelListPage />, manager);
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Create draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a draft risk model' });
    const before = server.calls.filter((c) => c.method === 'POST').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    expect(await within(dialog).findByText('Field is required.')).toBeTruthy();
    expect(server.calls.filter((c) => c.method === 'POST').length).toBe(before);
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'From the list' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create draft' }));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'POST' && c.path === BASE && c.status === 201)).toBe(true));
    const created = (await server.api('GET', BASE)).json.risk_models.find((m: { title: string }) => m.title === 'From the list');
    expect(created).toMatchObject({ status: 'draft', low_risk_ceiling: 40, high_risk_floor: 80, last_validation: null });
    expect(created.entity_risk_segments.map((s: { title: string }) => s.title)).toEqual(['All customers']);
  });

  it('duplicates the active model into a draft', async () => {
    const active = (await server.api('GET', '/api/risk/active-risk-model')).json;
    renderWork(<RiskModelListPage />, manager);
    await rows();
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate active model' }));
    await waitFor(() => expect(server.calls.some((c) => c.path === `${BASE}/${active.id}/duplicate` && c.status === 201)).toBe(true));
    const copy = (await server.api('GET', BASE)).json.risk_models.find((m: { title: string }) => m.title === `Copy of ${active.title}`);
    expect(copy).toMatchObject({
      status: 'draft',
      last_validation: null,
      high_risk_floor: active.high_risk_floor,
      entity_risk_segments: active.entity_risk_segments,
    });
  });

  it('moves through the models with j/k and the arrows, each row’s title link taking focus', async () => {
    renderWork(<RiskModelListPage />, manager);
    const shown = await rows();
    expect(shown.length).toBeGreaterThan(1);
    const press = (key: string) => fireEvent.keyDown(document.activeElement ?? document.body, { key });
    press('j');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: shown[0][0] }));
    press('j');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: shown[1][0] }));
    press('k');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: shown[0][0] }));
    press('End');
    expect(document.activeElement).toBe(screen.getByRole('link', { name: shown[shown.length - 1][0] }));
  });

  it('offers no create or duplicate to an analyst', async () => {
    await server.signInAs('analyst@demo.test');
    const analyst = (await server.api('GET', '/api/agents/me')).json as CurrentAgent;
    renderWork(<RiskModelListPage />, analyst);
    await rows();
    expect(screen.queryByRole('button', { name: 'Create draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Duplicate active model' })).toBeNull();
  });
});
