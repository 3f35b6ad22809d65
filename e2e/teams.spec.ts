import { expect, test } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

// Teams (issue 11 follow-up): a manager creates a team, edits it (a name another team has is
// refused in the dialog, which keeps what was typed; then a new name and other agents are saved),
// and deletes it after confirming. The team is new to this spec, so no other spec's data changes.

test.describe.configure({ timeout: 180_000 });
expect.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1400, height: 1000 } });

test('a manager creates, edits and deletes a team', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `Card disputes ${stamp}`;
  const renamed = `Chargebacks ${stamp}`;

  await signIn(page, 'manager@demo.test');
  await page.goto('/user-management?tab=teams');
  await page.getByRole('button', { name: 'Create team' }).click();
  const create = page.getByRole('dialog', { name: 'Create team' });
  await create.getByLabel('Team name').fill(name);
  await create.getByRole('checkbox', { name: 'Hannah Kim' }).check();
  await create.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hannah Kim' })).toBeVisible();

  // Edit: the dialog starts from the team as saved.
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit team' });
  await expect(edit.getByLabel('Team name')).toHaveValue(name);
  await expect(edit.getByRole('checkbox', { name: 'Hannah Kim' })).toBeChecked();
  expect(await seriousViolations(page, '[role="dialog"]')).toEqual([]);

  // A name another team has: refused by the server, shown at the field, what was typed kept.
  await edit.getByLabel('Team name').fill('Investigations');
  await edit.getByLabel('Description (optional)').fill('Chargebacks and card disputes.');
  await edit.getByRole('button', { name: 'Save team' }).click();
  await expect(edit.getByRole('alert')).toContainText('A team with this name already exists.');
  await expect(edit.getByLabel('Description (optional)')).toHaveValue('Chargebacks and card disputes.');

  await edit.getByLabel('Team name').fill(renamed);
  await edit.getByRole('checkbox', { name: 'Hannah Kim' }).uncheck();
  await edit.getByRole('checkbox', { name: 'Priya Shah' }).check();
  await edit.getByRole('button', { name: 'Save team' }).click();
  await expect(edit).toBeHidden();
  await expect(page.getByText(`Team ${renamed} saved.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByText('Chargebacks and card disputes.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Priya Shah' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hannah Kim' })).toHaveCount(0);

  // Saved to the database: a reload shows the same.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

  // Delete asks first; Cancel keeps the team.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete team ${renamed}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: `Delete team ${renamed}?` })
    .getByRole('button', { name: 'Delete team' })
    .click();
  await expect(page).toHaveURL(/\/user-management\?tab=teams$/);
  await expect(page.getByText(`Team ${renamed} deleted.`)).toBeVisible();
  const teams = page.getByRole('table', { name: 'Teams' });
  await expect(teams.getByRole('link', { name: 'Investigations' })).toBeVisible();
  await expect(teams.getByRole('link', { name: renamed })).toHaveCount(0);
});

// No escalation through membership: Fraud Operations carries its own permission set, so putting the
// admin in it would take root_all from them, which the manager does not hold. The dialog shows the
// server's refusal and keeps what was chosen; nothing is saved.
test('a manager cannot put an agent in a team whose set would take what the manager does not hold', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/user-management?tab=teams');
  await page.getByRole('table', { name: 'Teams' }).getByRole('link', { name: 'Fraud Operations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Fraud Operations' })).toBeVisible();
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit team' });
  // both lists loaded first: the tags arriving after the agents grows the dialog under the pointer
  await expect(
    edit
      .getByRole('group', { name: /Allowed tags/ })
      .getByRole('checkbox')
      .first(),
  ).toBeVisible();
  await edit.getByRole('checkbox', { name: 'Ada Admin' }).check();
  await edit.getByRole('button', { name: 'Save team' }).click();
  await expect(edit.getByRole('alert')).toHaveText('You can only grant or remove permissions you hold yourself: Ada Admin would lose root_all.');
  await expect(edit.getByRole('checkbox', { name: 'Ada Admin' })).toBeChecked();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Fraud Operations' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Liam Okafor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ada Admin' })).toHaveCount(0);
});
