import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../src/app/routes';
import { makeAgent as agent } from './fixtures';
import { findRoute, guardOutcome, isAllowed, isRouteAllowed, lastRouteKey, matchPattern, resolveHome } from '../../src/lib/permissions';

describe('matchPattern', () => {
  it('matches static paths exactly', () => {
    expect(matchPattern('/alerts', '/alerts')).toEqual({});
    expect(matchPattern('/alerts', '/alerts/')).toEqual({});
    expect(matchPattern('/alerts', '/alerts/1')).toBeNull();
    expect(matchPattern('/alerts', '/cases')).toBeNull();
  });
  it('captures and decodes parameters', () => {
    expect(matchPattern('/alerts/:id', '/alerts/42')).toEqual({ id: '42' });
    expect(matchPattern('/filings/:reportType/:id', '/filings/SAR/9')).toEqual({ reportType: 'SAR', id: '9' });
    expect(matchPattern('/entities/:id', '/entities/a%20b')).toEqual({ id: 'a b' });
  });
  it('treats a trailing ? as optional', () => {
    expect(matchPattern('/rules/:id/:tab?', '/rules/3')).toEqual({ id: '3' });
    expect(matchPattern('/rules/:id/:tab?', '/rules/3/history')).toEqual({ id: '3', tab: 'history' });
    expect(matchPattern('/rules/:id/:tab?', '/rules')).toBeNull();
  });
  it('rejects malformed escapes instead of throwing', () => {
    expect(matchPattern('/alerts/:id', '/alerts/%E0%A4%A')).toBeNull();
  });
});

describe('the route table', () => {
  it('has unique ids and paths', () => {
    expect(new Set(ROUTES.map((r) => r.id)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });
  it('matches specific patterns before general ones', () => {
    expect(findRoute(ROUTES, '/rules/5/pdf')?.route.id).toBe('rules.pdf');
    expect(findRoute(ROUTES, '/rules/5/versions')?.route.id).toBe('rules.detail');
    expect(findRoute(ROUTES, '/alerts/5/alert-updates')?.route.id).toBe('alerts.updates');
    expect(findRoute(ROUTES, '/alerts/5')?.route.id).toBe('alerts.detail');
    expect(findRoute(ROUTES, '/data-explorer/upload-files')?.route.id).toBe('dataExplorer.uploadFiles');
    expect(findRoute(ROUTES, '/no/such/page')).toBeNull();
  });
  it('gives every route a page name and an area or shell screen', () => {
    for (const route of ROUTES) {
      expect(route.page.length).toBeGreaterThan(0);
      expect(Boolean(route.area) !== Boolean(route.screen)).toBe(true);
    }
  });
});

describe('guards', () => {
  it('all-of needs every permission, any-of one of them', () => {
    expect(isAllowed({ allOf: ['read_alerts', 'read_cases'] }, agent(['read_alerts']))).toBe(false);
    expect(isAllowed({ allOf: ['read_alerts', 'read_cases'] }, agent(['read_alerts', 'read_cases']))).toBe(true);
    expect(isAllowed({ anyOf: ['read_sars', 'read_fintrac_filings'] }, agent(['read_fintrac_filings']))).toBe(true);
    expect(isAllowed({ anyOf: ['read_sars', 'read_fintrac_filings'] }, agent(['read_alerts']))).toBe(false);
    expect(isAllowed(undefined, agent([]))).toBe(true);
  });
  it('feature flags must be on', () => {
    const guard = { flags: ['crash_test' as const] };
    expect(isAllowed(guard, agent(['root_all']))).toBe(false);
    expect(isAllowed(guard, agent([], { feature_flags: ['crash_test'] }))).toBe(true);
  });
  it('root_all satisfies permissions but not flags', () => {
    expect(isAllowed({ allOf: ['read_org_permissions'] }, agent(['root_all']))).toBe(true);
    expect(isAllowed({ flags: ['ai_admin_dashboard'], allOf: ['read_ai_admin_dashboard'] }, agent(['root_all']))).toBe(false);
  });
  it('redirects home when the agent holds some permissions, else to the error route', () => {
    expect(guardOutcome({ allOf: ['read_org_permissions'] }, agent(['read_alerts']))).toBe('home');
    expect(guardOutcome({ allOf: ['read_org_permissions'] }, agent([]))).toBe('error');
    expect(guardOutcome({ allOf: ['read_alerts'] }, agent(['read_alerts']))).toBe('allow');
  });
  it('follows the spec for the org management, AI admin and crash routes', () => {
    const analyst = agent(['read_alerts', 'read_cases']);
    expect(isRouteAllowed(ROUTES, '/org-management', analyst)).toBe(false);
    expect(isRouteAllowed(ROUTES, '/org-management', agent(['read_org_permissions']))).toBe(true);
    const aiAdmin = agent(['read_ai_admin_dashboard', 'ai_admin_agents'], { feature_flags: ['ai_admin_dashboard'] });
    expect(isRouteAllowed(ROUTES, '/ai-admin/agents', aiAdmin)).toBe(true);
    expect(isRouteAllowed(ROUTES, '/ai-admin/tracking', aiAdmin)).toBe(false);
    expect(isRouteAllowed(ROUTES, '/crash', agent(['root_all']))).toBe(false);
  });
  it('only accepts in-app paths', () => {
    expect(isRouteAllowed(ROUTES, 'https://evil.example/alerts', agent(['root_all']))).toBe(false);
    expect(isRouteAllowed(ROUTES, '//evil.example/alerts', agent(['root_all']))).toBe(false);
    expect(isRouteAllowed(ROUTES, '/alerts?status=open#x', agent(['read_alerts']))).toBe(true);
  });
});

describe('home redirect', () => {
  it('prefers the last saved route when it is allowed', () => {
    expect(resolveHome(ROUTES, agent(['read_alerts', 'read_cases']), '/cases/12?panel=alert:3')).toBe('/cases/12?panel=alert:3');
  });
  it('ignores a last route that is no longer allowed or unknown', () => {
    expect(resolveHome(ROUTES, agent(['read_alerts']), '/cases/12')).toBe('/alerts');
    expect(resolveHome(ROUTES, agent(['read_alerts']), '/gone')).toBe('/alerts');
  });
  it('then the configured home route', () => {
    const a = agent(['read_alerts', 'read_risk_ratings']);
    a.settings.home_route = '/risk-ratings';
    expect(resolveHome(ROUTES, a, null)).toBe('/risk-ratings');
  });
  it('then alerts, upload files, cases in that order', () => {
    expect(resolveHome(ROUTES, agent(['read_alerts', 'read_cases', 'read_datafile_uploads']), null)).toBe('/alerts');
    expect(resolveHome(ROUTES, agent(['read_cases', 'read_datafile_uploads']), null)).toBe('/data-explorer/upload-files');
    expect(resolveHome(ROUTES, agent(['read_cases']), null)).toBe('/cases');
  });
  it("falls back to the agent's own profile", () => {
    expect(resolveHome(ROUTES, agent(['read_teams']), null)).toBe('/agents/7');
    expect(resolveHome(ROUTES, agent([]), null)).toBe('/agents/7');
  });
  it('skips a configured home route the agent may not open', () => {
    const a = agent(['read_cases']);
    a.settings.home_route = '/org-management';
    expect(resolveHome(ROUTES, a, null)).toBe('/cases');
  });
  it('keeps the last route per agent', () => {
    expect(lastRouteKey(7)).not.toBe(lastRouteKey(8));
  });
});
