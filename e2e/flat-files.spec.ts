import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

// Flat-file ingestion (issue 9, acceptance 4 and 5): a manager uploads a CSV through the dialog
// as a dry run, follows its chip live from "validating" to "validated {success} / {total} rows",
// reads its errors in the Processing Errors panel (grouped by type, with row, value, raw data and
// columns), debugs it behind the consent modal, downloads the errors as JSON, runs it for real,
// and the page and its panel pass axe. The stream name is unique per run, so nothing here depends
// on another spec, and the rows use external ids no other spec reads.

test.describe.configure({ timeout: 120_000 });

const AGENT = 'manager@demo.test';
const files = (page: Page) => page.getByRole('table', { name: 'Files' });
const panel = (page: Page) => page.getByRole('complementary', { name: /^Processing Errors/ });

function csvFor(stamp: string) {
  return [
    'txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id',
    `FF-${stamp}-1,2026-03-02T10:00:00Z,10,USD,P2P,ff_${stamp}_a,ff_${stamp}_b`,
    `FF-${stamp}-2,2026-03-02T10:05:00Z,12;50O,USD,P2P,ff_${stamp}_a,ff_${stamp}_b`,
    `FF-${stamp}-3,2026-03-02T10:10:00Z,14,usd,P2P,ff_${stamp}_a,ff_${stamp}_b`,
    `FF-${stamp}-4,2026-03-02T10:15:00Z,16,USD,P2P,ff_${stamp}_b,ff_${stamp}_a`,
  ].join('\n');
}

test('a manager uploads a dry run, reads its errors, debugs it and runs it', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const stream = `e2e_${stamp}`;
  const fileName = `payments-${stamp}.csv`;
  await signIn(page, AGENT);
  await page.goto('/data-management/flat-file-ingestion');
  await expect(page.getByRole('heading', { name: 'Flat-file ingestion' })).toBeVisible();

  // the dialog: file, stream, object type, the stream's time zone, dry run
  await page.getByRole('button', { name: 'Upload file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload file' });
  await expect(dialog.getByRole('combobox', { name: 'Stream time zone' })).toContainText('America/New_York');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Choose a CSV file.')).toBeVisible();
  await dialog.getByLabel('File').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csvFor(stamp)) });
  await dialog.getByRole('combobox', { name: 'Stream', exact: true }).fill(stream);
  await dialog.getByRole('combobox', { name: 'Object type' }).selectOption('transactions');
  await dialog.getByRole('combobox', { name: 'Stream time zone' }).selectOption('America/New_York');
  await expect(dialog.getByRole('radio', { name: 'Dry run (validate only)' })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${fileName} uploaded; validating.`)).toBeVisible();

  // the chip follows the file without a reload: validating, then validated with a warning
  const row = files(page).getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText('validated 2 / 4 rows')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('validated 2 / 4 rows')).toHaveAttribute('data-tone', 'warning');
  await expect(row).toContainText(stream);
  expect(await seriousViolations(page)).toEqual([]);

  // the Processing Errors panel
  await row.getByRole('button', { name: `View errors of ${fileName}` }).click();
  await expect(page).toHaveURL(/[?&]panel=view-errors(%3A|:)\d+/);
  await expect(panel(page).getByText(stream, { exact: true })).toBeVisible();
  await expect(panel(page).getByText(fileName, { exact: true })).toBeVisible();
  const transformation = panel(page).getByRole('list', { name: 'Transformation errors' });
  await expect(transformation.getByText("Could not convert '12;50O' to a number.")).toBeVisible();
  await expect(transformation).toContainText('12;50O');
  await expect(transformation).toContainText(`FF-${stamp}-2`);
  await expect(panel(page).getByRole('list', { name: 'Mapping errors' })).toContainText('usd');
  expect(await seriousViolations(page)).toEqual([]);

  // Download JSON has every error of the run
  const [download] = await Promise.all([page.waitForEvent('download'), panel(page).getByRole('button', { name: 'Download JSON' }).click()]);
  expect(download.suggestedFilename()).toBe(`payments-${stamp}-errors.json`);
  const body = JSON.parse(await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8')));
  expect(body).toMatchObject({ file_name: fileName, stream, total: 2, latest_execution: { success_count: 2, failure_count: 2, is_dry_run: true } });

  // Debug File asks first, then shows the key
  await panel(page).getByRole('button', { name: 'Debug File' }).click();
  const consent = page.getByRole('alertdialog', { name: 'Debug File' });
  await expect(consent).toBeVisible();
  await consent.getByRole('button', { name: 'I consent, debug' }).click();
  await expect(panel(page).getByText(/^ddo-\d+-/)).toBeVisible();

  // run it for real: processing, then finished with the good rows in
  await page.keyboard.press('Escape');
  await row.getByRole('button', { name: `Run ${fileName}`, exact: true }).click();
  await expect(row.getByText('finished 2 / 4 rows')).toBeVisible({ timeout: 30_000 });
  await expect(row.getByText('finished 2 / 4 rows')).toHaveAttribute('data-tone', 'warning');
});

test('Debug File that fails says so', async ({ page }) => {
  await signIn(page, AGENT);
  await page.route('**/api/database-connections/pull-based-datafiles/debug/**', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal_error', message: 'boom' } } }),
  );
  const stamp = Date.now().toString(36);
  await page.goto('/data-management/flat-file-ingestion');
  await page.getByRole('button', { name: 'Upload file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload file' });
  await dialog.getByLabel('File').setInputFiles({ name: `debug-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csvFor(stamp)) });
  await dialog.getByRole('combobox', { name: 'Stream', exact: true }).fill(`e2e_dbg_${stamp}`);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const row = files(page)
    .getByRole('row')
    .filter({ hasText: `debug-${stamp}.csv` });
  await row.getByRole('button', { name: /^View errors of/ }).click();
  await panel(page).getByRole('button', { name: 'Debug File' }).click();
  await page.getByRole('alertdialog', { name: 'Debug File' }).getByRole('button', { name: 'I consent, debug' }).click();
  await expect(panel(page).getByRole('alert')).toHaveText('Failed to debug file.');
});
