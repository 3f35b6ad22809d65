import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { seriousViolations } from './axe-helpers';
import { E2E_DATA_DIR } from './env';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';

// An STR from a Northwind case to FINTRAC and back (issue 22, line 7): an analyst writes it from an
// open case, cuts the details of suspicion short and sees the prefiling validation reject them at
// the field, completes the report and sends it to the manager, who submits it for filing. The
// server puts it in a FINTRAC batch; the batch's JSON downloads from the Filings list; an
// acknowledgement FINTRAC would send, put in the acknowledgements folder, marks it accepted, and
// the report shows FINTRAC's report id.

test.describe.configure({ timeout: 360_000 });
// the prefiling validation is a job the server's worker runs after each save
const slow = expect.configure({ timeout: 30_000 });

const ANALYST = 'analyst@northwind.test';
const MANAGER = 'chloe.martin@northwind.test';
const ADMIN = 'admin@northwind.test';

interface Alert {
  id: number;
  status: string;
  alert_type: string;
  case_id: number | null;
  queue_id: number | null;
}

/** A new Northwind case of the story's own, from a transaction-monitoring alert in an open queue (the STR's transactions are its alerts'). */
async function openCase(request: APIRequestContext): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, ADMIN)}` };
  const queues = (await (await request.get('/api/queues', { headers })).json()).queues as Array<{ id: number; access_type: string }>;
  const open = new Set(queues.filter((q) => q.access_type !== 'restricted').map((q) => q.id));
  const list = async (status: string) =>
    (
      await (
        await request.post('/api/alerts/list', { headers, data: { statuses: [status], sort_column: 'id', sort_direction: 'ascending', limit: 100 } })
      ).json()
    ).alerts as Alert[];
  const usable = (a: Alert) => a.alert_type === 'TRANSACTION_MONITORING' && a.case_id === null && a.queue_id !== null && open.has(a.queue_id);
  let alert = (await list('OPEN')).find(usable);
  if (!alert) {
    alert = (await list('CLOSED')).find(usable);
    expect(alert, 'a transaction-monitoring alert outside cases, in an open queue').toBeTruthy();
    expect((await request.post(`/api/alerts/${alert!.id}/status`, { headers, data: { status: 'OPEN' } })).status()).toBe(200);
  }
  const created = await request.post('/api/cases', { headers, data: { title: `STR story ${Date.now().toString(36)}`, alert_ids: [alert!.id] } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

// the status badge stands in the page's heading
const status = (page: Page, text: string) => page.getByRole('heading', { level: 1 }).getByText(text, { exact: true });

/** Fills every field FINTRAC asks of a subject, as a Canadian person. */
async function completeSubject(subject: Locator, n: number) {
  await subject.getByLabel('Kind').selectOption('PERSON');
  await subject.getByLabel('Surname').fill(`Tremblay${n}`);
  await subject.getByLabel('Given name').fill('Luc');
  await subject.getByLabel('Date of birth').fill('1981-03-02');
  await subject.getByLabel('Occupation').fill('Contractor');
  await subject.getByLabel('Street address').fill(`${10 + n} Rue Principale`);
  await subject.getByLabel('City').fill('Montréal');
  await subject.getByLabel('Province or territory').fill('QC');
  await subject.getByLabel('Postal code').fill('H2X 1Y4');
  await subject.getByLabel('Country').fill('CA');
}

test('an analyst writes an STR from a case, fixes what prefiling finds, a manager submits it, and FINTRAC accepts it', async ({ page, request }) => {
  const caseId = await openCase(request);
  await signIn(page, ANALYST);
  await page.goto(`/cases/${caseId}`);
  // the analyst may write either report from the case
  await expect(page.getByRole('button', { name: 'Create SAR' })).toBeVisible();
  await page.getByRole('button', { name: 'Create STR' }).click();
  await expect(page).toHaveURL(/\/filings\/fintrac\/\d+$/);
  const reportUrl = page.url();
  const reportId = Number(new URL(reportUrl).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1 })).toContainText('STR');
  // the draft is checked at once: it ends validated one way or the other
  await slow(page.getByRole('heading', { level: 1 }).getByText(/^Prefiling validation (failed|success)$/)).toBeVisible();
  // the case's alert transactions, as Vigil holds them
  await expect(page.getByRole('table', { name: 'Transactions from Vigil' }).getByRole('row').nth(1)).toBeVisible();

  // details of suspicion FINTRAC refuses are named at their field
  const suspicion = page.getByRole('textbox', { name: 'Details of suspicion' });
  await suspicion.fill('Odd deposits.');
  await page.getByRole('button', { name: 'Save report' }).click();
  await slow(status(page, 'Prefiling validation failed')).toBeVisible();
  await expect(suspicion).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^FINTRAC would reject this: Describe what made the transactions suspicious/)).toBeVisible();
  await expect(page.getByRole('region', { name: /^What FINTRAC would say/ })).toBeVisible();

  // the analyst completes the report: every subject, the details of suspicion, the action taken, the reviewer
  const subjects = page.getByRole('region', { name: /^Subject \d+:/ });
  if ((await subjects.count()) === 0) await page.getByRole('button', { name: 'Add subject' }).click();
  const count = await subjects.count();
  for (let i = 0; i < count; i++) await completeSubject(subjects.nth(i), i);
  await suspicion.fill(
    'Over three weeks the member made repeated cash deposits just under 10,000 dollars at two branches, then sent the funds ' +
      'abroad by wire within days. The pattern has no apparent business purpose and does not fit the member’s stated occupation.',
  );
  await page.getByRole('textbox', { name: 'Action taken' }).fill('The member’s accounts are under enhanced monitoring.');
  await page.getByLabel('Reviewer').selectOption({ label: 'Chloé Martin' });
  await page.getByRole('button', { name: 'Save report' }).click();
  await slow(status(page, 'Prefiling validation success')).toBeVisible();
  await expect(page.getByText(/Prefiling validation found nothing FINTRAC would reject/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('group', { name: 'Report actions' }).getByRole('button', { name: 'Send to review' }).click();
  await expect(status(page, 'Ready for review')).toBeVisible();

  // the manager reviews and submits; a submitted report can no longer change
  await signIn(page, MANAGER);
  await page.goto(reportUrl);
  await expect(status(page, 'Ready for review')).toBeVisible();
  await page.getByRole('group', { name: 'Report actions' }).getByRole('button', { name: 'Submit for filing' }).click();
  await page.getByRole('alertdialog', { name: 'Submit this report for filing?' }).getByRole('button', { name: 'Submit for filing' }).click();
  await expect(status(page, 'Queued for filing')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Details of suspicion' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save report' })).toHaveCount(0);

  // the server batches it (a minute's task) and writes the batch file to its submissions folder
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, MANAGER)}` };
  const report = async () =>
    (await (await request.get(`/api/fintrac-reports/${reportId}`, { headers })).json()) as {
      status: string;
      batch_id: number | null;
      name: string;
      reference: string;
    };
  await expect.poll(async () => (await report()).status, { timeout: 150_000, intervals: [2_000] }).toBe('SENT_TO_FINTRAC');
  const { batch_id: batchId, reference, name } = await report();

  // the Filings list shows the batch with the report; its JSON downloads from the batch panel
  await page.goto('/filings?type=FINTRAC');
  const table = page.getByRole('table', { name: 'Filings by batch' });
  const row = table.locator(`tr[data-fintrac-id="${reportId}"]`);
  await expect(row.getByRole('link', { name })).toBeVisible();
  await expect(row.getByText('STR', { exact: true })).toBeVisible();
  await expect(row.getByText('Sent to FINTRAC')).toBeVisible();
  await table.getByRole('button', { name: `Batch ${batchId}`, exact: true }).click();
  const panel = page.getByRole('complementary', { name: / panel$/ });
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download Batch' }).click();
  const download = await downloading;
  const fileName = download.suggestedFilename();
  expect(fileName).toMatch(new RegExp(`^FINTRAC\\.\\d+\\.${batchId}\\.json$`));
  const sent = JSON.parse(readFileSync(await download.path(), 'utf8')) as unknown;
  expect(JSON.stringify(sent)).toContain(reference);
  expect(await seriousViolations(page)).toEqual([]);

  // FINTRAC's acknowledgement comes back: accepted, with the report id FINTRAC gave it
  const folder = join(E2E_DATA_DIR, 'filings', 'acknowledgements');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, `${fileName}.ack.json`),
    JSON.stringify({
      status: 'ACCEPTED',
      errors: [],
      reports: [{ reportingEntityReportReference: reference, status: 'ACCEPTED', fintracReportId: 'STR-2026-0004417', errors: [] }],
    }),
  );
  await expect.poll(async () => (await report()).status, { timeout: 90_000, intervals: [2_000] }).toBe('FILING_SUCCESS');
  // the list shows FINTRAC's report id; j moves down the rows to the report and Enter opens it
  await page.goto('/filings?type=FINTRAC');
  await expect(row.getByText('STR-2026-0004417')).toBeVisible();
  await page.locator('body').click({ position: { x: 1, y: 1 } });
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('href') ?? null);
  for (let i = 0; i < 60 && (await focused()) !== new URL(reportUrl).pathname; i++) await page.keyboard.press('j');
  expect(await focused()).toBe(new URL(reportUrl).pathname);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(reportUrl);
  await expect(status(page, 'Filing success')).toBeVisible();
  await expect(page.getByLabel('Filing', { exact: true }).getByText('STR-2026-0004417')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
