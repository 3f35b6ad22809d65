import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

test('a signed-out visitor is sent to the login page', async ({ page }) => {
  await page.goto('/alerts');
  await expect(page).toHaveURL(/\/agent-login$/);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page).toHaveTitle('Vigil | Log in');
});

test('a manager lands on the home redirect inside the shell', async ({ page }) => {
  // axe over the alert list's hundred rows takes most of the default 30 s on a loaded machine.
  test.slow();
  await signIn(page, 'manager@demo.test');
  await page.goto('/');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page).toHaveTitle('Vigil | Alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Alerts' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Cases' })).toBeVisible();
  // The manager preset has no org permissions and is not internal staff.
  await expect(nav.getByRole('link', { name: 'Org management' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Developer tools' })).toHaveCount(0);
  await expect(page.getByRole('banner')).toContainText('PG');
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);
});

test('the top bar controls are named by the text they show', async ({ page }) => {
  // Internal staff see every control the top bar has (developer tools, organisation switching).
  await signIn(page, 'admin@demo.test');
  await page.goto('/cases');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: 'Search' })).toBeVisible();
  await expect(banner.getByRole('button', { name: 'Account' })).toBeVisible();
  // label-content-name-mismatch (WCAG 2.5.3) is one of axe's experimental rules: off unless asked for.
  const results = await new AxeBuilder({ page }).include('header').withRules(['label-content-name-mismatch']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  // The rule did look at the named controls (an inapplicable rule would pass without looking).
  const looked = results.passes.flatMap((r) => r.nodes.map((n) => n.html));
  expect(looked.filter((html) => /aria-label="Search"|data-part="trigger"/.test(html)).length).toBeGreaterThanOrEqual(2);
});

test('a guarded route sends an analyst home, and the title names the page', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/org-management');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page).toHaveTitle('Vigil | Alerts');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cases' }).click();
  await expect(page).toHaveURL(/\/cases$/);
  await expect(page).toHaveTitle('Vigil | Cases');
});

test('a panel link reopens the panel and Esc closes it', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/alerts/12?panel=alert:12');
  const panel = page.getByRole('complementary', { name: 'Alert 12 panel' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Alert 12' })).toBeVisible();
  expect((await panel.boundingBox())?.width).toBeCloseTo(370, 0);
  await page.locator('body').press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/\/alerts\/12$/);
});

test('an unknown address shows the not-found page', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Vigil | Page not found');
  await page.getByRole('link', { name: 'Take me home' }).click();
  await expect(page).toHaveURL(/\/alerts$/);
});

test('the account popover shows the agent and logs out', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/cases');
  await page.getByRole('button', { name: 'Account' }).click();
  const popover = page.getByRole('dialog', { name: 'Account' });
  await expect(popover).toContainText('Morgan Manager');
  await expect(popover).toContainText('manager@demo.test');
  await expect(popover).toContainText('Demo Bank');
  await popover.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/agent-login$/);
  await page.goto('/cases');
  await expect(page).toHaveURL(/\/agent-login$/);
});

test('internal staff switch organisation from the account popover and see the banner', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/cases');
  await page.getByRole('button', { name: 'Account' }).click();
  const popover = page.getByRole('dialog', { name: 'Account' });
  await expect(popover.getByRole('button', { name: /Demo Bank/ })).toBeDisabled();
  await popover.getByRole('button', { name: 'Northwind Credit Union' }).click();
  // the console reloads and the home redirect returns to the last saved route
  await expect(page.getByRole('note', { name: 'Organisation' })).toBeVisible();
  await expect(page).toHaveURL(/\/cases$/);
  await expect(page.getByRole('note', { name: 'Organisation' })).toHaveText('You are working in Northwind Credit Union');
  // and back home: the banner goes
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Demo Bank' }).click();
  await expect(page).toHaveURL(/\/cases$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible();
  await expect(page.getByRole('note', { name: 'Organisation' })).toHaveCount(0);
});
