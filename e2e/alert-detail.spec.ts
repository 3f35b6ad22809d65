import { expect, test, type Page } from '@playwright/test';
import { magicLinkFor, signIn } from './sign-in-helpers';
import { ensureOpenAlerts } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// The alert detail page (issue 7, acceptance 2, 3 and 9): condition cards and the explanation
// dialog, tabs in the URL, taking an alert from the palette, a comment with a mention, the
// deadline extended by a manager (the Agent preset has no edit_deadlines), closing with a
// disposition, and no serious axe violations.

test.describe.configure({ mode: 'serial' });

interface AlertRow {
  id: number;
  title: string;
  status: string;
  assigned_to_id: number | null;
  queue: { id: number; access_type: string } | null;
  rules: Array<{ id: number; title: string }>;
  variable_snapshots: object[];
}

/** The first 200 alerts of Demo Bank as the manager sees them, through the API. */
async function demoAlerts(page: Page): Promise<AlertRow[]> {
  const email = 'manager@demo.test';
  expect((await page.request.post('/api/agents/magic-link', { data: { email } })).status()).toBe(202);
  const token = new URL(await magicLinkFor(page, email), 'http://link.invalid').searchParams.get('token');
  const jwt = (await (await page.request.post('/api/agents/email-login', { data: { token } })).json()).jwt as string;
  const found: AlertRow[] = [];
  for (const from of [1, 101]) {
    const answer = await page.request.post('/api/investigations/retrieve/alert', {
      headers: { Authorization: `Bearer ${jwt}` },
      data: { object_type: 'ALERT', object_ids: Array.from({ length: 100 }, (_, i) => from + i) },
    });
    expect(answer.status()).toBe(200);
    found.push(...((await answer.json()).results as AlertRow[]));
  }
  return found;
}

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

const toast = (page: Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByRole('alert').filter({ hasText: text }));

let worked: AlertRow;
let ruleAlert: AlertRow;

test('an analyst reads the condition cards and asks why the alert flagged', async ({ page }) => {
  await ensureOpenAlerts(page.request, { count: 1, unassigned: 1 });
  const alerts = await demoAlerts(page);
  ruleAlert = alerts.find((a) => a.rules.length > 0 && a.variable_snapshots.length > 0 && a.queue?.access_type !== 'restricted')!;
  // The first unassigned open alert of an open queue, as the queue's list shows it (by id).
  worked = alerts
    .filter((a) => a.status === 'OPEN' && a.assigned_to_id === null && a.queue !== null && a.queue.access_type !== 'restricted')
    .sort((a, b) => a.id - b.id)[0]!;
  expect(ruleAlert).toBeTruthy();
  expect(worked).toBeTruthy();

  await signIn(page, 'analyst@demo.test');
  await page.goto(`/alerts/${ruleAlert.id}`);
  await expect(page.getByRole('heading', { level: 1, name: ruleAlert.title })).toBeVisible();
  const card = page.getByRole('article', { name: `Condition card: ${ruleAlert.rules[0].title}` });
  await expect(card).toBeVisible();
  // Every leaf shows its snapshot value and its result; the root carries the rule's verdict.
  const leaves = card.getByTestId('condition-leaf');
  await expect(leaves.first()).toContainText('Snapshot value:');
  expect(await leaves.count()).toBeGreaterThan(0);
  await expect(leaves.first()).toContainText(/Met|Not met/);
  await expect(card.getByText(/^(All|Any) of \((AND|OR)\)/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: 'Why did this alert flag?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Why did this alert flag?' });
  await expect(dialog.getByRole('region', { name: ruleAlert.rules[0].title })).toContainText(/was .*, which is/);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('tabs change the URL; the hash marker opens the alert updates; consortium hits are empty', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/alerts/${ruleAlert.id}`);
  await expect(page.getByRole('tab', { name: 'Flagged Entities' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Transactions' }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/${ruleAlert.id}\\?tab=transactions$`));
  await expect(page.getByRole('tabpanel').getByRole('table')).toBeVisible();
  await page.getByRole('tab', { name: 'Alert score' }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/${ruleAlert.id}/alert-score$`));
  await expect(page.getByRole('meter', { name: 'Alert score' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');

  await page.goto(`/alerts/${ruleAlert.id}#ALERT_UPDATES_TAB`);
  await expect(page).toHaveURL(new RegExp(`/alerts/${ruleAlert.id}/alert-updates$`));
  await expect(page.getByRole('tab', { name: 'Alert updates' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(/^\d+ updates?$/)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Alert updates' }).getByText('New transactions:').first()).toBeVisible();

  await page.goto(`/alerts/${ruleAlert.id}/consortium-hits`);
  await expect(page.getByRole('tab', { name: 'Consortium hits' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toHaveText('No information to display');
});

test('an analyst opens the unassigned alert from the queue by keyboard, takes it from the palette and comments with a mention; no deadline edit for the Agent preset', async ({
  page,
}) => {
  await signIn(page, 'analyst@demo.test');
  // The queue's unassigned open alerts, oldest first; j makes the first row active and Enter opens it.
  await page.goto(`/alerts?view=queue&queue=${worked.queue!.id}&status=OPEN&assignee=-1&sort=id&dir=asc`);
  await expect(page.getByRole('button', { name: 'By queue' })).toHaveAttribute('aria-pressed', 'true');
  const rows = page
    .getByRole('grid', { name: 'Alerts' })
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
  await expect(rows.first().locator('[aria-colindex="2"]')).toHaveText(String(worked.id));
  await page.keyboard.press('j');
  await expect(page.getByRole('grid', { name: 'Alerts' }).locator('[role="row"][aria-selected="true"] [aria-colindex="2"]')).toHaveText(String(worked.id));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/alerts/${worked.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: worked.title })).toBeVisible();
  await expect(page.getByText('Deadline', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit Deadline' })).toHaveCount(0);

  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.type('Assign to me');
  // The page's command ranks first for its exact name, so Enter runs it.
  await expect(palette.getByRole('option', { name: 'Assign to me', exact: true })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Successfully reassigned alert.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assignee: Avery Analyst', exact: true })).toBeVisible();

  const box = page.getByLabel('Add a comment');
  await box.click();
  await box.pressSequentially('Looping in @pri');
  await expect(page.getByRole('listbox', { name: 'Mention an agent' })).toBeVisible();
  await page.keyboard.press('Enter');
  await box.pressSequentially('for the branch visit notes.');
  await expect(box).toHaveValue(/^Looping in @\[Priya Shah\]\(agent:\d+\) for the branch visit notes\.$/);
  await page.keyboard.press('Control+Enter');
  const comments = page.getByRole('list', { name: 'Comments' });
  await expect(comments.getByText('for the branch visit notes.')).toBeVisible();
  await expect(comments.getByRole('link', { name: '@Priya Shah' })).toHaveAttribute('href', /^\/agents\/\d+$/);
  await expect(box).toHaveValue('');
  await expect(page.getByRole('list', { name: 'Activity' })).toContainText('commented');
  await expectNoSeriousAxeViolations(page);
});

test('a manager extends the deadline by two days', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto(`/alerts/${worked.id}`);
  await page.getByRole('button', { name: 'Edit Deadline' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Deadline' });
  const input = dialog.getByLabel('Deadline');
  const current = await input.inputValue();
  const later = new Date(Date.parse(`${current}:00Z`) + 2 * 86_400_000).toISOString().slice(0, 16);
  await input.fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Required');
  await input.fill(later);
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Deadline updated')).toBeVisible();
  await expect(page.getByText('Deadline extended by 2 days')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Activity' })).toContainText('changed the deadline');
});

test('the analyst closes the alert with a disposition and notes', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/alerts/${worked.id}`);
  await page.getByRole('button', { name: 'Close alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close alert' });
  await dialog.getByRole('button', { name: 'Close alert' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a disposition.');
  await dialog.getByRole('radio', { name: 'True positive' }).check();
  await dialog.getByLabel(/Notes/).fill('Confirmed with the branch: structured deposits on behalf of a third party.');
  await dialog.getByRole('button', { name: 'Close alert' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, 'Alert closed.')).toBeVisible();
  const header = page.locator('h1');
  await expect(header.getByText('Closed', { exact: true })).toBeVisible();
  // Closed work is frozen: no pickers, no deadline edit, Reopen offered.
  await expect(page.getByRole('button', { name: /^Assignee: / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reopen' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('True positive');
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('Confirmed with the branch');
  await expectNoSeriousAxeViolations(page);
});

test('the alert PDF opens in the viewer with a Download button', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/alerts/${worked.id}`);
  await page.getByRole('link', { name: 'Download PDF' }).click();
  await expect(page).toHaveURL(new RegExp(`/alerts/${worked.id}/pdf$`));
  await expect(page.locator(`iframe[title="Alert ${worked.id} PDF"]`)).toHaveAttribute('src', /^blob:/);
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('download', `alert-${worked.id}.pdf`);
});
