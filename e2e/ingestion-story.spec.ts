import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

// The ingestion story (issue 9, acceptance 6): a manager creates a custom data setting, uploads a
// CSV with 3 bad rows as a dry run, reads the errors in the Processing Errors panel, fixes the
// stream's mapping (the fee column to the new setting), runs the file, and finds the new
// transactions, fee included, in the data explorer. Names carry a per-run stamp and the rows are
// dated on a day no seed or other spec uses, so the story depends on nothing else.

test.describe.configure({ timeout: 180_000 });

const AGENT = 'manager@demo.test';
const DAY = '2030-06-15';
const filesTable = (page: Page) => page.getByRole('table', { name: 'Files' });
const errorsPanel = (page: Page) => page.getByRole('complementary', { name: /^Processing Errors/ });
const settingPanel = (page: Page) => page.getByRole('complementary', { name: /^Data setting/ });

function storyCsv(stamp: string) {
  const row = (n: number, amount: string, currency = 'USD', id = `ST-${stamp}-${n}`) =>
    `${id},${DAY}T1${n}:00:00Z,${amount},${currency},P2P,st_${stamp}_a,st_${stamp}_b,${n}.25`;
  return [
    'txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id,fee',
    row(1, '101'),
    row(2, '102'),
    row(3, '12;50O'), // bad: not a number
    row(4, '104'),
    row(5, '105', 'usd'), // bad: currencies are case-sensitive
    row(6, '106', 'USD', ''), // bad: no transaction id
    row(7, '107'),
    row(8, '108'),
  ].join('\n');
}

test('a manager defines a field, loads a file with bad rows and finds the good ones in the explorer', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const stream = `story_${stamp}`;
  const fileName = `story-${stamp}.csv`;
  const label = `Fee ${stamp}`;
  await signIn(page, AGENT);

  // 1. a custom data setting for the fee column
  await page.goto('/data-management/data-mapping');
  await page.getByRole('button', { name: 'Add Custom Data Setting' }).click();
  await settingPanel(page).getByRole('textbox', { name: 'Key path' }).fill(`transaction.fee_${stamp}`);
  await settingPanel(page).getByRole('textbox', { name: 'Label' }).fill(label);
  await settingPanel(page).getByRole('combobox', { name: 'Classifier' }).selectOption('event');
  await settingPanel(page).getByRole('combobox', { name: 'Data type' }).selectOption('number');
  await settingPanel(page).getByRole('button', { name: 'Add data setting' }).click();
  await expect(settingPanel(page).getByRole('heading', { name: 'Edit Data Setting' })).toBeVisible();

  // 2. upload the file as a dry run
  await page.goto('/data-management/flat-file-ingestion');
  await page.getByRole('button', { name: 'Upload file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload file' });
  await dialog.getByLabel('File').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(storyCsv(stamp)) });
  await dialog.getByRole('combobox', { name: 'Stream', exact: true }).fill(stream);
  await dialog.getByRole('radio', { name: 'Dry run (validate only)' }).check();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const row = filesTable(page).getByRole('row').filter({ hasText: fileName });
  await expect(row.getByText('validated 5 / 8 rows')).toBeVisible({ timeout: 60_000 });

  // 3. the errors: three rows, each under its type
  await row.getByRole('button', { name: `View errors of ${fileName}` }).click();
  await expect(errorsPanel(page).getByRole('list', { name: 'Transformation errors' })).toContainText('12;50O');
  await expect(errorsPanel(page).getByRole('list', { name: 'Mapping errors' })).toContainText('usd');
  await expect(errorsPanel(page).getByRole('list', { name: 'Conditional required field errors' })).toContainText(
    'likely due to conditions evaluating to false.',
  );
  expect(await seriousViolations(page)).toEqual([]);

  // 4. fix the mapping: the fee column was not recognised; it goes to the new setting
  await errorsPanel(page).getByRole('link', { name: 'Edit mapping' }).click();
  await expect(page.getByRole('tab', { name: 'Stream mapping' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: 'Stream', exact: true })).toHaveValue(stream);
  const fee = page.getByRole('combobox', { name: 'Target of column fee' });
  await expect(fee).toHaveValue('ignored');
  await expect(page.getByRole('combobox', { name: 'Target of column amount' })).toHaveValue('native:amount');
  await fee.selectOption({ label: `${label} (transaction.fee_${stamp})` });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Mapping saved.')).toBeVisible();

  // 5. run it for real
  await page.goto('/data-management/flat-file-ingestion');
  await row.getByRole('button', { name: `Run ${fileName}`, exact: true }).click();
  await expect(row.getByText('finished 5 / 8 rows')).toBeVisible({ timeout: 60_000 });

  // 6. the five good transactions are in the explorer, with their fee
  await page.goto(`/data-explorer?from=${DAY}&to=${DAY}`);
  const grid = page.getByRole('grid', { name: 'Transactions' });
  for (const n of [1, 2, 4, 7, 8]) await expect(grid.getByText(`ST-${stamp}-${n}`, { exact: true })).toBeVisible({ timeout: 15_000 });
  for (const n of [3, 5]) await expect(grid.getByText(`ST-${stamp}-${n}`, { exact: true })).toHaveCount(0);
  // the transaction's id links to its page, where the fee shows under the new setting's label
  await grid.getByText(`ST-${stamp}-7`, { exact: true }).click();
  await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: /^7\.25$/ })).toBeVisible();
});
