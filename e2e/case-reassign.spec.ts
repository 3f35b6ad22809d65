import { expect, test } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor, ensureOpenAlerts } from './work-helpers';

// A case's assignee and queue (spec part 2, section 4 "Alert assignee and queue"; section 8): a
// manager reassigns an open case and moves it to another queue from its page and reads the spec's
// texts; once the case is sent to review, neither can change any more.

test('a manager reassigns a case and changes its queue, and neither changes once it is in review', async ({ page }) => {
  await ensureOpenAlerts(page.request, { count: 1 });
  const headers = { Authorization: `Bearer ${await apiTokenFor(page.request, 'manager@demo.test')}` };
  const queues = (await (await page.request.get('/api/queues', { headers })).json()).queues as Array<{ id: number; title: string; access_type: string }>;
  const open = queues.filter((q) => q.access_type === 'open');
  expect(open.length).toBeGreaterThanOrEqual(2);
  const alerts = (await (await page.request.post('/api/alerts/list', { headers, data: { statuses: ['OPEN'], limit: 100 } })).json()).alerts as Array<{
    id: number;
    queue_id: number | null;
  }>;
  const alert = alerts.find((a) => open.some((q) => q.id === a.queue_id))!;
  const created = await page.request.post('/api/cases', {
    headers,
    data: { title: `Reassigned pair ${Date.now()}`, alert_ids: [alert.id], queue_id: open[0].id },
  });
  expect(created.status()).toBe(201);
  const caseId = (await created.json()).id as number;
  const target = open[1];

  await signIn(page, 'manager@demo.test');
  await page.goto(`/cases/${caseId}`);

  await page.getByRole('button', { name: /^Assignee: / }).click();
  await page.getByRole('combobox', { name: 'Search agents' }).fill('Avery');
  await page.getByRole('option', { name: /Avery Analyst/ }).click();
  await expect(page.getByText('Successfully reassigned case.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Assignee: Avery Analyst', exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Queue: ${open[0].title}`, exact: true }).click();
  await page.getByRole('combobox', { name: 'Search queues' }).fill(target.title);
  await page.getByRole('option', { name: target.title, exact: true }).click();
  // Toasts show one at a time, 4 s each: this one follows the reassignment's.
  await expect(page.getByText('Successfully changed case queue.')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('button', { name: `Queue: ${target.title}`, exact: true })).toBeVisible();

  // What the server keeps.
  const kept = (await (await page.request.post('/api/investigations/retrieve/case', { headers, data: { object_type: 'CASE', object_ids: [caseId] } })).json())
    .results[0] as { assigned_to_name: string; queue_id: number };
  expect(kept).toMatchObject({ assigned_to_name: 'Avery Analyst', queue_id: target.id });

  // In review, the chips are plain text and say why.
  await page.getByRole('button', { name: 'Send to review' }).click();
  await expect(page.getByText('Assignee and queue cannot be changed while the case is in review.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Assignee|Queue): / })).toHaveCount(0);
  await expect(page.locator('[data-static]', { hasText: 'Avery Analyst' })).toBeVisible();
  await expect(page.locator('[data-static]', { hasText: target.title })).toBeVisible();
});
