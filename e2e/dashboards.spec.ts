import { expect, test } from '@playwright/test';
import { allViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';

// Dashboards (issue 23): a manager opens the dashboards, widens the range to the seeded work,
// switches a chart to bars, hides one in the configurator, reloads and finds it hidden and the
// other still drawn as bars. The manager's own config is forgotten first, so the spec starts from
// the defaults however often it runs.

test.describe.configure({ timeout: 180_000 });
expect.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1400, height: 1000 } });

const chart = (page: import('@playwright/test').Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: title, level: 3 }) });

test('a manager switches a chart to bars, hides another, and finds both so after a reload', async ({ page, request }) => {
  const token = await apiTokenFor(request, 'manager@demo.test');
  expect((await request.delete('/api/reporting/dashboard-config', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(200);

  await signIn(page, 'manager@demo.test');
  await page.goto('/dashboards');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboards' })).toBeVisible();
  for (const title of ['KPIs', 'Alerts', 'Cases', 'SARs']) await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await page.getByLabel('From').fill(new Date(Date.now() - 700 * 86_400_000).toISOString().slice(0, 10));

  const overTime = chart(page, 'Alerts over time');
  await expect(overTime.locator('svg path[fill="transparent"]').first()).toBeAttached({ timeout: 15_000 });
  await overTime.getByRole('button', { name: 'Show as bars' }).click();
  await expect(overTime.getByRole('button', { name: 'Show as lines' })).toBeVisible();
  await expect(overTime.locator('svg .visx-bar').first()).toBeAttached({ timeout: 15_000 });

  const alerts = page.getByRole('region', { name: 'Alerts', exact: true });
  await alerts.getByRole('button', { name: 'Choose charts' }).click();
  await alerts.getByRole('checkbox', { name: 'Alerts per queue' }).uncheck();
  await expect(page.getByRole('heading', { level: 3, name: 'Alerts per queue' })).toHaveCount(0);

  expect(await allViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 3, name: 'Alerts over time' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Alerts per queue' })).toHaveCount(0);
  await expect(chart(page, 'Alerts over time').getByRole('button', { name: 'Show as lines' })).toBeVisible();
});
