import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { seriousViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { parseCsv } from '../tests/support/csv';

// A manager exports the filtered alert list (issue 23, line 4): Export on the list asks for a CSV
// of its current filters and columns; the server's worker writes it; the FILE_EXPORT notification
// leads to the file exports list, where the file downloads and holds exactly the filtered rows. The
// list shows the export's progress, and its row count once written.

test.describe.configure({ timeout: 180_000 });
const slow = expect.configure({ timeout: 30_000 });
const MANAGER = 'manager@demo.test';

test('a manager exports the filtered alert list and downloads exactly its rows', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, MANAGER)}` };
  await signIn(page, MANAGER);
  await page.goto('/alerts?status=CLOSED&sort=id&dir=asc');
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await slow(page.getByRole('button', { name: 'Status filter: Closed' })).toBeVisible();

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export alerts' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const asked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/file-exports/alerts'));
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const response = await asked;
  expect(response.status()).toBe(201);
  const id = ((await response.json()) as { id: number }).id;
  const body = response.request().postDataJSON() as { format: string; columns: string[]; filters: Record<string, unknown> };
  expect(body).toMatchObject({ format: 'CSV', filters: { statuses: ['CLOSED'], sort_column: 'id', sort_direction: 'ascending' } });
  await expect(page.getByText('Export requested. You will be notified when the file is ready.')).toBeVisible();

  // the rows the list answers for the same request, page by page
  const expected: number[] = [];
  for (let offset = 0; ; offset += 200) {
    const page200 = (await (await request.post('/api/alerts/list', { headers, data: { ...body.filters, limit: 200, offset } })).json()).alerts as Array<{
      id: number;
    }>;
    expected.push(...page200.map((a) => a.id));
    if (page200.length < 200) break;
  }
  expect(expected.length).toBeGreaterThan(0);

  // the export's progress on the file exports list, read again by the page until it is written
  await page.goto('/reporting/file-exports');
  await expect(page.getByRole('heading', { level: 1, name: 'File exports' })).toBeVisible();
  const row = page.locator(`tr[data-export-id="${id}"]`);
  await expect(row.getByText('Alerts (CSV)')).toBeVisible();
  await slow(row.getByText('Ready for download')).toBeVisible({ timeout: 90_000 });
  await expect(row.getByText(`${expected.length.toLocaleString('en-US')} ${expected.length === 1 ? 'row' : 'rows'}`)).toBeVisible();

  // the notification of this export leads to the file exports list
  // the unread, 50 to a page: the export's is among them whatever the seed's clock puts above it
  // (the manager's other notifications stay as they are for the specs that read them)
  await page.goto('/notifications');
  await page.getByLabel('Only show unread notifications').check();
  await page.getByLabel('Rows per page').selectOption('50');
  const note = page.getByRole('button', { name: `Your export #${id} (${expected.length} rows) is ready to download.`, exact: true });
  await slow(note).toBeVisible();
  await note.click();
  await expect(page).toHaveURL(/\/reporting\/file-exports$/);
  await expect(page.getByRole('heading', { level: 1, name: 'File exports' })).toBeVisible();
  await expect(row.getByText('Ready for download')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download export ${id}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`alerts-${id}.csv`);
  const [header, ...data] = parseCsv(readFileSync(await download.path(), 'utf8'));
  expect(header).toEqual(body.columns);
  expect(data.map((r) => Number(r[0]))).toEqual(expected);
  expect(await seriousViolations(page)).toEqual([]);
});
