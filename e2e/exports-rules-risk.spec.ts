import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { seriousViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { parseCsv } from '../tests/support/csv';

// A manager exports a rule's validation runs and the risk ratings list (issue 23, line 4): Export
// on the rule's Validation runs table asks for the rule's runs in the table's columns (here as
// XLSX), Export on the risk ratings list asks for its models as CSV, the only format it offers;
// the server's worker writes each file, and the file from the file exports list holds exactly the
// rows the list's own call answers, in order.

test.describe.configure({ timeout: 180_000 });
const slow = expect.configure({ timeout: 30_000 });
const MANAGER = 'manager@demo.test';

/** Follows an export to Ready on the file exports list and downloads it. */
async function downloaded(page: Page, id: number, label: string, fileName: string): Promise<string> {
  await page.goto('/reporting/file-exports');
  await expect(page.getByRole('heading', { level: 1, name: 'File exports' })).toBeVisible();
  const row = page.locator(`tr[data-export-id="${id}"]`);
  await expect(row.getByText(label)).toBeVisible();
  await slow(row.getByText('Ready for download')).toBeVisible({ timeout: 90_000 });
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download export ${id}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  return download.path();
}

test("a manager exports a rule's validation runs as XLSX and downloads exactly the table's runs", async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, MANAGER)}` };
  const rules = (await (await request.get('/api/rules?limit=50', { headers })).json()).rules as Array<{ id: number; last_validation: unknown }>;
  const rule = rules.find((r) => r.last_validation !== null);
  expect(rule).toBeDefined();
  const runs = (await (await request.get(`/api/rules/${rule!.id}/validations`, { headers })).json()).validations as Array<{ id: number; status: string }>;
  expect(runs.length).toBeGreaterThan(0);

  await signIn(page, MANAGER);
  await page.goto(`/rules/${rule!.id}/validation`);
  const table = page.getByRole('table', { name: 'Validation runs' });
  await slow(table).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export validation runs' });
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('radio', { name: 'Excel (XLSX)' }).check();
  const asked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/file-exports/rule-validations'));
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const response = await asked;
  expect(response.status()).toBe(201);
  const id = ((await response.json()) as { id: number }).id;
  const body = response.request().postDataJSON() as { format: string; columns: string[]; filters: Record<string, unknown> };
  expect(body).toMatchObject({ format: 'XLSX', filters: { rule_id: rule!.id } });
  await expect(page.getByText('Export requested. You will be notified when the file is ready.')).toBeVisible();

  const path = await downloaded(page, id, 'Rule validations (XLSX)', `rule_validations-${id}.xlsx`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  const [header, ...data] = rows;
  expect(header).toEqual(body.columns);
  const idAt = header.indexOf('id');
  const statusAt = header.indexOf('status');
  expect(data.map((r) => [r[idAt], r[statusAt]])).toEqual(runs.map((r) => [r.id, r.status]));
});

test('a manager exports the risk ratings list as CSV, the only format offered, and downloads exactly its models', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, MANAGER)}` };
  const models = (await (await request.get('/api/risk/risk-models', { headers })).json()).risk_models as Array<{ id: number; title: string }>;
  expect(models.length).toBeGreaterThan(0);

  await signIn(page, MANAGER);
  await page.goto('/risk-ratings');
  await slow(page.getByRole('table', { name: 'Risk models' })).toBeVisible();
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export risk models' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio')).toHaveCount(0);
  await expect(dialog.getByText('The file is a CSV file.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  const asked = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/file-exports/risk-ratings'));
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  const response = await asked;
  expect(response.status()).toBe(201);
  const id = ((await response.json()) as { id: number }).id;
  const body = response.request().postDataJSON() as { format: string; columns: string[] };
  expect(body.format).toBe('CSV');

  const path = await downloaded(page, id, 'Risk ratings (CSV)', `risk_ratings-${id}.csv`);
  const [header, ...data] = parseCsv(readFileSync(path, 'utf8'));
  expect(header).toEqual(body.columns);
  const idAt = header.indexOf('id');
  const titleAt = header.indexOf('title');
  expect(data.map((r) => [Number(r[idAt]), r[titleAt]])).toEqual(models.map((m) => [m.id, m.title]));
});
