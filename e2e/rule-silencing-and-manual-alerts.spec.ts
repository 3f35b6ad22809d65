import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CONSOLE_URL } from './env';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';

// Rule silencing and manual alerts (issue 21, acceptance 5 and 7) in the browser: a manager silences
// a rule for a customer on the entity's Rule Silencing tab by keyboard, sees it listed in force and
// lifts it; a manager creates an alert from an entity (the header action) and from a transaction
// (the palette's command), each opening the new alert, and finds them in the queue chosen; an
// analyst (the Agent preset, without create_alerts) is offered no "Create alert".

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

interface Fixture {
  entity: { id: number; name_readable: string };
  transaction: { id: number; external_id: string };
  instrument: { id: number; external_id: string } | null;
  rule: { id: number; title: string };
  queue: { id: number; title: string };
}

async function fixture(request: APIRequestContext): Promise<Fixture> {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'manager@demo.test')}` };
  const json = async <T>(answer: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> => {
    expect(answer.ok(), `${answer.url()} answered ${answer.status()}`).toBe(true);
    return (await answer.json()) as T;
  };
  const actions = (
    await json<{ action_events: Array<{ entity: { id: number } | null }> }>(await request.post('/api/action-events/list', { headers, data: { limit: 50 } }))
  ).action_events;
  const entityId = actions.find((a) => a.entity)!.entity!.id;
  const entity = await json<{ id: number; name_readable: string }>(await request.get(`/api/entities/${entityId}`, { headers }));
  const txns = (
    await json<{ txn_events: Array<{ id: number; external_id: string }> }>(await request.post('/api/txn-events/list', { headers, data: { limit: 1 } }))
  ).txn_events;
  const rules = (await json<{ rules: Array<{ id: number; title: string }> }>(await request.get('/api/rules?status=ACTIVE', { headers }))).rules;
  const queues = (await json<{ queues: Array<{ id: number; title: string; access_type: string }> }>(await request.get('/api/queues', { headers }))).queues;
  const queue = queues.find((q) => q.access_type === 'open')!;
  const instruments = (
    await json<{ instruments: Array<{ id: number; external_id: string }> }>(await request.get(`/api/entities/${entityId}/instruments`, { headers }))
  ).instruments;
  return {
    entity: { id: entity.id, name_readable: entity.name_readable },
    transaction: txns[0],
    instrument: instruments[0] ?? null,
    rule: rules[0],
    queue: { id: queue.id, title: queue.title },
  };
}

let f: Fixture;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  f = await fixture(request);
  await request.dispose();
});

test('a manager silences a rule for a customer by keyboard, sees it in force, and lifts it', async ({ page }) => {
  const reason = `Payroll account, weekly salary run (${Date.now()})`;
  await signIn(page, 'manager@demo.test');
  await page.goto(`/entities/${f.entity.id}?tab=rule-silencing`);
  await expect(page.getByRole('tab', { name: 'Rule Silencing' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Silence a rule' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Silence a rule' });
  await expect(dialog).toBeVisible();
  // the rule picker has focus first; every field is reached with Tab
  await expect(dialog.getByRole('combobox', { name: 'Rule' })).toBeFocused();
  await expect(dialog.getByRole('combobox', { name: 'Rule' }).getByRole('option', { name: f.rule.title })).toBeAttached();
  await dialog.getByRole('combobox', { name: 'Rule' }).selectOption({ label: f.rule.title });
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('combobox', { name: 'Ends' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('textbox', { name: 'Reason' })).toBeFocused();
  // Enter in a text area is a new line: the form is sent from its button
  await page.keyboard.type(reason);
  await dialog.getByRole('button', { name: 'Silence', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  const row = page.getByRole('table', { name: 'Rule silences' }).getByRole('row').filter({ hasText: reason });
  await expect(row).toContainText(f.rule.title);
  await expect(row).toContainText('In force');
  await expect(row).toContainText('Morgan Manager');
  await expect(row).toContainText(/Until /);

  await row.getByRole('button', { name: `Lift the silence of ${f.rule.title}` }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog', { name: 'Lift this silence?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Lift silence' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Lifted');
  await expect(row).toContainText(/Lifted .* by Morgan Manager/);
  await expect(row.getByRole('button', { name: /^Lift/ })).toHaveCount(0);
});

async function fillAlert(page: Page, title: string, attached: RegExp) {
  const dialog = page.getByRole('dialog', { name: 'Create alert' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toBeFocused();
  await expect(dialog.getByRole('list', { name: 'Attached' })).toHaveText(attached);
  await page.keyboard.type(title);
  await dialog.getByRole('combobox', { name: 'Queue' }).selectOption({ label: f.queue.title });
  await dialog.getByRole('textbox', { name: 'Description (optional)' }).fill('Raised by hand from what the customer told the branch.');
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(page).toHaveURL(/\/alerts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(title) })).toBeVisible();
}

async function expectInQueue(page: Page, title: string) {
  await page.goto(`/alerts?queue=${f.queue.id}`);
  await expect(page.getByRole('grid', { name: 'Alerts' }).getByText(title)).toBeVisible();
}

test('a manager creates an alert from an entity and from a transaction, and finds both in the queue', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  const fromEntity = `Manual: customer report ${Date.now()}`;
  await page.goto(`/entities/${f.entity.id}`);
  await page.getByRole('button', { name: 'Create alert' }).click();
  await fillAlert(page, fromEntity, new RegExp(`^Entity${escape(f.entity.name_readable)}`));
  await expectInQueue(page, fromEntity);

  const fromTransaction = `Manual: suspicious wire ${Date.now()}`;
  await page.goto(`/data-explorer/transactions/${f.transaction.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Transaction ${f.transaction.external_id}` })).toBeVisible();
  // the page's command in the palette
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Create alert');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { selected: true })).toContainText('Create alert');
  await page.keyboard.press('Enter');
  await fillAlert(page, fromTransaction, new RegExp(`^Transaction${escape(f.transaction.external_id)}`));
  await expectInQueue(page, fromTransaction);

  // the instrument page offers it too, with the instrument attached
  test.skip(f.instrument === null, 'the customer has no instrument');
  await page.goto(`/instruments/${f.instrument!.id}`);
  await page.getByRole('button', { name: 'Create alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create alert' });
  await expect(dialog.getByRole('list', { name: 'Attached' })).toHaveText(new RegExp(`^Instrument${escape(f.instrument!.external_id)}`));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Create alert' })).toBeFocused();
});

test('an analyst is offered no "Create alert", neither on the page nor in the palette', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/entities/${f.entity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: f.entity.name_readable })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create alert' })).toHaveCount(0);
  await page.keyboard.press('Control+K');
  await page.keyboard.type('Create alert');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option').first()).toBeVisible();
  await expect(palette.getByRole('option', { name: /^Create alert/ })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.goto(`/data-explorer/transactions/${f.transaction.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Transaction ${f.transaction.external_id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create alert' })).toHaveCount(0);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
