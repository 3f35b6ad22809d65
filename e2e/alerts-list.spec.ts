import { expect, test, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor, ensureOpenAlerts } from './work-helpers';
import { allViolations } from './axe-helpers';

// The alert list at /alerts (issue 7, acceptance 1): filters in the URL, keyboard movement, bulk
// assignment and queue changes, accessibility.

const grid = (page: Page) => page.getByRole('grid', { name: 'Alerts' });
const dataRows = (page: Page) =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
/** The ID column (after the selection checkbox) of every rendered row. */
async function shownIds(page: Page): Promise<number[]> {
  return (await dataRows(page).locator('[role="gridcell"][aria-colindex="2"]').allTextContents()).map(Number);
}

test('filters, view and order live in the URL: a reload reproduces them and Back undoes a change', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/alerts?status=CLOSED&sort=amount_volume&dir=asc');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const check = async () => {
    await expect(page.getByRole('button', { name: 'Status filter: Closed' })).toBeVisible();
    await expect(grid(page).getByRole('columnheader', { name: /Amount/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(dataRows(page).first()).toBeVisible();
    const statuses = await dataRows(page).locator('[role="gridcell"][aria-colindex="4"]').allTextContents();
    expect(new Set(statuses)).toEqual(new Set(['Closed']));
  };
  await check();
  const before = await shownIds(page);
  await page.reload();
  await check();
  expect(await shownIds(page)).toEqual(before);

  // A change through the page is a history step of its own.
  await page.getByRole('button', { name: 'Status filter: Closed' }).click();
  await page.getByRole('dialog', { name: 'Status filter' }).getByRole('checkbox', { name: 'In review' }).check();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=CLOSED,IN_REVIEW/);
  await expect(page.getByRole('button', { name: 'Status filter: Closed, In review' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?status=CLOSED&sort=amount_volume&dir=asc$/);
  await check();

  // Sorting by a header and the "My alerts" view go into the address too.
  await grid(page).getByRole('button', { name: /Score/ }).click();
  await expect(page).toHaveURL(/sort=alert_score&dir=desc/);
  await page.getByRole('button', { name: 'My alerts' }).click();
  await expect(page).toHaveURL(/view=mine/);
  await expect(page.getByRole('button', { name: 'My alerts' })).toHaveAttribute('aria-pressed', 'true');
});

test('j and k move through the rows and Enter opens the alert', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/alerts?sort=id&dir=asc');
  await expect(dataRows(page).nth(2)).toBeVisible();
  const ids = await shownIds(page);
  for (const key of ['j', 'j', 'j', 'k']) await page.keyboard.press(key);
  const active = grid(page).locator('[role="row"][aria-selected="true"]');
  await expect(active).toHaveCount(1);
  await expect(active).toBeFocused();
  await expect(active.locator('[aria-colindex="2"]')).toHaveText(String(ids[1]));
  await page.keyboard.press('x');
  await expect(page.getByRole('checkbox', { name: `Select alert ${ids[1]}`, exact: true })).toBeChecked();
  await expect(page.getByRole('region', { name: 'Selected alerts' })).toContainText('1 selected');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/alerts/${ids[1]}$`));
  await page.goBack();
  await expect(page).toHaveURL(/\/alerts\?sort=id&dir=asc$/);
});

test('bulk assign and change queue show the spec’s toasts and the rows change; no axe violations', async ({ page }) => {
  await ensureOpenAlerts(page.request, { count: 2 });
  await signIn(page, 'manager@demo.test');
  const token = await apiTokenFor(page.request, 'manager@demo.test');
  const auth = { Authorization: `Bearer ${token}` };
  const listed = await (
    await page.request.post('/api/alerts/list', { headers: auth, data: { statuses: ['OPEN'], sort_column: 'id', sort_direction: 'ascending' } })
  ).json();
  const open = listed.alerts as Array<{ id: number; assigned_to_id: number | null; queue_id: number | null; queue_title: string | null }>;
  expect(open.length).toBeGreaterThanOrEqual(2);
  const agents = (await (await page.request.get('/api/agents', { headers: auth })).json()).agents as Array<{ id: number; full_name: string }>;
  const assignee = agents.find((a) => a.full_name === 'Sofia Reyes')!;
  const queues = (await (await page.request.get('/api/queues', { headers: auth })).json()).queues as Array<{ id: number; title: string }>;
  const target = queues.find((q) => q.title === 'Fraud Ops')!;

  try {
    await page.goto('/alerts?status=OPEN&sort=id&dir=asc');
    await expect(dataRows(page)).toHaveCount(open.length);
    expect(await allViolations(page)).toEqual([]);

    await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
    const bar = page.getByRole('region', { name: 'Selected alerts' });
    await expect(bar).toContainText(`${open.length} selected`);
    await expect(bar.getByRole('button', { name: 'Create case' })).toBeVisible();

    await bar.getByRole('button', { name: 'Assign selected alerts' }).click();
    const picker = page.getByRole('dialog', { name: 'Assign selected alerts' });
    await expect(picker.getByRole('button', { name: 'Unassigned' })).toBeVisible();
    expect(await allViolations(page)).toEqual([]);
    await picker.getByRole('searchbox').fill('sofia');
    await picker.getByRole('button', { name: 'Sofia Reyes' }).click();
    await expect(page.getByText('Successfully reassigned alert.')).toBeVisible();
    const assigneeCells = dataRows(page).locator('[role="gridcell"][aria-colindex="7"]');
    await expect(assigneeCells).toHaveText(open.map(() => 'Sofia Reyes'));

    await page.getByRole('checkbox', { name: 'Select all loaded rows' }).check();
    await bar.getByRole('button', { name: 'Change queue of selected alerts' }).click();
    await page
      .getByRole('dialog', { name: 'Change queue of selected alerts' })
      .getByRole('button', { name: /^Fraud Ops/ })
      .click();
    await expect(page.getByText('Successfully changed alert queue.')).toBeVisible();
    await expect(dataRows(page).locator('[role="gridcell"][aria-colindex="6"]')).toHaveText(open.map(() => 'Fraud Ops'));

    // After a reload the server's values are shown, not only the page's own.
    await page.reload();
    await expect(assigneeCells).toHaveText(open.map(() => 'Sofia Reyes'));
    await page.screenshot({ path: 'test-results/alerts-list.png' });
    expect(assignee.id).toBeGreaterThan(0);
    expect(target.id).toBeGreaterThan(0);
  } finally {
    // Other specs start from the seed's assignments: put them back.
    for (const a of open) {
      await page.request.post('/api/investigations/action', {
        headers: auth,
        data: { object_ids: [a.id], object_type: 'ALERT', agent_id: a.assigned_to_id ?? -1 },
      });
      if (a.queue_id)
        await page.request.post('/api/investigations/action', {
          headers: auth,
          data: { object_ids: [a.id], object_type: 'ALERT', investigation_queue_id: a.queue_id },
        });
    }
  }
});

test('the page offers its views and filters in the command palette', async ({ page }) => {
  await ensureOpenAlerts(page.request, { count: 1, unassigned: 1 });
  await signIn(page, 'analyst@demo.test');
  await page.goto('/alerts');
  await expect(dataRows(page).first()).toBeVisible();
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await page.keyboard.press('Control+K');
  await page.keyboard.type('unassigned alerts');
  await palette.getByRole('option', { name: 'Show unassigned alerts' }).click();
  await expect(page).toHaveURL(/assignee=-1/);
  await expect(page.getByRole('button', { name: 'Assignee filter: Unassigned' })).toBeVisible();
  await expect(dataRows(page).locator('[role="gridcell"][aria-colindex="7"]').first()).toHaveText('Unassigned');

  await page.keyboard.press('Control+K');
  await page.keyboard.type('clear alert');
  await palette.getByRole('option', { name: 'Clear alert filters' }).click();
  await expect(page).toHaveURL(/\/alerts$/);

  await page.keyboard.press('Control+K');
  await page.keyboard.type('my alerts');
  await palette.getByRole('option', { name: 'Show my alerts' }).click();
  await expect(page).toHaveURL(/view=mine/);
  // Nothing selected: the palette does not offer to assign.
  await page.keyboard.press('Control+K');
  await page.keyboard.type('assign selected');
  await expect(palette.getByRole('option', { name: 'Assign selected alerts to me' })).toHaveCount(0);
});
