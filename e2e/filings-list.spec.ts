import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';

// The Filings list in the browser: the manager opens /filings, filters the SARs by a status (kept
// in the address), moves between the rows with j/k and opens a SAR with Enter; then lists the CTR
// batches, opens a batch's panel from its header and downloads its FinCEN CTR batch file. axe on
// the list and on the open panel. Screenshots in .tmp/h-filings-list/.

test.describe.configure({ timeout: 180_000 });
const slow = expect.configure({ timeout: 30_000 });
const SHOTS = '.tmp/h-filings-list';

const table = (page: Page) => page.getByRole('table', { name: 'Filings by batch' });
const focusedHref = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);

test('the manager filters filings by status, opens a SAR by keyboard and downloads a CTR batch', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/filings');
  await slow(
    table(page)
      .getByRole('button', { name: /^Batch \d+$/ })
      .first(),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

  // filter by the status of the first SAR filed in a batch
  const firstBatchSar = table(page).locator('tr[data-batch-id] ~ tr[data-sar-id]').first();
  const status = (await firstBatchSar.locator('td').nth(1).innerText()).trim();
  await page.getByRole('button', { name: /^Status/ }).click();
  await page.getByRole('menuitemcheckbox', { name: status, exact: true }).click();
  await page.keyboard.press('Escape');
  await slow(page).toHaveURL(/[?&]status=[A-Z_]+/);
  const sarRows = table(page).locator('tr[data-sar-id]');
  await slow(sarRows.first()).toBeVisible();
  const statuses = await sarRows.locator('td:nth-child(2)').allInnerTexts();
  expect(statuses.length).toBeGreaterThan(0);
  expect(new Set(statuses.map((s) => s.trim()))).toEqual(new Set([status]));

  // j moves to the first row (a batch's header), j again to its first SAR, k back up, j, Enter opens it
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  await page.keyboard.press('j');
  await expect(page.locator(':focus')).toHaveText(/^Batch \d+$/);
  await page.keyboard.press('j');
  const href = await focusedHref(page);
  expect(href).toMatch(/^\/filings\/sar\/\d+$/);
  await page.keyboard.press('k');
  await expect(page.locator(':focus')).toHaveText(/^Batch \d+$/);
  await page.keyboard.press('j');
  expect(await focusedHref(page)).toBe(href);
  await page.keyboard.press('Enter');
  await slow(page).toHaveURL(new RegExp(`${href}$`));

  // the CTR batches: a batch's header opens its panel, Download Batch saves the file
  await page.goto('/filings?type=CTR');
  const headers = table(page).getByRole('button', { name: /^Batch \d+$/ });
  await slow(headers.first()).toBeVisible();
  // the newest CTR batch is still being generated; the one before it has its file
  await headers.first().click();
  const panel = page.getByRole('complementary', { name: /Batch \d+ panel/ });
  await slow(panel.getByRole('button', { name: 'Download Batch' })).toBeVisible();
  await panel.getByRole('button', { name: 'Download Batch' }).click();
  await expect(panel.getByText('Batch generation pending')).toBeVisible();

  const second = headers.nth(1);
  const id = (await second.innerText()).replace('Batch ', '').trim();
  await second.click();
  const ready = page.getByRole('complementary', { name: `Batch ${id} panel` });
  await slow(ready.getByRole('heading', { name: `Batch ${id}`, level: 2 })).toBeVisible();
  await slow(ready.getByText('Created by', { exact: true })).toBeVisible();
  // the other batch's outcome is not this one's
  await expect(ready.getByText('Batch generation pending')).toBeHidden();
  for (const label of ['Total', 'Accepted', 'Rejected', 'Date range', 'Created by']) await expect(ready.getByText(label, { exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/batch-panel.png`, fullPage: true });
  const [download] = await Promise.all([page.waitForEvent('download'), ready.getByRole('button', { name: 'Download Batch' }).click()]);
  expect(download.suggestedFilename()).toBe(`CtrBatch${id}.xml`);
  const body = Buffer.concat(await (await download.createReadStream()).toArray()).toString('utf8');
  expect(body).toContain('<EFilingBatchXML');
});
