import { expect, test, type Page } from '@playwright/test';
import { magicLinkFor, signIn } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

// Permissions and people (issue 11, acceptance 1, 3 and the first story of 8): an admin invites an
// agent from user management (the link goes to their mailbox), gives them the Manager preset in the
// Permission Control panel and saves to the database; after a refresh the agent's console shows
// what the Manager preset opens. Nothing persists before "Save to DB". At the end the admin
// deactivates the agent, whose session ends at once. The agent is new to this spec, so no other
// spec's agent or data changes.

test.describe.configure({ timeout: 240_000 });
// The machine these run on is shared and slow at times: give each expectation longer than the default.
expect.configure({ timeout: 30_000 });
test.use({ viewport: { width: 1600, height: 1000 } });

const ADMIN = 'admin@demo.test';
const panel = (page: Page) => page.getByRole('complementary', { name: 'Permission Control panel' });
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('an admin invites an agent, gives them the Manager preset, and their console changes after a refresh', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const name = `Parker Preset ${stamp}`;
  const email = `parker.${stamp}@demo.test`;

  // Invite from user management.
  await signIn(page, ADMIN);
  await page.goto('/user-management');
  await expect(page.getByRole('heading', { name: 'User management' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Agents' }).getByRole('row', { name: /Avery Analyst/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Invite agent' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite agent' });
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Full name' }).fill(name);
  await dialog.getByRole('textbox', { name: 'Work email' }).fill(email);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  const row = page.getByRole('table', { name: 'Agents' }).getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Never');

  // The invitee follows the mailed link: an Agent-preset console without Dashboards or Flat files.
  const agentContext = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const agentPage = await agentContext.newPage();
  await agentPage.goto(await magicLinkFor(agentPage, email));
  await expect(nav(agentPage).getByRole('link', { name: 'Alerts' })).toBeVisible({ timeout: 20_000 });
  await expect(nav(agentPage).getByRole('link', { name: 'Dashboards' })).toHaveCount(0);
  await expect(nav(agentPage).getByRole('link', { name: 'Flat files' })).toHaveCount(0);

  // The Permission Control panel: Agent preset, search, root_all hidden, edit_permissions not a box.
  await page.reload();
  await expect(row).toContainText('Active');
  await row.getByRole('button', { name: `Permissions of ${name}` }).click();
  await expect(panel(page).getByRole('heading', { name: `Permissions for ${name}` })).toBeVisible();
  const presets = panel(page).getByRole('group', { name: 'Preset' });
  await expect(presets.getByRole('radio', { name: 'Agent' })).toBeChecked();
  await expect(panel(page).getByRole('checkbox', { name: /Root/ })).toHaveCount(0);
  await expect(panel(page).getByRole('checkbox', { name: 'Edit permissions' })).toHaveCount(0);
  await panel(page).getByRole('searchbox', { name: 'Search permissions' }).fill('DASHBOARDS');
  await expect(panel(page).getByRole('checkbox', { name: 'Create dashboards' })).not.toBeChecked();
  await expect(panel(page).getByRole('checkbox', { name: 'Read alerts' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A single change makes the selection Custom; nothing is saved until "Save to DB".
  await panel(page).getByRole('checkbox', { name: 'Create dashboards' }).check();
  await expect(presets.getByRole('radio', { name: 'Custom' })).toBeChecked();
  await expect(panel(page).getByText('Unsaved changes')).toBeVisible();
  await page.reload();
  await expect(presets.getByRole('radio', { name: 'Agent' })).toBeChecked();

  // Choosing Manager replaces the selection; Save to DB persists it.
  await presets.getByText('Manager').click();
  await expect(presets.getByRole('radio', { name: 'Manager' })).toBeChecked();
  await panel(page).getByRole('searchbox', { name: 'Search permissions' }).fill('dashboards');
  await expect(panel(page).getByRole('checkbox', { name: 'Create dashboards' })).toBeChecked();
  await panel(page).getByRole('button', { name: 'Save to DB' }).click();
  await expect(page.getByText(`Permissions for ${name} saved.`)).toBeVisible();
  await expect(panel(page).getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(presets.getByRole('radio', { name: 'Manager' })).toBeChecked();

  // The agent's console changes after a refresh.
  await agentPage.reload();
  await expect(nav(agentPage).getByRole('link', { name: 'Dashboards' })).toBeVisible({ timeout: 20_000 });
  await expect(nav(agentPage).getByRole('link', { name: 'Flat files' })).toBeVisible();

  // Put things back: deactivate the agent from their profile; their session ends at once.
  await page.goto('/user-management');
  await page.getByRole('table', { name: 'Agents' }).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await page
    .getByRole('alertdialog', { name: `Deactivate ${name}?` })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  await expect(page.getByText(`${name} deactivated.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible();
  await agentPage.reload();
  await expect(agentPage).toHaveURL(/\/agent-login/);
  await agentContext.close();
});

test("an agent turns off mention notifications on their profile's notifications tab", async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/notifications');
  await page.getByRole('link', { name: 'Notification settings' }).click();
  await expect(page.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
  const mentions = page.getByRole('switch', { name: /Mentions/ });
  await expect(mentions).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await mentions.uncheck();
  await expect(mentions).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('switch', { name: /Mentions/ })).not.toBeChecked();
  // put it back for other specs
  await page.getByRole('switch', { name: /Mentions/ }).check();
  await expect(page.getByRole('switch', { name: /Mentions/ })).toBeChecked();
});
