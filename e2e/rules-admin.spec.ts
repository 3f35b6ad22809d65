import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';

// The rules admin dashboard in the browser: internal staff (admin@demo.test) see every
// organisation's rules, move with j and open a rule's admin panel with Enter, copy its spec and see
// "Copied" for 2 seconds; axe on the page and the panel. A manager (not internal staff) is sent home
// like from every internal page, and the call is refused. Screenshots in .tmp/h-admin-e2e/.

const SHOTS = '.tmp/h-admin-e2e';

test('internal staff open a rule’s admin panel by keyboard and copy its spec', async ({ page, context }) => {
  test.slow();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'admin@demo.test');
  await page.goto('/rules-admin');
  await expect(page).toHaveTitle('Vigil | Rules admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Rules admin' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Rules of every organisation' });
  const rows = table.locator('tbody > tr');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  // both demo organisations' rules
  const orgs = new Set(await rows.locator('td:first-child').allTextContents());
  expect(orgs.size).toBeGreaterThanOrEqual(2);
  expect(await seriousViolations(page)).toEqual([]);

  // j to the first rule, again to the second, Enter opens its panel
  await page.locator('body').press('j');
  await page.locator('body').press('j');
  const second = rows.nth(1);
  const ruleId = await second.getAttribute('data-rule-id');
  const title = (await second.getByRole('button').textContent()) ?? '';
  await expect(second.getByRole('button')).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('complementary', { name: `Rule admin ${ruleId} panel` });
  await expect(panel).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`panel=rule-admin(%3A|:)${ruleId}`));
  await expect(panel.getByRole('heading', { name: title })).toBeVisible();
  const spec = panel.getByRole('textbox', { name: 'Spec (JSON)' });
  await expect(spec).toHaveAttribute('readonly', '');
  const specText = await spec.inputValue();
  expect(JSON.parse(specText)).toHaveProperty('condition');

  // copy by keyboard: the chip shows, the clipboard holds the spec, and the chip goes after 2 s
  await panel.getByRole('button', { name: 'Copy Spec (JSON)' }).focus();
  await page.keyboard.press('Enter');
  const copied = panel.getByText('Copied', { exact: true });
  await expect(copied).toBeVisible();
  const shownAt = Date.now();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(specText);
  await page.screenshot({ path: `${SHOTS}/panel-copied.png` });
  await expect(copied).toHaveCount(0, { timeout: 5000 });
  const shownFor = Date.now() - shownAt;
  expect(shownFor).toBeGreaterThan(1500);
  expect(shownFor).toBeLessThan(3500);
  expect(await seriousViolations(page)).toEqual([]);

  // Esc closes the panel
  await page.locator('body').press('Escape');
  await expect(panel).toHaveCount(0);
});

test('a manager is sent home from the rules admin dashboard and refused its call', async ({ page, request }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/rules-admin');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rules admin' })).toHaveCount(0);
  const token = await apiTokenFor(request, 'manager@demo.test');
  const refused = await request.get('/api/rules-admin', { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
});
