import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

// Data settings on the data-mapping page (issue 9, acceptance 1): the tab in the address, search
// and classifier filter, "Add Custom Data Setting" in the right panel with the spec's checks, a
// save, then "Edit Data Setting" of what was added; accessibility of the page and the panel. The
// setting it adds is a watchlist setting with a unique key path: no list or layout of another spec
// shows watchlist settings.

test.describe.configure({ timeout: 90_000 });

const AGENT = 'manager@demo.test';
const table = (page: Page) => page.getByRole('table', { name: 'Data settings' });
const panel = (page: Page) => page.getByRole('complementary', { name: /^Data setting/ });

test('a manager finds, adds and edits a custom data setting', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const keyPath = `watchlist.e2e_${stamp}`;
  await signIn(page, AGENT);
  await page.goto('/data-management/data-mapping');
  await expect(page.getByRole('tab', { name: 'Data settings' })).toHaveAttribute('aria-selected', 'true');
  await expect(table(page).getByRole('row').nth(1)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // search and classifier
  await page.getByRole('searchbox', { name: 'Search data settings' }).fill('transaction.memo');
  await expect(table(page).getByRole('row')).toHaveCount(2);
  await page.getByRole('searchbox', { name: 'Search data settings' }).fill('');
  await page.getByRole('group', { name: 'Classifier' }).getByRole('button', { name: 'Instrument' }).click();
  for (const cell of await table(page).getByRole('row').locator('td:nth-child(3)').allTextContents()) expect(cell).toBe('Instrument');
  await page.getByRole('group', { name: 'Classifier' }).getByRole('button', { name: 'All' }).click();

  // add: the checks speak first, then the save
  await page.getByRole('button', { name: 'Add Custom Data Setting' }).click();
  await expect(panel(page).getByRole('heading', { name: 'Add Custom Data Setting' })).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Key path' }).fill(`watchlist. e2e_${stamp}`);
  await expect(panel(page).getByText(`Key path part " e2e_${stamp}" has leading or trailing whitespace.`)).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'Key path' }).fill(keyPath);
  await panel(page).getByRole('textbox', { name: 'Label' }).fill(`E2E list ${stamp}`);
  await panel(page).getByRole('combobox', { name: 'Classifier' }).selectOption('watchlist');
  await panel(page).getByRole('checkbox', { name: 'Show as a link (is URL)' }).check();
  await panel(page).getByRole('textbox', { name: 'URL prefix' }).fill('http://lists.example.test/');
  await panel(page).getByRole('button', { name: 'Add data setting' }).click();
  await expect(panel(page).getByText('URL prefix must begin with https:// in order to be valid')).toBeVisible();
  await panel(page).getByRole('textbox', { name: 'URL prefix' }).fill('https://lists.example.test/');
  expect(await seriousViolations(page)).toEqual([]);
  await panel(page).getByRole('button', { name: 'Add data setting' }).click();

  // the panel now shows the new setting, by id in the address, and the list has it
  await expect(panel(page).getByRole('heading', { name: 'Edit Data Setting' })).toBeVisible();
  await expect(page).toHaveURL(/[?&]panel=data-setting(%3A|:)\d+/);
  await expect(panel(page).getByRole('textbox', { name: 'Key path' })).toHaveValue(keyPath);
  await expect(panel(page).getByRole('textbox', { name: 'Key path' })).toHaveAttribute('readonly', '');
  await page.getByRole('searchbox', { name: 'Search data settings' }).fill(keyPath);
  await expect(table(page).getByRole('row')).toHaveCount(2);

  // edit the label; the list follows
  await panel(page).getByRole('textbox', { name: 'Label' }).fill(`E2E watchlist ${stamp}`);
  await panel(page).getByRole('button', { name: 'Save' }).click();
  await expect(table(page).getByRole('button', { name: `E2E watchlist ${stamp}` })).toBeVisible();

  // the Stream mapping tab is in the address; arrow keys move between tabs
  await page.getByRole('tab', { name: 'Data settings' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/[?&]tab=stream-mapping/);
  await expect(page.getByRole('tab', { name: 'Stream mapping' })).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Data settings' })).toHaveAttribute('aria-selected', 'true');
});
