// Every built page of the route table, each tab that is a page of its own, the right panel's views
// and the dialogs of an alert, checked by axe with its experimental rules on (e2e/axe-helpers.ts):
// no violation of any impact. The pages that are "coming soon" share one component; one of them
// stands for all. The list below is checked against src/app/route-table.ts, so a page added there
// and built is not left out.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ROUTES } from '../src/app/route-table';
import { allViolations, EXPERIMENTAL_RULES } from './axe-helpers';
import { CONSOLE_URL } from './env';
import { signIn } from './sign-in-helpers';
import { apiTokenFor, ensureOpenAlerts } from './work-helpers';

/** Routes whose areas show "coming soon" (src/ui/ComingSoon.tsx): one of them is checked, '/lists'. */
const COMING_SOON = new Set([
  'lists.list',
  'ai.chat',
  'ai.agents',
  'ai.agent',
  'operations.workflows',
  'operations.checklist',
  'operations.webhook',
  'operations.quality',
  'reporting.home',
  'aiAdmin.home',
  'aiAdmin.agents',
  'aiAdmin.tracking',
  'aiAdmin.stats',
  'aiAdmin.prompts',
  'aiAdmin.experimentation',
]);

interface Ids {
  alert: number;
  kase: number;
  entity: number;
  instrument: number;
  transaction: number;
  actionEvent: number;
  riskModel: number;
  riskDraft: number;
  agent: number;
  team: number;
  dataSetting: number;
  rule: number;
  ctrBatch: number;
}

interface Visit {
  /** The route-table id the page belongs to. */
  route: string;
  path: (ids: Ids) => string;
  /** Signed out (the login pages). */
  signedOut?: boolean;
  /** Told apart from another visit of the same address pattern. */
  note?: string;
}

const VISITS: Visit[] = [
  { route: 'home', path: () => '/' },
  { route: 'login.agent', path: () => '/agent-login', signedOut: true },
  { route: 'login.email', path: () => '/email-login?token=not-a-token', signedOut: true },
  { route: 'alerts.list', path: () => '/alerts' },
  { route: 'alerts.pdf', path: (i) => `/alerts/${i.alert}/pdf` },
  { route: 'alerts.score', path: (i) => `/alerts/${i.alert}/alert-score` },
  { route: 'alerts.updates', path: (i) => `/alerts/${i.alert}/alert-updates` },
  { route: 'alerts.consortium', path: (i) => `/alerts/${i.alert}/consortium-hits` },
  { route: 'alerts.customData', path: (i) => `/alerts/${i.alert}/custom-data` },
  { route: 'alerts.detail', path: (i) => `/alerts/${i.alert}` },
  { route: 'alerts.detail', path: (i) => `/alerts/${i.alert}?tab=transactions` },
  { route: 'alerts.detail', path: (i) => `/alerts/${i.alert}?tab=action-events` },
  { route: 'alerts.detail', path: (i) => `/alerts/${i.alert}?tab=instruments` },
  { route: 'cases.list', path: () => '/cases' },
  { route: 'cases.pdf', path: (i) => `/cases/${i.kase}/pdf` },
  { route: 'cases.detail', path: (i) => `/cases/${i.kase}` },
  { route: 'dataExplorer.home', path: () => '/data-explorer' },
  { route: 'dataExplorer.home', path: () => '/data-explorer?tab=action-events' },
  { route: 'dataExplorer.uploadFiles', path: () => '/data-explorer/upload-files' },
  { route: 'dataExplorer.transaction', path: (i) => `/data-explorer/transactions/${i.transaction}` },
  { route: 'dataExplorer.actionEvent', path: (i) => `/data-explorer/action-events/${i.actionEvent}` },
  { route: 'dataExplorer.entity', path: (i) => `/entities/${i.entity}` },
  ...['action-events', 'risk', 'documents', 'rule-silencing', 'network-analysis', 'relationships', 'geolocation', 'consortium-hits'].map((tab) => ({
    route: 'dataExplorer.entity',
    path: (i: Ids) => `/entities/${i.entity}?tab=${tab}`,
  })),
  { route: 'dataExplorer.instrument', path: (i) => `/instruments/${i.instrument}` },
  { route: 'dataManagement.flatFiles', path: () => '/data-management/flat-file-ingestion' },
  { route: 'dataManagement.mapping', path: () => '/data-management/data-mapping' },
  { route: 'dataManagement.mapping', path: () => '/data-management/data-mapping?tab=stream-mapping' },
  { route: 'riskRatings.list', path: () => '/risk-ratings' },
  { route: 'riskRatings.model', path: (i) => `/risk-ratings/${i.riskModel}`, note: 'the active model' },
  { route: 'riskRatings.model', path: (i) => `/risk-ratings/${i.riskDraft}`, note: 'a draft, in the editor' },
  { route: 'people.agent', path: (i) => `/agents/${i.agent}` },
  { route: 'people.agent', path: (i) => `/agents/${i.agent}?tab=teams` },
  { route: 'people.agent', path: (i) => `/agents/${i.agent}?tab=notifications` },
  { route: 'people.team', path: (i) => `/teams/${i.team}` },
  { route: 'people.userManagement', path: () => '/user-management' },
  { route: 'people.userManagement', path: () => '/user-management?tab=teams' },
  { route: 'operations.queues', path: () => '/queues' },
  { route: 'orgManagement.home', path: () => '/org-management' },
  { route: 'orgManagement.auditLog', path: () => '/audit-log' },
  { route: 'notifications.list', path: () => '/notifications' },
  { route: 'error', path: () => '/error' },
  { route: 'crash', path: () => '/crash' },
  // the catch-all page and a "coming soon" page
  { route: 'notFound', path: () => '/no-such-page' },
  { route: 'lists.list', path: () => '/lists', note: 'coming soon' },
  // the file exports list
  { route: 'reporting.fileExports', path: () => '/reporting/file-exports' },
  // the dashboards
  { route: 'dashboards.home', path: () => '/dashboards' },
  // the filings list and a SAR's page
  { route: 'filings.list', path: () => '/filings' },
  { route: 'filings.detail', path: () => '/filings/sar/1', note: 'a SAR' },
  // the rules area: the list, each tab of a rule, the editor, the PDF, and the rules admin
  { route: 'rules.list', path: () => '/rules' },
  { route: 'rules.detail', path: (i) => `/rules/${i.rule}/definition` },
  { route: 'rules.detail', path: (i) => `/rules/${i.rule}/validation`, note: 'validation tab' },
  { route: 'rules.detail', path: (i) => `/rules/${i.rule}/shadow-results`, note: 'shadow results tab' },
  { route: 'rules.detail', path: (i) => `/rules/${i.rule}/history`, note: 'history tab' },
  { route: 'rules.detail', path: () => '/rules/new', note: 'the editor' },
  { route: 'rules.pdf', path: (i) => `/rules/${i.rule}/pdf` },
  { route: 'rulesAdmin.home', path: () => '/rules-admin' },
  // the right panel's built views over a page, and one "coming soon" view
  { route: 'panel', path: (i) => `/alerts?panel=alert:${i.alert}` },
  { route: 'panel', path: (i) => `/cases?panel=case:${i.kase}` },
  { route: 'panel', path: (i) => `/alerts?panel=entity:${i.entity}` },
  { route: 'panel', path: (i) => `/alerts?panel=instrument:${i.instrument}` },
  { route: 'panel', path: (i) => `/data-explorer?panel=transaction:${i.transaction}` },
  { route: 'panel', path: (i) => `/data-explorer?tab=action-events&panel=action-event:${i.actionEvent}` },
  { route: 'panel', path: (i) => `/user-management?panel=permissions:${i.agent}` },
  { route: 'panel', path: (i) => `/data-management/data-mapping?panel=data-setting:${i.dataSetting}` },
  { route: 'panel', path: () => '/alerts?panel=feature-flags' },
  { route: 'panel', path: (i) => `/rules-admin?panel=rule-admin:${i.rule}` },
  { route: 'panel', path: () => '/alerts?panel=sar:1' },
  { route: 'panel', path: (i) => `/alerts?panel=ctr-entity-custom-data:${i.entity}` },
  { route: 'panel', path: () => '/alerts?panel=table-config:1', note: 'coming soon' },
  { route: 'panel', path: (i) => `/filings?type=CTR&panel=filings-batch:${i.ctrBatch}` },
  { route: 'panel', path: () => '/filings?panel=filing-settings', note: 'the FinCEN and FINTRAC settings' },
];

async function json<T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(answer.ok(), `${answer.url()} answered ${answer.status()}`).toBe(true);
  return (await answer.json()) as T;
}

/** One object of each kind to open, from the demo data, through the product's API. */
async function findIds(request: APIRequestContext): Promise<Ids> {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'admin@demo.test')}` };
  const get = <T>(path: string) => request.get(path, { headers }).then((a) => json<T>(a));
  const post = <T>(path: string, data: unknown) => request.post(path, { headers, data }).then((a) => json<T>(a));

  // An open alert, so its page shows the assignee and queue pickers and the status moves.
  await ensureOpenAlerts(request, { count: 1 });
  const alerts = (
    await post<{ alerts: { id: number }[] }>('/api/alerts/list', { statuses: ['OPEN'], sort_column: 'id', sort_direction: 'ascending', limit: 1 })
  ).alerts;
  const cases = (await post<{ cases: { id: number }[] }>('/api/cases/list', { limit: 1 })).cases;
  const txns = (await post<{ txn_events: { id: number }[] }>('/api/txn-events/list', { limit: 1 })).txn_events;
  const actions = (await post<{ action_events: { id: number; entity: { id: number } | null }[] }>('/api/action-events/list', { limit: 50 })).action_events;
  const entity = actions.find((a) => a.entity)!.entity!.id;
  const instruments = (await get<{ instruments: { id: number }[] }>(`/api/entities/${entity}/instruments`)).instruments;
  const models = (await get<{ risk_models: { id: number; status: string }[] }>('/api/risk/risk-models')).risk_models;
  const me = await get<{ id: number }>('/api/agents/me');
  const teams = (await get<{ teams: { id: number }[] }>('/api/user-management/teams')).teams;
  const settings = (await get<{ data_settings: { id: number }[] }>('/api/data-settings')).data_settings;
  const rules = (await get<{ rules: { id: number }[] }>('/api/rules?limit=1')).rules;
  const ctr = (await post<{ batches: { id: number }[] }>('/api/filings/grouped', { report_type: 'CTR', limit: 1 })).batches;
  return {
    alert: alerts[0].id,
    kase: cases[0].id,
    entity,
    instrument: instruments[0].id,
    transaction: txns[0].id,
    actionEvent: actions[0].id,
    riskModel: (models.find((m) => m.status === 'active') ?? models[0]).id,
    riskDraft: (models.find((m) => m.status === 'draft') ?? models[0]).id,
    agent: me.id,
    team: teams[0].id,
    dataSetting: settings[0].id,
    rule: rules[0].id,
    ctrBatch: ctr[0].id,
  };
}

/** Waits until the page has loaded what it shows: no loading indicator, nothing busy. */
async function settled(page: Page) {
  // The page's own heading: the shell alone (its area's code still loading) is not the page.
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await page
    .waitForFunction(
      () =>
        !document.querySelector('[aria-busy="true"]') &&
        ![...document.querySelectorAll('[role="status"]')].some((s) => /^Loading|…$/.test((s.textContent ?? '').trim())),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

// The wide layout (the navigation expanded, as at 1500 px and more); most other specs check the
// default, narrower one.
test.use({ viewport: { width: 1600, height: 1000 } });

let ids: Ids;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  ids = await findIds(request);
  await request.dispose();
});

test('the checks run axe’s experimental rules', async ({ page }) => {
  expect(EXPERIMENTAL_RULES).toContain('label-content-name-mismatch');
  // A chip named apart from what it shows, as the assignee chip once was.
  await page.setContent(
    '<!doctype html><html lang="en"><title>Check</title><main><h1>Check</h1>' +
      '<button type="button" aria-label="Assignee: Avery Analyst. Change assignee"><span aria-hidden="true">AA</span> Avery Analyst</button></main></html>',
  );
  expect(await allViolations(page)).toEqual([expect.stringMatching(/^label-content-name-mismatch: /)]);
});

test('every built route of the route table is visited', () => {
  const visited = new Set(VISITS.map((v) => v.route));
  const built = ROUTES.filter((r) => !COMING_SOON.has(r.id)).map((r) => r.id);
  expect(built.filter((id) => !visited.has(id))).toEqual([]);
});

for (const visit of VISITS) {
  const label = visit
    .path({
      alert: 1,
      kase: 1,
      entity: 1,
      instrument: 1,
      transaction: 1,
      actionEvent: 1,
      riskModel: 1,
      riskDraft: 1,
      agent: 1,
      team: 1,
      dataSetting: 1,
      rule: 1,
      ctrBatch: 1,
    })
    .replace(/([/:])1(?=\/|\?|&|$)/g, '$1{id}');
  test(`axe finds nothing on ${label}${visit.note ? ` (${visit.note})` : ''}`, async ({ page }) => {
    if (!visit.signedOut) await signIn(page, 'admin@demo.test');
    await page.goto(visit.path(ids));
    await settled(page);
    if (visit.route === 'panel') await expect(page.getByRole('complementary', { name: / panel$/ })).toBeVisible();
    expect(await allViolations(page)).toEqual([]);
  });
}

test('axe finds nothing in an open alert’s dialogs and popovers, nor in the palette and the shortcut sheet', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto(`/alerts/${ids.alert}`);
  await settled(page);
  const check = async (name: string, opened: Locator) => {
    await expect(opened, name).toBeVisible();
    expect(await allViolations(page), name).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(opened, name).toBeHidden();
  };

  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type('Close');
  await check('palette', palette);
  await page.keyboard.press('Shift+?');
  await check('shortcut sheet', page.getByRole('dialog', { name: 'Keyboard shortcuts' }));

  await page.getByRole('button', { name: 'Close alert' }).click();
  await check('close alert', page.getByRole('dialog', { name: 'Close alert' }));
  await page.getByRole('button', { name: 'Edit Deadline' }).click();
  await check('deadline', page.getByRole('dialog', { name: 'Edit Deadline' }));
  await page.getByRole('button', { name: /^Assignee: / }).click();
  await check('assignee picker', page.getByRole('dialog', { name: 'Change assignee' }));
  await page.getByRole('button', { name: /^Queue: / }).click();
  await check('queue picker', page.getByRole('dialog', { name: 'Change queue' }));
});

test('axe finds nothing on the Rule Silencing tab with a silence listed, in its dialogs, nor in Create alert', async ({ page }) => {
  // a silence of every rule to list and lift (another spec may have left others)
  const headers = { Authorization: `Bearer ${await apiTokenFor(page.request, 'admin@demo.test')}` };
  const made = await page.request.post(`/api/entities/${ids.entity}/rule-silences`, {
    headers,
    data: { reason: 'Axe sweep: known test customer', expires_at: null },
  });
  expect(made.status()).toBe(201);
  await signIn(page, 'admin@demo.test');
  await page.goto(`/entities/${ids.entity}?tab=rule-silencing`);
  await settled(page);
  await expect(page.getByRole('table', { name: 'Rule silences' })).toBeVisible();
  expect(await allViolations(page), 'the tab with a silence').toEqual([]);
  const check = async (name: string, opened: Locator) => {
    await expect(opened, name).toBeVisible();
    expect(await allViolations(page), name).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(opened, name).toBeHidden();
  };

  await page.getByRole('button', { name: 'Silence a rule' }).click();
  const silence = page.getByRole('dialog', { name: 'Silence a rule' });
  await expect(silence).toBeVisible();
  // with the form's messages showing
  await silence.getByRole('combobox', { name: 'Ends' }).selectOption('at');
  await silence.getByRole('button', { name: 'Silence', exact: true }).click();
  await expect(silence.getByText('A reason is required.')).toBeVisible();
  await check('silence a rule', silence);
  await page
    .getByRole('table', { name: 'Rule silences' })
    .getByRole('row')
    .filter({ hasText: 'Axe sweep: known test customer' })
    .getByRole('button', { name: 'Lift the silence of All rules' })
    .first()
    .click();
  await check('lift a silence', page.getByRole('alertdialog', { name: 'Lift this silence?' }));

  await page.getByRole('button', { name: 'Create alert' }).click();
  const create = page.getByRole('dialog', { name: 'Create alert' });
  await expect(create).toBeVisible();
  await create.getByRole('button', { name: 'Create alert' }).click();
  await expect(create.getByText('A title is required.')).toBeVisible();
  await check('create alert', create);
});

test('axe finds nothing on a FINTRAC report’s page and panel, nor on the FINTRAC filings list', async ({ page }) => {
  // FINTRAC reports are Northwind's (a Canadian credit union)
  const headers = { Authorization: `Bearer ${await apiTokenFor(page.request, 'admin@northwind.test')}` };
  const listed = await page.request.post('/api/filings/grouped', { headers, data: { report_type: 'FINTRAC', include_filings: true, limit: 10 } });
  const body = await json<{ batches: Array<{ reports?: Array<{ id: number }> }>; unbatched_reports?: Array<{ id: number }> }>(listed);
  const report = [...(body.unbatched_reports ?? []), ...body.batches.flatMap((b) => b.reports ?? [])][0];
  expect(report, 'a FINTRAC report of Northwind').toBeTruthy();
  await signIn(page, 'admin@northwind.test');
  for (const path of [`/filings/fintrac/${report.id}`, `/filings?type=FINTRAC&panel=fintrac:${report.id}`, '/filings?type=FINTRAC&panel=filing-settings']) {
    await page.goto(path);
    await settled(page);
    if (path.includes('panel=')) await expect(page.getByRole('complementary', { name: / panel$/ })).toBeVisible();
    else await expect(page.getByRole('form', { name: 'FINTRAC report editor' })).toBeVisible();
    expect(await allViolations(page), path).toEqual([]);
  }
});
