import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// The data explorer at /data-explorer (issue 8, acceptance 1): the tab and filters in the URL,
// the direction filter on a chosen entity, keyboard movement, the right panel, accessibility.

const grid = (page: Page, name = 'Transactions') => page.getByRole('grid', { name });
const dataRows = (page: Page, name = 'Transactions') =>
  grid(page, name)
    .getByRole('row')
    .filter({ has: page.getByRole('gridcell') });
/** The position (aria-colindex) of a column by its header: the agent's column layout decides the order. */
async function colIndex(page: Page, header: string, name = 'Transactions'): Promise<string> {
  const index = await grid(page, name).getByRole('columnheader', { name: header, exact: true }).getAttribute('aria-colindex');
  expect(index).toBeTruthy();
  return index!;
}
/** The texts of one column of every rendered row. */
async function column(page: Page, header: string, name = 'Transactions'): Promise<string[]> {
  const index = await colIndex(page, header, name);
  return dataRows(page, name).locator(`[role="gridcell"][aria-colindex="${index}"]`).allTextContents();
}
/** Rows are placeholders until their page arrives: waits for a first row with its link. */
const loaded = (page: Page, name = 'Transactions') => expect(dataRows(page, name).first().getByRole('link').first()).toBeVisible({ timeout: 15_000 });

// The specs share one database: the analyst's saved column layouts (Choose Columns) go back to the
// default, so every column this spec reads is shown.
test.beforeEach(async ({ request }) => {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'analyst@demo.test')}` };
  for (const table of ['transactions', 'action_events']) expect((await request.delete(`/api/column-layouts/${table}`, { headers })).ok()).toBe(true);
});

/** A Demo Bank customer who both sent and received transactions, found through the API. */
async function customerWithBothDirections(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'analyst@demo.test')}` };
  const events = await (await request.post('/api/action-events/list', { headers, data: { limit: 100 } })).json();
  const ids = [...new Set((events.action_events as Array<{ entity: { id: number } | null }>).flatMap((e) => (e.entity ? [e.entity.id] : [])))];
  for (const id of ids) {
    const count = async (direction: string) =>
      (await (await request.post('/api/txn-events/list', { headers, data: { entity_ids: [id], direction, limit: 1 } })).json()).count as number;
    if ((await count('OUTBOUND')) > 0 && (await count('INBOUND')) > 0) {
      const entity = await (await request.get(`/api/entities/${id}`, { headers })).json();
      return { id, externalId: entity.external_id as string, name: entity.name_readable as string };
    }
  }
  throw new Error('no customer with transactions both ways');
}

test('filters and tab live in the URL: a reload reproduces them and Back undoes a change', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto('/data-explorer?status=FAILED&dir=asc');
  await expect(page.getByRole('heading', { level: 1, name: 'Data explorer' })).toBeVisible({ timeout: 15_000 });
  const check = async () => {
    await expect(page.getByRole('button', { name: 'Status: Failed' })).toBeVisible();
    await expect(grid(page).getByRole('columnheader', { name: /Event time/ })).toHaveAttribute('aria-sort', 'ascending');
    await loaded(page);
    await expect.poll(async () => [...new Set(await column(page, 'Status'))]).toEqual(['Failed']);
  };
  await check();
  const before = await column(page, 'Transaction ID');
  await page.reload();
  await check();
  expect(await column(page, 'Transaction ID')).toEqual(before);

  // A change through the page is a history step of its own; Back undoes it.
  await page.getByRole('button', { name: 'Status: Failed' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Reversed' }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/status=FAILED,REVERSED/);
  await expect(page.getByRole('button', { name: 'Status: Failed, Reversed' })).toBeVisible();
  await expect.poll(async () => new Set(await column(page, 'Status')).has('Reversed')).toBe(true);
  await page.goBack();
  await expect(page).toHaveURL(/\/data-explorer\?status=FAILED&dir=asc$/);
  await check();

  // The tab is an address too, and keeps the dates and the order.
  await page.getByRole('tab', { name: 'Action events' }).click();
  await expect(page).toHaveURL(/\/data-explorer\?tab=action-events&dir=asc$/);
  await loaded(page, 'Action events');
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
  await check();
});

test('the direction filter narrows a chosen customer’s transactions to sending or receiving', async ({ page }) => {
  const customer = await customerWithBothDirections(page.request);
  await signIn(page, 'analyst@demo.test');
  await page.goto('/data-explorer');
  await expect(page.getByRole('button', { name: 'Direction: Any' })).toBeDisabled({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Entity', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search entities' }).fill(customer.externalId);
  await page.getByRole('button', { name: new RegExp(customer.externalId) }).click();
  await expect(page).toHaveURL(new RegExp(`entity=${customer.id}(&|$)`));
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Entity: ${customer.name}` })).toBeVisible();

  await page.getByRole('button', { name: 'Direction: Any' }).click();
  await page.getByRole('menuitemradio', { name: 'Sending' }).click();
  await expect(page).toHaveURL(/direction=outbound/);
  await loaded(page);
  await expect.poll(async () => [...new Set(await column(page, 'Sender'))]).toEqual([customer.name]);

  await page.getByRole('button', { name: 'Direction: Sending' }).click();
  await page.getByRole('menuitemradio', { name: 'Receiving' }).click();
  await expect(page).toHaveURL(/direction=inbound/);
  await expect.poll(async () => [...new Set(await column(page, 'Receiver'))]).toEqual([customer.name]);

  // The direction survives a reload with the entity.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Direction: Receiving' })).toBeVisible();
  await expect.poll(async () => [...new Set(await column(page, 'Receiver'))]).toEqual([customer.name]);
});

test('j and k move through the rows and Enter opens the event in the right panel; no axe violations', async ({ page }) => {
  // two tabs and two accessibility scans
  test.slow();
  await signIn(page, 'analyst@demo.test');
  await page.goto('/data-explorer');
  await loaded(page);
  for (const key of ['j', 'j', 'j', 'k']) await page.keyboard.press(key);
  const active = grid(page).locator('[role="row"][aria-selected="true"]');
  await expect(active).toHaveCount(1);
  await expect(active).toBeFocused();
  const idColumn = await colIndex(page, 'Transaction ID');
  const href = await active.locator(`[aria-colindex="${idColumn}"]`).getByRole('link').getAttribute('href');
  const id = href!.split('/').at(-1)!;
  expect(href).toBe(`/data-explorer/transactions/${id}`);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`panel=transaction(%3A|:)${id}(&|$)`));

  expect(await seriousViolations(page)).toEqual([]);

  // The action events tab opens its events the same way.
  await page.goto('/data-explorer?tab=action-events');
  await loaded(page, 'Action events');
  await page.keyboard.press('j');
  const first = grid(page, 'Action events').locator('[role="row"][aria-selected="true"]');
  const aeIdColumn = await colIndex(page, 'Action event ID', 'Action events');
  const aeHref = await first.locator(`[aria-colindex="${aeIdColumn}"]`).getByRole('link').getAttribute('href');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`panel=action-event(%3A|:)${aeHref!.split('/').at(-1)}(&|$)`));
  expect(await seriousViolations(page)).toEqual([]);
});
