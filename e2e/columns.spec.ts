import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// Choose Columns on the alert list (issue 8, acceptances 6 and 9): reorder a column by dragging
// it with the mouse (the drag starts only after 5 px; the dragged copy sits at z-index 5000), Save,
// and the order survives a reload; reorder by keyboard; Reset to Default; accessibility. The
// agent's layout is put back as it was, since other specs read the alert list's columns.

const AGENT = 'manager@demo.test';

// A drag, a save, a reload and a reset on a shared 2-core machine take a while.
test.describe.configure({ timeout: 90_000 });
const LAYOUT = '/api/column-layouts/alerts';

const grid = (page: Page) => page.getByRole('grid', { name: 'Alerts' });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Columns' });
const rows = (page: Page) => dialog(page).getByRole('list', { name: 'Columns' }).getByRole('listitem');

/** The alert list's column titles, left to right (the selection column has none). */
async function headers(page: Page): Promise<string[]> {
  const texts = await grid(page).getByRole('columnheader').allTextContents();
  return texts.map((t) => t.replace(/[▲▼]/g, '').trim()).filter(Boolean);
}

async function dialogOrder(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((items) => items.map((li) => li.getAttribute('data-column-key') ?? ''));
}

async function center(page: Page, name: string) {
  const box = await dialog(page).getByRole('button', { name, exact: true }).boundingBox();
  expect(box).not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
}

interface Layout {
  is_default: boolean;
  columns: Array<Record<string, unknown>>;
}

async function layoutApi(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, AGENT)}` };
  return {
    read: async () => (await (await request.get(LAYOUT, { headers })).json()) as Layout,
    restore: async (layout: Layout) => {
      const answer = layout.is_default ? await request.delete(LAYOUT, { headers }) : await request.put(LAYOUT, { headers, data: { columns: layout.columns } });
      expect(answer.ok()).toBe(true);
    },
  };
}

test('drag a column to the front with the mouse, save, reload: the order stays; Reset to Default restores it', async ({ page }) => {
  const api = await layoutApi(page.request);
  const original = await api.read();
  // Start from the default arrangement, whatever an earlier run left.
  await api.restore({ is_default: true, columns: [] });
  try {
    await signIn(page, AGENT);
    await page.goto('/alerts');
    await expect(grid(page).getByRole('columnheader').nth(1)).toBeVisible({ timeout: 20_000 });
    const before = await headers(page);
    expect(before.slice(0, 3)).toEqual(['ID', 'Title', 'Status']);

    await page.getByRole('button', { name: 'Choose columns' }).click();
    await expect(dialog(page)).toBeVisible();
    expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);
    expect((await dialogOrder(page)).slice(0, 3)).toEqual(['id', 'title', 'status']);

    // Press on Status's handle; 3 px of movement is still a click, not a drag.
    const from = await center(page, 'Move Status');
    const to = await center(page, 'Move ID');
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x, from.y - 3);
    await expect(page.locator('[data-drag-overlay]')).toHaveCount(0);
    // Past 5 px the drag starts; the copy under the pointer sits at z-index 5000.
    await page.mouse.move(from.x, from.y - 12, { steps: 4 });
    const overlay = page.locator('[data-drag-overlay]');
    await expect(overlay).toHaveCount(1);
    await expect(overlay).toContainText('Status');
    expect(await overlay.evaluate((el) => getComputedStyle(el.parentElement!).zIndex)).toBe('5000');
    await page.mouse.move(to.x, to.y - 4, { steps: 12 });
    await page.screenshot({ path: test.info().outputPath('choose-columns-drag.png') });
    // The drop animation is short: the z-indexes the dragged copy takes are recorded as they change.
    await overlay.evaluate((el) => {
      const wrapper = el.parentElement!;
      const seen: string[] = [wrapper.style.zIndex];
      (window as unknown as { overlayZ: string[] }).overlayZ = seen;
      new MutationObserver(() => seen.push(wrapper.style.zIndex)).observe(wrapper, { attributes: true, attributeFilter: ['style'] });
    });
    await page.mouse.up();
    await expect(overlay).toHaveCount(0);
    const zIndexes = await page.evaluate(() => (window as unknown as { overlayZ: string[] }).overlayZ);
    expect(zIndexes[0]).toBe('5000');
    expect(zIndexes).toContain('4500');
    expect((await dialogOrder(page)).slice(0, 3)).toEqual(['status', 'id', 'title']);

    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect.poll(() => headers(page)).toEqual(['Status', ...before.filter((h) => h !== 'Status')]);

    await page.reload();
    await expect(grid(page).getByRole('columnheader').nth(1)).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => headers(page)).toEqual(['Status', ...before.filter((h) => h !== 'Status')]);

    await page.getByRole('button', { name: 'Choose columns' }).click();
    await expect(dialog(page)).toBeVisible();
    expect((await dialogOrder(page))[0]).toBe('status');
    await dialog(page).getByRole('button', { name: 'Reset to Default' }).click();
    await expect(dialog(page)).toBeHidden();
    await expect.poll(() => headers(page)).toEqual(before);
    expect((await api.read()).is_default).toBe(true);
  } finally {
    await api.restore(original);
  }
});

test('the keyboard moves a column, a shown column can be hidden, and the palette opens the dialog', async ({ page }) => {
  const api = await layoutApi(page.request);
  const original = await api.read();
  await api.restore({ is_default: true, columns: [] });
  try {
    await signIn(page, AGENT);
    await page.goto('/alerts');
    await expect(grid(page).getByRole('columnheader').nth(1)).toBeVisible({ timeout: 20_000 });
    const before = await headers(page);

    // The palette's command opens the same dialog.
    await page.keyboard.press('Control+K');
    await expect(page.getByRole('combobox', { name: 'Command palette' })).toBeFocused();
    await page.keyboard.type('Choose columns');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('option', { selected: true })).toHaveText(/^Choose columns/);
    await page.keyboard.press('Enter');
    await expect(dialog(page)).toBeVisible();

    // Space picks the Title column up, the up arrow moves it above ID, Space drops it.
    await dialog(page).getByRole('button', { name: 'Move Title', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(/Picked up Title\. It is column 2 of \d+\./)).toBeAttached();
    await page.keyboard.press('ArrowUp');
    // as a person would: drop once the move is announced
    await expect(page.getByText(/Title is over position 1 of \d+\./)).toBeAttached();
    await page.keyboard.press('Space');
    await expect.poll(() => dialogOrder(page).then((o) => o.slice(0, 2))).toEqual(['title', 'id']);

    // Hide Rules, show Type, and search by description.
    await dialog(page).getByRole('checkbox', { name: 'Rules' }).uncheck();
    await dialog(page).getByRole('searchbox', { name: 'Search columns' }).fill('transaction monitoring');
    await expect(rows(page)).toHaveCount(1);
    await dialog(page).getByRole('checkbox', { name: 'Type' }).check();
    await dialog(page).getByRole('searchbox', { name: 'Search columns' }).fill('');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page)).toBeHidden();

    const expected = ['Title', 'ID', ...before.slice(2)].filter((h) => h !== 'Rules');
    expected.splice(expected.indexOf('Status') + 1, 0, 'Type');
    await expect.poll(() => headers(page)).toEqual(expected);
  } finally {
    await api.restore(original);
  }
});
