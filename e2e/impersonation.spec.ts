import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

// Impersonation (issue 11, acceptance 5, 6 and the second story of 8): an internal admin fills the
// form (every message on an empty submit, the support-ticket fields), impersonates an agent of the
// other organisation, sees their queue under the banner, cancels back to themselves, and the
// customer's audit log shows the start and the cancel with both names, its filter kept in the
// address through a reload and undone by Back. The ticket id is unique per run; the impersonation
// ends within the spec, so nothing is left for other specs.

test.describe.configure({ timeout: 120_000 });

const TICKET = `SUP-${Date.now().toString(36).toUpperCase()}`;
const NORTHWIND = 'Northwind Credit Union';
/** Where the console loads afresh (after a start, a cancel or a sign-in), on a machine that may be busy. */
const LOAD = { timeout: 20_000 };

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account/ });

test('an internal admin impersonates an agent of another organisation with a support ticket, cancels, and the audit log shows both', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/');
  await accountMenu(page).click();
  await page.getByRole('button', { name: 'Impersonate an agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impersonate an agent' });
  await expect(dialog).toBeVisible(LOAD);

  // an empty form names every missing field
  await dialog.getByRole('button', { name: 'Start impersonation' }).click();
  for (const text of ['Organization is required.', 'Agent to impersonate is required.', 'Impersonation reason is required.']) {
    await expect(dialog.getByText(text)).toBeVisible();
  }
  await expect(dialog.getByLabel('Organization')).toBeFocused();

  await dialog.getByLabel('Organization').selectOption({ label: NORTHWIND });
  const agentSelect = dialog.getByLabel('Agent to impersonate');
  const target = agentSelect.locator('option', { hasText: 'analyst@northwind.test' });
  await expect(target).toHaveCount(1);
  const targetName = (await target.textContent())!.replace(/\s*\(.*\)$/, '');
  // only active agents who can sign in, and never the admin themselves
  await expect(agentSelect.locator('option', { hasText: 'admin@demo.test' })).toHaveCount(0);
  await agentSelect.selectOption({ value: (await target.getAttribute('value'))! });

  await dialog.getByLabel('Impersonation reason').selectOption('Customer support ticket');
  await dialog.getByRole('button', { name: 'Start impersonation' }).click();
  await expect(dialog.getByText('Support ticket ID is required.')).toBeVisible();
  await expect(dialog.getByText('Details of impersonation reason are required.')).toBeVisible();
  await dialog.getByLabel('Support ticket ID').fill(TICKET);
  await dialog.getByLabel('Details').fill('The customer reports an empty alert queue.');
  await expect(dialog.getByText('Support ticket ID is required.')).toHaveCount(0);
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  await dialog.getByRole('button', { name: 'Start impersonation' }).click();
  // the console starts again at home, as the impersonated agent
  const banner = page.getByRole('note', { name: 'Organisation' });
  await expect(banner).toHaveText(`Impersonating ${targetName} of ${NORTHWIND}. Cancel from the account menu.`, LOAD);
  await expect(page).toHaveURL(/\/alerts$/);
  // their queue: Northwind's alerts (Northwind works in CAD)
  const rows = page
    .getByRole('grid', { name: 'Alerts' })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
  // (a row with an amount: manual alerts carry none)
  await expect(rows.filter({ hasText: 'CAD' }).first()).toBeVisible(LOAD);
  await expect(rows.filter({ hasText: 'USD' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // the account popover offers cancel, and neither a new impersonation nor switching organisation
  await accountMenu(page).click();
  const popover = page.getByRole('dialog', { name: 'Account' });
  await expect(popover.getByText(`You are acting as ${targetName} in ${NORTHWIND}.`)).toBeVisible();
  await expect(popover.getByRole('button', { name: 'Impersonate an agent' })).toHaveCount(0);
  await expect(popover.getByRole('heading', { name: 'Switch organisation' })).toHaveCount(0);
  await popover.getByRole('button', { name: 'Cancel impersonation' }).click();
  await expect(page).toHaveURL(/\/alerts$/, LOAD);
  await expect(banner).toHaveCount(0);
  await accountMenu(page).click();
  await expect(page.getByRole('dialog', { name: 'Account' }).getByText('admin@demo.test')).toBeVisible();
  await page.getByRole('dialog', { name: 'Account' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/agent-login/);

  // the customer's administrator reads both events in their audit log, with who, whom and why
  await signIn(page, 'admin@northwind.test');
  await page.goto('/audit-log');
  // (the first load of a signed-in console on a busy machine can take a while)
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible(LOAD);
  await page.getByLabel('Action').selectOption({ label: 'All impersonation actions' });
  // the filter is in the address, so the view can be shared, reloaded and stepped back
  await expect(page).toHaveURL(/\/audit-log\?action=impersonation\.$/);
  const entries = page.getByRole('table', { name: 'Audit log entries' });
  const started = entries.getByRole('row').filter({ hasText: 'impersonation.started' }).filter({ hasText: TICKET });
  await expect(started).toHaveCount(1);
  await expect(started).toContainText('Ada Admin');
  await expect(started).toContainText('reason: Customer support ticket');
  await expect(entries.getByRole('row').filter({ hasText: 'impersonation.cancelled' }).first()).toBeVisible();
  // the requests made as the agent carry both names
  await expect(entries.getByRole('row').filter({ hasText: 'impersonation.request' }).filter({ hasText: 'impersonated by' }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  await expect(page.getByLabel('Action')).toHaveValue('impersonation.', LOAD);
  await expect(started).toHaveCount(1, LOAD);
  await page.goBack();
  await expect(page).toHaveURL(/\/audit-log$/, LOAD);
  await expect(page.getByLabel('Action')).toHaveValue('', LOAD);
});
