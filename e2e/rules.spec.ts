import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';

// Rules in the browser: the manager writes a rule in the editor by keyboard, saves it, sees the
// server's message at the field it names (the score), fixes it and saves; validates it over the
// default window (the last 30 days) and follows the run to Success in the Validation tab; the
// manager may not make it live (the buttons say why). The admin (root_all) puts it in shadow, then
// activates it; the list shows it Active, j and Enter open it; axe on the list, the editor and the
// rule page. Screenshots in .tmp/h-rules/.

test.describe.configure({ timeout: 240_000 });
// the server's worker judges past events while the page waits (PGlite shares the server's thread)
const slow = expect.configure({ timeout: 30_000 });
const SHOTS = '.tmp/h-rules';

const editor = (page: Page) => page.getByRole('form', { name: 'Rule editor' });
const actions = (page: Page) => page.getByRole('group', { name: 'Rule actions' });

/** Focuses a control and presses a key on it: the keyboard's way of working the editor. */
async function press(control: Locator, key: string) {
  await control.focus();
  await control.press(key);
}

async function typeInto(control: Locator, text: string) {
  await control.focus();
  await control.press('ControlOrMeta+a');
  await control.pressSequentially(text);
}

test('a manager writes and validates a rule; the admin puts it in shadow and activates it', async ({ page }) => {
  const title = `E2E rule ${Date.now().toString(36)}`;
  await signIn(page, 'manager@demo.test');
  await page.goto('/rules');
  await expect(page).toHaveTitle('Vigil | Rules');
  const table = page.getByRole('table', { name: 'Rules' });
  await slow(table.getByRole('row').nth(1)).toBeVisible();
  // the seeded rule in shadow shows its own status
  await expect(table.getByRole('row', { name: /Dormant account reactivation/ }).getByText('Shadow')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/list.png`, fullPage: true });

  // New rule, by keyboard
  await press(page.getByRole('link', { name: 'New rule' }), 'Enter');
  await slow(page).toHaveURL(/\/rules\/new$/);
  const form = editor(page);
  await typeInto(form.getByRole('textbox', { name: 'Title', exact: true }), title);
  await form.getByRole('combobox', { name: 'Queue' }).focus();
  await page.keyboard.press('ArrowDown');
  const variable = form.getByRole('group', { name: /^Variable 1:/ });
  await typeInto(variable.getByRole('textbox', { name: 'Name' }), 'cash_deposits_7d');
  await typeInto(variable.getByRole('textbox', { name: 'Label' }), 'Cash deposits in 7 days');
  await press(variable.getByRole('button', { name: '7 days' }), 'Space');
  await expect(variable.getByRole('textbox', { name: 'Window (minutes)' })).toHaveValue('10080');
  await expect(variable.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  await press(variable.getByRole('checkbox', { name: 'Cash deposit' }), 'Space');
  await expect(variable.getByRole('checkbox', { name: 'Cash deposit' })).toBeChecked();

  // the first condition reads the renamed variable; a second one, between two numbers
  const first = form.getByRole('group', { name: 'Condition 1', exact: true });
  await expect(first.getByRole('combobox', { name: 'Variable' })).toHaveValue('cash_deposits_7d');
  await typeInto(first.getByRole('textbox', { name: 'Value' }), '2');
  await press(form.getByRole('button', { name: 'Add condition to all conditions' }), 'Enter');
  const second = form.getByRole('group', { name: 'Condition 2', exact: true });
  await second.getByRole('combobox', { name: 'Operator' }).selectOption('between');
  await typeInto(second.getByRole('textbox', { name: 'Lower bound' }), '1');
  await typeInto(second.getByRole('textbox', { name: 'Upper bound' }), '1000');

  // a score out of range: the server's message at the field, what was typed kept
  const score = form.getByRole('textbox', { name: 'Score' });
  await typeInto(score, '150');
  await score.press('Enter');
  await expect(page.getByText('The rule was not saved: some fields need attention.')).toBeVisible();
  await expect(form.getByText('The score is a whole number from 0 to 100.')).toBeVisible();
  await expect(score).toHaveAttribute('aria-invalid', 'true');
  await expect(score).toBeFocused();
  await expect(score).toHaveValue('150');
  await expect(form.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await expect(second.getByRole('textbox', { name: 'Upper bound' })).toHaveValue('1000');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/editor-error.png`, fullPage: true });

  await typeInto(score, '80');
  await expect(form.getByText('The score is a whole number from 0 to 100.')).toHaveCount(0);
  await press(form.getByRole('button', { name: 'Save draft' }), 'Enter');
  await slow(page).toHaveURL(/\/rules\/\d+\/definition$/);
  const ruleUrl = page.url().replace(/\/definition$/, '');
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('cash_deposits_7d').first()).toBeVisible();
  await expect(page.getByText('Cash deposit', { exact: false }).first()).toBeVisible();

  // not validated yet: going live is disabled with its reason; the manager lacks activate_live_rules anyway
  await expect(actions(page).getByRole('button', { name: 'Put in shadow' })).toHaveAttribute('aria-disabled', 'true');
  await expect(page.getByText('Put in shadow: Putting a rule live needs the activate_live_rules permission.')).toBeVisible();

  // validate over the default window; the run is followed to Success
  await press(actions(page).getByRole('button', { name: 'Validate' }), 'Enter');
  const dialog = page.getByRole('dialog', { name: `Validate ${title}` });
  await expect(dialog.getByRole('radio', { name: 'The last 30 days' })).toBeChecked();
  await press(dialog.getByRole('button', { name: 'Validate' }), 'Enter');
  await slow(page).toHaveURL(/\/rules\/\d+\/validation$/);
  const runs = page.getByRole('table', { name: 'Validation runs' });
  await expect(runs.getByRole('row').nth(1).getByText('Success')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByText(/^The last validation finished/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/validation.png`, fullPage: true });

  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const history = page.getByRole('table', { name: 'Rule history' });
  await expect(history.getByText('Rule written (version 1)')).toBeVisible();
  await expect(history.getByText(/^Validation requested over/)).toBeVisible();

  // the admin makes it live: shadow first, then active
  await page.context().clearCookies();
  await signIn(page, 'admin@demo.test');
  await page.goto(`${ruleUrl}/definition`);
  await slow(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await press(actions(page).getByRole('button', { name: 'Put in shadow' }), 'Enter');
  await page
    .getByRole('alertdialog', { name: `Put ${title} in shadow?` })
    .getByRole('button', { name: 'Put in shadow' })
    .click();
  await slow(page.locator('header [data-status]')).toHaveAttribute('data-status', 'ACTIVE_SHADOW');
  await expect(actions(page).getByRole('button', { name: 'Put in shadow' })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Shadow results' }).click();
  await expect(page.getByRole('tabpanel')).toContainText(/shadow/i);
  await press(actions(page).getByRole('button', { name: 'Activate' }), 'Enter');
  await page
    .getByRole('alertdialog', { name: `Activate ${title}?` })
    .getByRole('button', { name: 'Activate' })
    .click();
  await slow(page.locator('header [data-status]')).toHaveAttribute('data-status', 'ACTIVE');
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/active.png`, fullPage: true });

  // the list shows it active, the most recently changed first; j and Enter open it
  await page.goto('/rules?status=ACTIVE');
  const row = page.getByRole('table', { name: 'Rules' }).getByRole('row').nth(1);
  await slow(row).toContainText(title);
  await expect(row.locator('[data-status]')).toHaveAttribute('data-status', 'ACTIVE');
  await page.keyboard.press('j');
  await expect(row.getByRole('link', { name: title })).toBeFocused();
  await page.keyboard.press('Enter');
  await slow(page).toHaveURL(`${ruleUrl}/definition`);
});

test('the list filters by status, queue and title', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/rules');
  const table = page.getByRole('table', { name: 'Rules' });
  await slow(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('link', { name: 'New rule' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Status' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Draft' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=DRAFT/);
  await expect(table.getByRole('row', { name: /Card testing/ })).toBeVisible();
  await expect(table.locator('[data-status]:not([data-status="DRAFT"])')).toHaveCount(0);

  await page.getByRole('searchbox', { name: 'Search rules by title' }).fill('no rule is called this');
  await expect(page.getByText('No rule matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/rules$/);
  await page.getByRole('searchbox', { name: 'Search rules by title' }).fill('structuring');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toContainText(/Structuring/);

  // a reader sees the definition in words and is offered no action
  await page.getByRole('searchbox', { name: 'Search rules by title' }).blur();
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await slow(page).toHaveURL(/\/rules\/\d+\/definition$/);
  await expect(page.getByRole('heading', { level: 1, name: /Structuring/ })).toBeVisible();
  await expect(page.getByText('cash_deposit_count_7d').first()).toBeVisible();
  await expect(page.getByText(/Cash deposit; amount 9,000 to 9,999.99/).first()).toBeVisible();
  await expect(page.getByRole('group', { name: 'Rule actions' })).toHaveCount(0);
  await expect(page.getByText(/You can view this rule; changing it needs permission to edit rules\./)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/definition.png`, fullPage: true });
});
