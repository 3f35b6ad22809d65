import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { CONSOLE_URL } from './env';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';

// The detection story (issue 21, acceptance 10): a manager's rule is validated over the last 30 days
// and its sample hits read; the admin puts it in shadow and activates it; a transaction file is
// loaded and the engine raises an alert in the rule's queue, with its condition card Met and its
// hit under Alert updates; an analyst silences the rule for that customer on the Rule Silencing
// tab; the next file raises nothing for them (its other party, not silenced, gets an alert, so the
// file was judged). The editor itself is walked through by keyboard in rules.spec.ts. Parties carry
// a per-run stamp, and the rule is archived at the end, so the story leaves other specs alone.

test.describe.configure({ timeout: 360_000 });
// the server's worker judges the files while the page waits (PGlite shares the server's thread)
const slow = expect.configure({ timeout: 90_000 });

const stamp = Date.now().toString(36);
const TITLE = `Story payments ${stamp}`;
const CUSTOMER = `story_${stamp}_cust`;
let ruleId = 0;

type Headers = Record<string, string>;
const as = async (request: APIRequestContext, email: string): Promise<Headers> => ({ Authorization: `Bearer ${await apiTokenFor(request, email)}` });

/** A transaction file of P2P payments: [id, minutes before now, amount, sender, receiver]. */
function csv(rows: Array<[string, number, number, string, string]>): Buffer {
  const now = Date.now();
  const lines = rows.map(([id, minutesAgo, amount, sender, receiver]) => {
    const time = new Date(now - minutesAgo * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return `${id},${time},${amount},USD,P2P,${sender},${receiver}`;
  });
  return Buffer.from(['txn_id,event_time,amount,currency,txn_type,sender_id,receiver_id', ...lines].join('\n'));
}

/** Uploads and runs a file from the flat-file page; waits until every row is in. */
async function load(page: Page, name: string, body: Buffer, rows: number) {
  await page.goto('/data-management/flat-file-ingestion');
  await page.getByRole('button', { name: 'Upload file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload file' });
  await dialog.getByLabel('File').setInputFiles({ name, mimeType: 'text/csv', buffer: body });
  await dialog.getByRole('combobox', { name: 'Stream', exact: true }).fill(`story_${stamp}`);
  await dialog.getByRole('radio', { name: 'Run', exact: true }).check();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const row = page.getByRole('table', { name: 'Files' }).getByRole('row').filter({ hasText: name });
  await slow(row.getByText(`finished ${rows} / ${rows} rows`)).toBeVisible();
}

/** Reloads the queue's alert list until a row of the rule for `party` shows (detection runs after the batch). */
async function alertRow(page: Page, queueId: number, party: string) {
  const grid = page.getByRole('grid', { name: 'Alerts' });
  const row = grid.getByRole('row').filter({ hasText: `${TITLE}: ${party}` });
  await slow(async () => {
    await page.goto(`/alerts?queue=${queueId}`);
    await expect(row.first()).toBeVisible({ timeout: 5_000 });
  }).toPass();
  return row;
}

test.afterAll(async ({ playwright }) => {
  if (!ruleId) return;
  const request = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  await request.post(`/api/rules/${ruleId}/status`, { headers: await as(request, 'admin@demo.test'), data: { status: 'ARCHIVED' } });
  await request.dispose();
});

test('a validated, shadowed and activated rule raises an alert on a loaded file; silenced for the customer, the next file raises none', async ({
  page,
  playwright,
}) => {
  const request = await playwright.request.newContext({ baseURL: CONSOLE_URL });
  const manager = await as(request, 'manager@demo.test');
  const queues = (await (await request.get('/api/queues', { headers: manager })).json()).queues as Array<{ id: number; title: string; access_type: string }>;
  const queue = queues.find((q) => q.access_type === 'open')!;

  // 1. history for the validation to find: two payments of last week between two other parties
  await signIn(page, 'manager@demo.test');
  await load(
    page,
    `story-history-${stamp}.csv`,
    csv([
      [`SH-${stamp}-1`, 7 * 24 * 60, 120, `story_${stamp}_a`, `story_${stamp}_b`],
      [`SH-${stamp}-2`, 6 * 24 * 60, 140, `story_${stamp}_a`, `story_${stamp}_b`],
    ]),
    2,
  );

  // 2. the manager's rule: any payment of 100 or more (written in the editor in rules.spec.ts)
  const created = await request.post('/api/rules', {
    headers: manager,
    data: {
      title: TITLE,
      queue_id: queue.id,
      spec: {
        event_type: 'TRANSACTION',
        score: 70,
        variables: [{ name: 'payment_amount', label: 'Payment amount', aggregation: 'value', field: 'amount', filter: { internal_txn_type: ['P2P'] } }],
        condition: {
          type: 'composite',
          operator: 'AND',
          operands: [{ type: 'leaf', operator: '>=', operands: [{ variable: 'payment_amount' }, { value: 100 }] }],
        },
      },
    },
  });
  expect(created.status()).toBe(201);
  ruleId = (await created.json()).id as number;

  // 3. validated over the last 30 days; the kept sample is read in the alert list
  await page.goto(`/rules/${ruleId}/definition`);
  await page.getByRole('group', { name: 'Rule actions' }).getByRole('button', { name: 'Validate' }).click();
  const validate = page.getByRole('dialog', { name: `Validate ${TITLE}` });
  await expect(validate.getByRole('radio', { name: 'The last 30 days' })).toBeChecked();
  await validate.getByRole('button', { name: 'Validate' }).click();
  const runs = page.getByRole('table', { name: 'Validation runs' });
  await slow(runs.getByRole('row').nth(1).getByText('Success')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await runs
    .getByRole('link', { name: /alerts: open the kept sample$/ })
    .first()
    .click();
  const sample = page.getByRole('grid', { name: 'Alerts' });
  await slow(sample.getByText(`${TITLE}: story_${stamp}_a`)).toBeVisible();
  await expect(sample.getByText(`${TITLE}: story_${stamp}_b`)).toBeVisible();

  // 4. the admin puts it in shadow, then activates it
  await page.context().clearCookies();
  await signIn(page, 'admin@demo.test');
  await page.goto(`/rules/${ruleId}/definition`);
  const actions = page.getByRole('group', { name: 'Rule actions' });
  await actions.getByRole('button', { name: 'Put in shadow' }).click();
  await page
    .getByRole('alertdialog', { name: `Put ${TITLE} in shadow?` })
    .getByRole('button', { name: 'Put in shadow' })
    .click();
  await slow(page.locator('header [data-status]')).toHaveAttribute('data-status', 'ACTIVE_SHADOW');
  await actions.getByRole('button', { name: 'Activate' }).click();
  await page
    .getByRole('alertdialog', { name: `Activate ${TITLE}?` })
    .getByRole('button', { name: 'Activate' })
    .click();
  await slow(page.locator('header [data-status]')).toHaveAttribute('data-status', 'ACTIVE');

  // 5. a file with a payment by the customer: the engine raises an alert in the rule's queue
  await page.context().clearCookies();
  await signIn(page, 'manager@demo.test');
  await load(page, `story-first-${stamp}.csv`, csv([[`SF-${stamp}-1`, 60, 500, CUSTOMER, `story_${stamp}_shop`]]), 1);
  const row = await alertRow(page, queue.id, CUSTOMER);
  await row
    .first()
    .getByRole('link', { name: `${TITLE}: ${CUSTOMER}` })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: `${TITLE}: ${CUSTOMER}` })).toBeVisible();
  const alertUrl = page.url();
  const card = page.getByRole('article', { name: `Condition card: ${TITLE}` });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('condition-leaf').first()).toContainText('Snapshot value:');
  await expect(card.getByTestId('condition-leaf').first()).toContainText('Met');
  await expect(card.getByTestId('condition-leaf').first()).not.toContainText('Not met');
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('tab', { name: 'Alert updates' }).click();
  const updates = page.getByRole('tabpanel');
  await expect(updates).toContainText('payment_amount');
  await expect(updates).toContainText('500');

  // 6. an analyst silences the rule for that customer on the Rule Silencing tab
  await page.context().clearCookies();
  await signIn(page, 'analyst@demo.test');
  await page.goto(alertUrl);
  await page.getByRole('link', { name: CUSTOMER, exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: CUSTOMER })).toBeVisible();
  await page.getByRole('tab', { name: 'Rule Silencing' }).click();
  await page.getByRole('button', { name: 'Silence a rule' }).click();
  const silence = page.getByRole('dialog', { name: 'Silence a rule' });
  await silence.getByRole('combobox', { name: 'Rule' }).selectOption({ label: TITLE });
  await silence.getByRole('textbox', { name: 'Reason' }).fill('Known marketplace seller; payments reviewed.');
  await silence.getByRole('button', { name: 'Silence', exact: true }).click();
  await expect(silence).toBeHidden();
  await expect(page.getByRole('table', { name: 'Rule silences' }).getByRole('row').filter({ hasText: TITLE })).toContainText('In force');
  expect(await seriousViolations(page)).toEqual([]);

  // 7. the next file: the other party's alert shows it was judged; nothing new for the customer
  await page.context().clearCookies();
  await signIn(page, 'manager@demo.test');
  await load(page, `story-second-${stamp}.csv`, csv([[`SS-${stamp}-1`, 30, 650, CUSTOMER, `story_${stamp}_shop2`]]), 1);
  await alertRow(page, queue.id, `story_${stamp}_shop2`);
  await expect(
    page
      .getByRole('grid', { name: 'Alerts' })
      .getByRole('row')
      .filter({ hasText: `${TITLE}: ${CUSTOMER}` }),
  ).toHaveCount(1);
  await page.goto(alertUrl);
  await page.getByRole('tab', { name: 'Alert updates' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('500');
  await expect(page.getByRole('tabpanel')).not.toContainText('650');
  await request.dispose();
});
