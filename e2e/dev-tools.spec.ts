import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// Developer tools (issue 11, acceptance 7): the menu for internal staff only; the feature flags
// panel; the request tool's invalid-JSON highlight, raw answer and failure text; the permission
// auditor; the new-design toggle across a reload; the crash-test page. Every flag it turns on is
// turned off again, and the design preference lives in this test's browser only.

test.describe.configure({ timeout: 240_000 });

const INTERNAL = 'admin@demo.test';

const openTool = async (page: Page, name: string) => {
  await page.getByRole('button', { name: 'Developer tools' }).click();
  await page.getByRole('menuitem', { name }).click();
};

test('everyone else sees no developer tools, is refused their calls and kept off the crash page', async ({ page, request }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Announcements' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Developer tools' })).toHaveCount(0);
  await page.goto('/crash');
  await expect(page).not.toHaveURL(/\/crash$/);
  const token = await apiTokenFor(request, 'manager@demo.test');
  const refused = await request.get('/api/dev-tools/permission-audit?org_id=1', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
});

test('an internal agent uses the request tool, the auditor, the flags and the new design', async ({ page, request }) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => (m.type() === 'error' ? consoleErrors.push(m.text()) : undefined));
  // the flag starts off even when an earlier try of this test stopped with it on
  const internalToken = await apiTokenFor(request, INTERNAL);
  const reset = await request.put('/api/dev-tools/feature-flags', {
    headers: { Authorization: `Bearer ${internalToken}` },
    data: { org_id: 1, name: 'crash_test', enabled: false },
  });
  expect(reset.status()).toBe(200);
  await signIn(page, INTERNAL);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Developer tools' })).toBeVisible({ timeout: 20_000 });

  // request tool: an invalid body is highlighted and cannot be sent
  await openTool(page, 'Request tool');
  const dialog = page.getByRole('dialog', { name: 'Request tool' });
  await dialog.getByLabel('Method').selectOption('POST');
  await dialog.getByLabel('Path').fill('/api/alerts/search');
  const body = dialog.getByLabel(/JSON body/);
  await body.fill('{"phrase": ');
  await expect(body).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText(/^The body is not valid JSON: /)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  expect(await seriousViolations(page)).toEqual([]);
  await body.fill('{}');
  await expect(body).toHaveAttribute('aria-invalid', 'false');

  // a failing call: the spec's text, the raw answer with its status, the details in the console
  await dialog.getByLabel('Method').selectOption('GET');
  await dialog.getByLabel('Path').fill('/api/no-such-call');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Error! See console for details.');
  await expect(dialog.getByText(/Status 404/)).toBeVisible();
  expect(consoleErrors.some((e) => e.includes('Request tool: GET /api/no-such-call answered 404'))).toBe(true);

  // a good call shows the raw answer
  await dialog.getByLabel('Path').fill('/api/agents/me');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText(/Status 200/)).toBeVisible();
  await expect(dialog.getByLabel('Raw answer')).toContainText('"email": "admin@demo.test"');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // permission auditor: routes and operations with what they need and who gets through
  await openTool(page, 'Permission auditor');
  const auditor = page.getByRole('dialog', { name: 'Permission auditor' });
  const routes = auditor.getByRole('table', { name: 'Console routes' });
  await expect(routes.getByRole('row', { name: /\/crash/ })).toContainText('or internal staff');
  await expect(routes.getByRole('row', { name: /\/crash/ })).toContainText('Ada Admin');
  expect(await seriousViolations(page)).toEqual([]);
  await auditor.getByRole('tab', { name: /API operations/ }).click();
  await auditor.getByRole('searchbox', { name: 'Search' }).fill('/api/dev-tools/permission-audit');
  const ops = auditor.getByRole('table', { name: 'API operations' });
  await expect(ops.getByRole('row')).toHaveCount(2);
  await expect(ops.getByRole('row').nth(1)).toContainText('agent flag: internal_staff');
  await expect(ops.getByRole('row').nth(1)).toContainText('Ada Admin');
  await auditor.getByRole('button', { name: 'Close' }).click();

  // feature flags of the own organisation: the console follows the switch
  await openTool(page, 'Feature flags');
  const panel = page.getByRole('complementary', { name: /Feature flags/ });
  const crash = panel.getByRole('switch', { name: 'crash_test' });
  await expect(crash).not.toBeChecked();
  await crash.check();
  await expect(crash).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  // the organisation's agents get the flag (a separate request context: the browser keeps its session)
  const managerToken = await apiTokenFor(request, 'manager@demo.test');
  const me = await (await request.get('/api/agents/me', { headers: { Authorization: `Bearer ${managerToken}` } })).json();
  expect(me.feature_flags).toContain('crash_test');
  await crash.uncheck();
  await expect(crash).not.toBeChecked();

  // new design: switched, remembered across a reload, and switched back
  const canvas = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--colors-canvas').trim());
  const before = await canvas();
  await page.getByRole('button', { name: 'Developer tools' }).click();
  await page.getByRole('menuitemcheckbox', { name: /New design/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-design', 'new');
  expect(await canvas()).not.toBe(before);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-design', 'new');
  await expect(page.getByRole('button', { name: 'Developer tools' })).toBeVisible({ timeout: 20_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Developer tools' }).click();
  await expect(page.getByRole('menuitemcheckbox', { name: /New design/ })).toHaveAttribute('aria-checked', 'true');
  await page.getByRole('menuitemcheckbox', { name: /New design/ }).click();
  await expect(page.locator('html')).not.toHaveAttribute('data-design', 'new');

  // the crash page is open to internal staff without the flag
  await page.goto('/crash');
  await expect(page).toHaveURL(/\/crash$/);
  await expect(page.getByText(/Something unexpected has happened/)).toBeVisible();
});
