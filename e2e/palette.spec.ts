import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';

async function openPalette(page: Page) {
  await page.keyboard.press('Control+K');
  const input = page.getByRole('combobox', { name: 'Command palette' });
  await expect(input).toBeFocused();
  return input;
}

/** Types a route's name (or its start) and presses Enter: the route, not the search row, is chosen. */
async function goVia(page: Page, typed: string, name: string, url: RegExp) {
  await openPalette(page);
  await page.keyboard.type(typed);
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { selected: true })).toHaveText(new RegExp(`^${name}/`));
  // Searching for the phrase stays one arrow key away.
  await expect(palette.getByRole('option', { name: `Search for “${typed}”` })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(url);
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);
}

test('the palette reaches areas and objects with the keyboard alone', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  // The demo data is generated from fixed seeds, so this customer's name is stable.
  const fragment = 'Yilma';
  await page.goto('/');
  await expect(page).toHaveURL(/\/alerts$/);

  await openPalette(page);
  await expect(page.getByRole('status').filter({ hasText: 'Type to search' })).toBeVisible();
  await page.screenshot({ path: 'test-results/palette-open.png' });
  await page.keyboard.press('Escape');

  await goVia(page, 'Cases', 'Cases', /\/cases$/);
  await goVia(page, 'notif', 'Notifications', /\/notifications$/);
  await goVia(page, 'alerts', 'Alerts', /\/alerts$/);

  await openPalette(page);
  await page.keyboard.type(fragment);
  await expect(page.getByRole('status').filter({ hasText: 'Press enter to search' })).toBeVisible();
  await page.keyboard.press('Enter');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const entities = palette.getByRole('group', { name: 'Entities' });
  await expect(entities.getByRole('option').first()).toBeVisible();
  // Choose the last entity with the keyboard (not merely the preselected best match).
  const option = entities.getByRole('option').last();
  const title = (await option.locator('span').first().textContent())!;
  await page.screenshot({ path: 'test-results/palette-results.png' });
  for (let i = 0; i < 30 && (await option.getAttribute('aria-selected')) !== 'true'; i += 1) {
    await page.keyboard.press('ArrowDown');
  }
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/entities\/\d+$/);
  await expect(page).toHaveTitle('Vigil | Entity');

  // The object is now a recent one.
  await openPalette(page);
  await expect(page.getByRole('dialog', { name: 'Command palette' }).getByRole('group', { name: 'Recent' }).getByRole('option').first()).toContainText(title);
  await page.keyboard.press('Escape');

  await page.locator('body').press('g');
  await page.locator('body').press('c');
  await expect(page).toHaveURL(/\/cases$/);
});

test('a command typed by name runs on Enter; other phrases still search', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/cases');
  await expect(page).toHaveTitle('Vigil | Cases');
  await openPalette(page);
  await page.keyboard.type('show keyboard');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');

  // A phrase that only loosely matches a route still searches first.
  await openPalette(page);
  await page.keyboard.type('yl');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { selected: true })).toHaveText(/^Search for “yl”/);
});

test('? shows the keyboard shortcuts', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/cases');
  await expect(page).toHaveTitle('Vigil | Cases');
  await page.locator('body').press('Shift+?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Go to notifications');
  await page.screenshot({ path: 'test-results/palette-shortcuts.png' });
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);
});
