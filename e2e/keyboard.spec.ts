// The acceptance keyboard walk (DESIGN.md "Keyboard first"): an analyst signs in, goes to the alert
// list with g a, opens an alert with j and Enter, takes it and comments on it from the palette,
// closes it with a disposition and finds a customer by id, without the mouse. The sign-in link
// from the mailbox is visited by address, as an email client would open it; everything in the
// console after that is keys (page.keyboard): no click, no mouse, no fill.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { CONSOLE_URL } from './env';
import { magicLinkFor, signIn } from './sign-in-helpers';
import { apiTokenFor, ensureOpenAlerts } from './work-helpers';

const EMAIL = 'analyst@demo.test';

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

/** Ctrl+K, the command's name, Enter: the command must be the one chosen. */
async function runCommand(page: Page, title: string) {
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('combobox', { name: 'Command palette' })).toBeFocused();
  await page.keyboard.type(title);
  // The chosen row's title (a shortcut may follow it in the row).
  await expect(palette.getByRole('option', { selected: true }).locator('span').first()).toHaveText(title);
  await page.keyboard.press('Enter');
  await expect(palette).toHaveCount(0);
}

/** Presses `key` until `target` has focus (at most `max` times). */
async function pressUntilFocused(page: Page, key: string, target: Locator, max = 30) {
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i += 1) await page.keyboard.press(key);
  await expect(target).toBeFocused();
}

test('the acceptance walk: sign in, g a, j Enter, assign, comment, close, find a customer, all by keyboard', async ({ page, playwright }) => {
  test.slow();
  // Data only, through an API context of its own (the browser stays signed out): an unassigned open
  // alert in an open queue, as the queue would have on a working day, and a customer to look up.
  const request = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  await ensureOpenAlerts(request, { count: 1, unassigned: 1 });
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'manager@demo.test')}` };
  const events = await (await request.post('/api/action-events/list', { headers, data: { limit: 50 } })).json();
  const customerId = (events.action_events as Array<{ entity: { id: number } | null }>).find((e) => e.entity)!.entity!.id;
  const customer = (await (await request.get(`/api/entities/${customerId}`, { headers })).json()) as { id: number; external_id: string; name_readable: string };
  await request.dispose();

  // Sign in: the login page puts focus in the email field; Enter sends the link.
  await page.goto('/agent-login');
  const emailField = page.getByLabel('Your work email');
  await expect(emailField).toBeFocused();
  await page.keyboard.type(EMAIL);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await magicLinkFor(page, EMAIL));
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();

  // g c and g a: to cases and back to the alert list.
  await page.keyboard.press('g');
  await page.keyboard.press('c');
  await expect(page).toHaveURL(/\/cases$/);
  await page.keyboard.press('g');
  await page.keyboard.press('a');
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();

  // The unassigned alerts (a palette command of the list), then j down to the first open one.
  await runCommand(page, 'Show unassigned alerts');
  await expect(page).toHaveURL(/assignee=-1/);
  const grid = page.getByRole('grid', { name: 'Alerts' });
  await expect(
    grid
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') })
      .first(),
  ).toBeVisible();
  const headers_ = await grid.getByRole('columnheader').allTextContents();
  const statusColumn = headers_.findIndex((h) => h.trim().startsWith('Status')) + 1;
  const idColumn = headers_.findIndex((h) => h.trim().startsWith('ID')) + 1;
  const active = grid.locator('[role="row"][aria-selected="true"]');
  await page.keyboard.press('j');
  await expect(active).toBeFocused();
  for (let i = 0; i < 100 && (await active.locator(`[aria-colindex="${statusColumn}"]`).textContent()) !== 'Open'; i += 1) {
    const before = await active.getAttribute('data-index');
    await page.keyboard.press('j');
    await expect(active).not.toHaveAttribute('data-index', before!);
  }
  await expect(active.locator(`[aria-colindex="${statusColumn}"]`)).toHaveText('Open');
  const alertId = (await active.locator(`[aria-colindex="${idColumn}"]`).textContent())!.trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/alerts/${alertId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Assign to me, from the palette.
  await runCommand(page, 'Assign to me');
  await expect(toast(page, 'Successfully reassigned alert.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assignee: Avery Analyst', exact: true })).toBeVisible();

  // Add comment: focus is left in the composer, so the typing lands there; Ctrl+Enter posts.
  await runCommand(page, 'Add comment');
  const composer = page.getByRole('textbox', { name: 'Add a comment' });
  await expect(composer).toBeFocused();
  const note = `Reviewed without a mouse, alert ${alertId}.`;
  await page.keyboard.type(note);
  await expect(composer).toHaveValue(note);
  await page.keyboard.press('Control+Enter');
  await expect(page.getByRole('list', { name: 'Comments' }).getByText(note)).toBeVisible();
  await expect(composer).toHaveValue('');

  // Close alert: the dialog takes focus; the arrows choose the disposition, Tab reaches the notes
  // and the dialog's button.
  await runCommand(page, 'Close alert');
  const dialog = page.getByRole('dialog', { name: 'Close alert' });
  await expect(dialog).toBeVisible();
  const firstChoice = dialog.getByRole('radio').first();
  await expect(firstChoice).toBeFocused();
  await page.keyboard.press('Space');
  const truePositive = dialog.getByRole('radio', { name: 'True positive' });
  for (let i = 0; i < 10 && !(await truePositive.isChecked()); i += 1) await page.keyboard.press('ArrowDown');
  await expect(truePositive).toBeChecked();
  await pressUntilFocused(page, 'Tab', dialog.getByLabel(/Notes/));
  await page.keyboard.type('Closed from the keyboard walk.');
  await pressUntilFocused(page, 'Tab', dialog.getByRole('button', { name: 'Close alert' }));
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(toast(page, 'Alert closed.')).toBeVisible();
  await expect(page.locator('h1').getByText('Closed', { exact: true })).toBeVisible();

  // Search a customer by id: the palette searches on Enter and opens the best match on Enter.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type(customer.external_id);
  await expect(palette.getByRole('option', { selected: true })).toHaveText(new RegExp(`^Search for “${customer.external_id}”`));
  await page.keyboard.press('Enter');
  // The entity's row is named by its name (and its type, email below it).
  const found = palette.getByRole('group', { name: 'Entities' }).getByRole('option').filter({ hasText: customer.name_readable });
  await expect(found.first()).toBeVisible();
  for (let i = 0; i < 20 && (await found.first().getAttribute('aria-selected')) !== 'true'; i += 1) await page.keyboard.press('ArrowDown');
  await expect(found.first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/entities/${customer.id}$`));
  await expect(page).toHaveTitle('Vigil | Entity');
});

test('every palette command that opens a dialog or an input leaves focus in it', async ({ page, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  await ensureOpenAlerts(request, { count: 1 });
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'manager@demo.test')}` };
  const listed = await (
    await request.post('/api/alerts/list', { headers, data: { statuses: ['OPEN'], sort_column: 'id', sort_direction: 'ascending', limit: 1 } })
  ).json();
  const alertId = (listed.alerts as Array<{ id: number }>)[0].id;
  await request.dispose();
  await signIn(page, 'manager@demo.test');

  /** Runs the command, checks focus is inside what it opened, and closes that with Esc. */
  const opens = async (title: string, opened: Locator) => {
    await runCommand(page, title);
    await expect(opened, title).toBeVisible();
    await expect.poll(() => opened.evaluate((el) => el.contains(document.activeElement)), { message: `${title}: focus inside` }).toBe(true);
    await page.keyboard.press('Escape');
    await expect(opened, title).toBeHidden();
  };

  await page.goto(`/alerts/${alertId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await opens('Edit deadline', page.getByRole('dialog', { name: 'Edit Deadline' }));
  await opens('Close alert', page.getByRole('dialog', { name: 'Close alert' }));
  await opens('Show keyboard shortcuts', page.getByRole('dialog', { name: 'Keyboard shortcuts' }));
  await runCommand(page, 'Add comment');
  await expect(page.getByRole('textbox', { name: 'Add a comment' })).toBeFocused();

  await page.goto('/cases');
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible();
  // New case starts by choosing the alerts to roll into it.
  await opens('New case', page.getByRole('dialog', { name: 'New case' }));
  await page.goto('/queues');
  await expect(page.getByRole('heading', { level: 1, name: 'Queues' })).toBeVisible();
  await opens('New queue', page.getByRole('dialog', { name: 'New queue' }));
  await page.goto('/risk-ratings');
  await expect(page.getByRole('heading', { level: 1, name: 'Risk ratings' })).toBeVisible();
  await opens('Create a draft risk model', page.getByRole('dialog', { name: 'Create a draft risk model' }));
});
