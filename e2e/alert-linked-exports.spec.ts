import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { parseCsv } from '../tests/support/csv';

// An analyst exports the entities an alert flags (issue 23, line 4): Export on the alert's Flagged
// Entities tab asks for a CSV of the tab's rows in its columns; the server's worker writes it, and
// the file from the file exports list holds exactly the entities the tab's list answers, in order.

test.describe.configure({ timeout: 180_000 });
const slow = expect.configure({ timeout: 30_000 });
const ANALYST = 'analyst@demo.test';

test("an analyst exports an alert's flagged entities and downloads exactly the tab's rows", async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, ANALYST)}` };
  const alerts = (await (await request.post('/api/alerts/list', { headers, data: { sort_column: 'id', sort_direction: 'ascending', limit: 50 } })).json())
    .alerts as Array<{ id: number }>;
  // the first listed alert that flags an entity
  let alertId = 0;
  let expected: Array<{ id: number; external_id: string }> = [];
  for (const a of alerts) {
    const listed = await (await request.post('/api/entities/cached/list', { headers, data: { alert_ids: [a.id], limit: 100 } })).json();
    if (listed.count > 0) {
      alertId = a.id;
      expected = listed.entities;
      break;
    }
  }
  expect(alertId).toBeGreaterThan(0);

  await signIn(page, ANALYST);
  await page.goto(`/alerts/${alertId}`);
  await expect(page.getByRole('tab', { name: 'Flagged Entities' })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await slow(panel.getByRole('table')).toBeVisible();
  await panel.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export entities' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const asked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/file-exports/entities'));
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const response = await asked;
  expect(response.status()).toBe(201);
  const id = ((await response.json()) as { id: number }).id;
  const body = response.request().postDataJSON() as { format: string; columns: string[]; filters: Record<string, unknown> };
  expect(body).toMatchObject({ format: 'CSV', filters: { alert_ids: [alertId] } });
  await expect(page.getByText('Export requested. You will be notified when the file is ready.')).toBeVisible();

  await page.goto('/reporting/file-exports');
  await expect(page.getByRole('heading', { level: 1, name: 'File exports' })).toBeVisible();
  const row = page.locator(`tr[data-export-id="${id}"]`);
  await expect(row.getByText('Entities (CSV)')).toBeVisible();
  await slow(row.getByText('Ready for download')).toBeVisible({ timeout: 90_000 });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download export ${id}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`entities-${id}.csv`);
  const [header, ...data] = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(header).toEqual(body.columns);
  const idAt = header.indexOf('id');
  const externalAt = header.indexOf('external_id');
  expect(data.map((r) => [Number(r[idAt]), r[externalAt]])).toEqual(expected.map((e) => [e.id, e.external_id]));
});
