import { expect, test, type Page } from '@playwright/test';
import { CONSOLE_URL } from './env';
import { signIn } from './sign-in-helpers';
import { apiTokenFor as tokenFor, ensureOpenAlerts } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// Cases and queues (issue 7, acceptance 4, 5 and 9): a manager rolls two alerts into a case and
// reassigns it; a queue-restricted agent cannot open a case of a queue they are not a member of,
// neither in the page nor through the API; the queues page shows counts and access types.

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

function as(token: string) {
  return { Authorization: `Bearer ${token}` };
}

test('a manager creates a case from two alerts and reassigns it', async ({ page }) => {
  const title = `Structuring pair ${Date.now()}`;
  await ensureOpenAlerts(page.request, { count: 2 });
  await signIn(page, 'manager@demo.test');
  await page.goto('/alerts?status=OPEN');
  const grid = page.getByRole('grid', { name: 'Alerts' });
  await expect(grid.getByRole('row').nth(2)).toBeVisible();
  const boxes = grid.getByRole('checkbox', { name: /^Select alert \d+$/ });
  const firstName = (await boxes.nth(0).getAttribute('aria-label'))!;
  const secondName = (await boxes.nth(1).getAttribute('aria-label'))!;
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const alertIds = [firstName, secondName].map((n) => Number(n.replace(/\D+/g, '')));

  await page.getByRole('button', { name: 'Create case' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create case' });
  await expect(dialog.getByText('Rolls 2 alerts into a new case.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create case' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Create case' }).click();

  await expect(page).toHaveURL(/\/cases\/\d+$/);
  const caseId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByText(`Case ${caseId} created.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
  const alertsSection = page.getByRole('region', { name: /^Alerts/ });
  for (const id of alertIds) await expect(alertsSection.getByRole('cell', { name: String(id), exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Alerts/ }).getByRole('row')).toHaveCount(3);

  await page.getByRole('button', { name: /^Assignee: / }).click();
  await page.getByRole('combobox', { name: 'Search agents' }).fill('Avery');
  await page.getByRole('option', { name: /Avery Analyst/ }).click();
  await expect(page.getByText('Successfully reassigned case.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assignee: Avery Analyst', exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The new case is in the list, and the list's keys open it.
  await page.goto(`/cases?sort=id`);
  const cases = page.getByRole('grid', { name: 'Cases' });
  await expect(cases.getByRole('row').nth(1)).toContainText(title);
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/cases/${caseId}$`));
});

test('the case list filters on the server, keeps its filters in the address and answers the palette', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/cases');
  const grid = page.getByRole('grid', { name: 'Cases' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^\d+ cases?$/)).toBeVisible();

  await page.keyboard.press('Control+K');
  await page.keyboard.type('unassigned cases');
  await page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: 'Show unassigned cases' }).click();
  await expect(page).toHaveURL(/[?&]assignee=-1(&|$)/);
  await expect(page.getByRole('button', { name: 'Assignee: Unassigned' })).toBeVisible();

  await page.getByRole('toolbar', { name: 'Case filters' }).getByRole('button', { name: 'Status' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Open' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/[?&]status=OPEN(&|$)/);
  await expect(grid.getByRole('row').nth(1).or(page.getByText('No cases match these filters.'))).toBeVisible();
  const rows = await grid.getByRole('row').count();
  for (let i = 1; i < rows; i += 1) {
    await expect(grid.getByRole('row').nth(i)).toContainText('Open');
    await expect(grid.getByRole('row').nth(i)).toContainText('Unassigned');
  }
  await expectNoSeriousAxeViolations(page);

  // A reload reproduces the view from the address.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Status: Open' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assignee: Unassigned' })).toBeVisible();
});

test('a queue-restricted agent cannot open a case of a queue they are not a member of', async ({ page, playwright }) => {
  const manager = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  const managerToken = await tokenFor(manager, 'manager@demo.test');
  const me = await (await manager.get('/api/agents/me', { headers: as(managerToken) })).json();

  // A restricted queue of the manager's alone, and a case in it.
  const queue = await manager.post('/api/queues', {
    headers: as(managerToken),
    data: { title: `Staff matters ${Date.now()}`, access_type: 'restricted', member_ids: [me.id] },
  });
  expect(queue.status()).toBe(201);
  const queueId = (await queue.json()).id as number;
  const alerts = await (await manager.post('/api/alerts/list', { headers: as(managerToken), data: { statuses: ['OPEN'], limit: 1 } })).json();
  const hiddenTitle = `Staff matter ${Date.now()}`;
  const created = await manager.post('/api/cases', {
    headers: as(managerToken),
    data: { title: hiddenTitle, alert_ids: [alerts.alerts[0].id], queue_id: queueId },
  });
  expect(created.status()).toBe(201);
  const hiddenId = (await created.json()).id as number;

  // A case of the restricted agent's own queue opens (the control).
  const sensitive = (await (await manager.get('/api/queues', { headers: as(managerToken) })).json()).queues.find(
    (q: { title: string }) => q.title === 'Sensitive Investigations',
  );
  const own = await (await manager.post('/api/cases/list', { headers: as(managerToken), data: { queue_ids: [sensitive.id], limit: 1 } })).json();
  expect(own.cases.length).toBe(1);

  await signIn(page, 'restricted@demo.test');
  await page.goto(`/cases/${own.cases[0].id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(own.cases[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeVisible();

  await page.goto(`/cases/${hiddenId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Case not found' })).toBeVisible();
  await expect(page.getByText(/in a queue you do not have access to/)).toBeVisible();
  await expect(page.getByText(hiddenTitle)).toHaveCount(0);
  await page.goto(`/cases/${hiddenId}/pdf`);
  await expect(page.getByRole('heading', { name: 'Case not found' })).toBeVisible();
  await page.goto(`/cases?queue=${queueId}`);
  await expect(page.getByText(hiddenTitle)).toHaveCount(0);

  // Through the API with the restricted agent's own token: 404, never the data.
  const restricted = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  const token = await tokenFor(restricted, 'restricted@demo.test');
  const cached = await restricted.get(`/api/cases/cached/${hiddenId}`, { headers: as(token) });
  expect(cached.status()).toBe(404);
  expect(await cached.text()).not.toContain(hiddenTitle);
  const pdf = await restricted.get(`/api/cases/${hiddenId}/pdf`, { headers: as(token) });
  expect(pdf.status()).toBe(404);
  const retrieved = await restricted.post('/api/investigations/retrieve/case', { headers: as(token), data: { object_type: 'CASE', object_ids: [hiddenId] } });
  expect(retrieved.status()).toBe(200);
  expect((await retrieved.json()).results).toEqual([]);
  // The same calls answer the manager, a member of the queue.
  expect((await manager.get(`/api/cases/cached/${hiddenId}`, { headers: as(managerToken) })).status()).toBe(200);
  await manager.dispose();
  await restricted.dispose();
});

test('the queues page shows counts and access types, and hides counts of restricted queues from outsiders', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/queues');
  await expect(page.getByRole('heading', { level: 1, name: 'Queues' })).toBeVisible();
  const general = page.getByRole('row').filter({ hasText: 'General' }).first();
  await expect(general.getByText('Open', { exact: true })).toBeVisible();
  await expect(general.getByRole('cell').nth(2)).toHaveText(/^\d[\d,]*$/);
  const sensitive = page.getByRole('row').filter({ hasText: 'Sensitive Investigations' });
  await expect(sensitive.getByText('Restricted', { exact: true })).toBeVisible();
  await expect(sensitive.getByRole('cell').nth(2)).toHaveText(/^—/);
  await expect(sensitive.getByRole('cell').nth(2).locator('[title]')).toHaveAttribute('title', /Restricted queue/);
  await expect(page.getByRole('button', { name: 'New queue' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);

  await general.getByRole('link', { name: 'General', exact: true }).click();
  await expect(page).toHaveURL(/\/alerts\?view=queue&queue=\d+$/);
});

test('a manager sees every count and creates a queue; a taken title is refused beside the field', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/queues');
  const sensitive = page.getByRole('row').filter({ hasText: 'Sensitive Investigations' });
  await expect(sensitive.getByRole('cell').nth(2)).toHaveText(/^\d[\d,]*$/);

  await page.getByRole('button', { name: 'New queue' }).click();
  const dialog = page.getByRole('dialog', { name: 'New queue' });
  await dialog.getByLabel('Title').fill('General');
  await dialog.getByLabel(/Deadline in days/).fill('4');
  await dialog.getByRole('button', { name: 'Create queue' }).click();
  await expect(dialog.getByText('A queue with this title already exists. Choose another title.')).toBeVisible();
  await expect(dialog.getByLabel(/Deadline in days/)).toHaveValue('4');
  await expectNoSeriousAxeViolations(page);

  const title = `Elder abuse ${Date.now()}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('radio', { name: /^Restricted/ }).check();
  await dialog.getByRole('checkbox', { name: /Morgan Manager/ }).check();
  await dialog.getByRole('button', { name: 'Create queue' }).click();
  await expect(page.getByText(`Queue "${title}" created.`)).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Restricted', { exact: true })).toBeVisible();
  await expect(row.getByText('1 member')).toBeVisible();
  await expect(row.getByText('4 days')).toBeVisible();
});
