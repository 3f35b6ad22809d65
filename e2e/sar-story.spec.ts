import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FINCEN_SCHEMAS, xmllintErrors } from '../tests/server/helpers/xmllint';
import { seriousViolations } from './axe-helpers';
import { E2E_DATA_DIR } from './env';
import { signIn } from './sign-in-helpers';
import { apiTokenFor, ensureOpenAlerts } from './work-helpers';

// A SAR from a case to FinCEN and back (issue 22, acceptance 2, 3, 5 and 10): an analyst writes it
// from an open case, breaks a ZIP code and sees the prefiling validation reject it at the field,
// completes every subject and the narrative, and sends it to a manager, who submits it for filing.
// The server puts it in a batch and writes the batch file to its submissions folder; the file
// downloads and validates against FinCEN's schema; an acknowledgement file FinCEN would send, put in
// the acknowledgements folder, marks it accepted, and the SAR shows its BSA ID.

test.describe.configure({ timeout: 360_000 });
// the prefiling validation is a job the server's worker runs after each save
const slow = expect.configure({ timeout: 30_000 });

/**
 * A new case of the story's own, from an open transaction-monitoring alert in an open queue (the
 * SAR's transactions are its alerts'), as a manager rolls alerts into a case.
 */
async function openCase(request: APIRequestContext): Promise<number> {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'manager@demo.test')}` };
  await ensureOpenAlerts(request, { count: 5 });
  const queues = (await (await request.get('/api/queues', { headers })).json()).queues as Array<{ id: number; access_type: string }>;
  const open = new Set(queues.filter((q) => q.access_type !== 'restricted').map((q) => q.id));
  const alerts = (
    await (await request.post('/api/alerts/list', { headers, data: { statuses: ['OPEN'], sort_column: 'id', sort_direction: 'ascending', limit: 100 } })).json()
  ).alerts as Array<{ id: number; alert_type: string; case_id: number | null; queue_id: number | null }>;
  const alert = alerts.find((a) => a.alert_type === 'TRANSACTION_MONITORING' && a.case_id === null && a.queue_id !== null && open.has(a.queue_id));
  expect(alert, 'an open transaction-monitoring alert outside cases, in an open queue').toBeTruthy();
  const created = await request.post('/api/cases', { headers, data: { title: `SAR story ${Date.now().toString(36)}`, alert_ids: [alert!.id] } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

// the status badge stands in the page's heading
const status = (page: Page, text: string) => page.getByRole('heading', { level: 1 }).getByText(text, { exact: true });

async function completeSubject(subject: Locator, n: number) {
  const organisation = (await subject.getByLabel('Kind').inputValue()) === 'ORGANIZATION';
  await subject.getByLabel(organisation ? 'Legal name' : 'Last name').fill(organisation ? `Harbor Trading ${n} LLC` : `Rivera${n}`);
  if (!organisation) {
    await subject.getByLabel('First name').fill('Dana');
    await subject.getByLabel('Date of birth').fill('1980-04-12');
  }
  await subject.getByLabel('TIN type').selectOption(organisation ? 'EIN' : 'SSN_ITIN');
  await subject.getByLabel('TIN', { exact: true }).fill(`52123456${n}`);
  await subject.getByLabel('Street address').fill(`${10 + n} Market St`);
  await subject.getByLabel('City', { exact: true }).fill('Newark');
  await subject.getByLabel('State', { exact: true }).fill('NJ');
  await subject.getByLabel('ZIP or postal code').fill('07102');
  await subject.getByLabel('Country').fill('US');
  await subject.getByLabel('Relationship to the institution').selectOption('7');
}

test('an analyst writes a SAR from a case, fixes what prefiling finds, and a manager submits it', async ({ page, request }) => {
  const caseId = await openCase(request);
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/cases/${caseId}`);
  await page.getByRole('button', { name: 'Create SAR' }).click();
  await expect(page).toHaveURL(/\/filings\/sar\/\d+$/);
  const sarUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('SAR');
  // the draft is checked at once: it ends validated one way or the other
  await slow(page.getByRole('heading', { level: 1 }).getByText(/^Prefiling validation (failed|success)$/)).toBeVisible();

  // what it reports: the case's alert transactions, its alerts, and a place for comments
  const transactions = page.getByRole('region', { name: /^Transactions \(\d+\)$/ });
  await expect(transactions.getByRole('table', { name: 'SAR transactions' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('region', { name: /^Alerts \(\d+\)$/ }).getByRole('table', { name: 'SAR alerts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Comments' })).toBeVisible();

  // a ZIP code FinCEN refuses is named at its field
  const subjects = page.getByRole('region', { name: /^Subject \d+:/ });
  const count = await subjects.count();
  expect(count).toBeGreaterThan(0);
  await subjects.first().getByLabel('ZIP or postal code').fill('12A4');
  await page.getByRole('button', { name: 'Save SAR' }).click();
  await slow(status(page, 'Prefiling validation failed')).toBeVisible();
  const zip = subjects.first().getByLabel('ZIP or postal code');
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await expect(subjects.first().getByText(/^FinCEN would reject this: .*ZIP/i)).toBeVisible();
  await expect(page.getByRole('region', { name: /^What FinCEN would say/ })).toBeVisible();

  // the analyst completes every subject, a category, the reviewer and the narrative
  for (let i = 0; i < count; i++) await completeSubject(subjects.nth(i), i);
  const structuring = page.getByRole('checkbox', { name: 'Transaction(s) below CTR threshold' });
  if (!(await structuring.isChecked())) await structuring.check();
  await page.getByLabel('Reviewer').selectOption({ label: 'Morgan Manager' });
  await page
    .getByRole('textbox', { name: 'Narrative' })
    .fill(
      'Over the period the subjects made repeated cash deposits just below the currency transaction report threshold at several ' +
        'branches, then moved the funds on by transfer within days. The pattern has no apparent business purpose.',
    );
  await page.getByRole('button', { name: 'Save SAR' }).click();
  await slow(status(page, 'Prefiling validation success')).toBeVisible();
  await expect(page.getByText(/Prefiling validation found nothing FinCEN would reject/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('group', { name: 'SAR actions' }).getByRole('button', { name: 'Send to review' }).click();
  await expect(status(page, 'Ready for review')).toBeVisible();

  // the manager reviews and submits; a submitted SAR can no longer change
  await signIn(page, 'manager@demo.test');
  await page.goto(sarUrl);
  await expect(status(page, 'Ready for review')).toBeVisible();
  // the manager moves its deadline a day on while it is not submitted
  await page.getByRole('button', { name: 'Edit Deadline' }).click();
  const deadlineDialog = page.getByRole('dialog', { name: 'Edit Deadline' });
  const deadlineInput = deadlineDialog.getByLabel('Deadline');
  const current = await deadlineInput.inputValue();
  await deadlineInput.fill(current ? new Date(Date.parse(`${current}:00Z`) + 86_400_000).toISOString().slice(0, 16) : '2030-01-01T12:00');
  await deadlineDialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Deadline extended by /)).toBeVisible();
  await expect(deadlineDialog).toHaveCount(0);
  await page.getByRole('group', { name: 'SAR actions' }).getByRole('button', { name: 'Submit for filing' }).click();
  await page.getByRole('alertdialog', { name: 'Submit this SAR for filing?' }).getByRole('button', { name: 'Submit for filing' }).click();
  await expect(status(page, 'Queued for filing')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Narrative' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save SAR' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Deadline' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // the case lists it with its badge
  await page.goto(`/cases/${caseId}`);
  await expect(page.getByRole('region', { name: 'SARs' }).getByText(/^(Queued for filing|Sending to FinCEN|Sent to FinCEN)$/)).toBeVisible();

  // the server batches it (a minute's task) and writes the batch file to its submissions folder
  const sarId = Number(new URL(sarUrl).pathname.split('/').pop());
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'manager@demo.test')}` };
  const filing = async () =>
    (await (await request.get(`/api/sars/${sarId}/filing`, { headers })).json()) as { status: string; batch_id: number | null; name: string };
  await expect.poll(async () => (await filing()).status, { timeout: 150_000, intervals: [2_000] }).toBe('SENT_TO_FINCEN');
  const batchId = (await filing()).batch_id!;
  const download = await request.get(`/api/filings/batch/${batchId}/download`, { headers });
  expect(download.status()).toBe(201);
  const fileName = /filename="([^"]+)"/.exec(download.headers()['content-disposition'])![1];
  const xml = await download.text();
  expect(xmllintErrors(xml, FINCEN_SCHEMAS.SARX)).toEqual([]);
  const activities = [...xml.matchAll(/<fc2:Activity SeqNum="(\d+)">/g)].map((m) => m[1]);
  expect(activities).toHaveLength(1);

  // FinCEN's acknowledgement comes back: accepted, with the BSA ID it assigned
  const folder = join(E2E_DATA_DIR, 'filings', 'acknowledgements');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, `${fileName}.ACKED`),
    `<?xml version="1.0" encoding="UTF-8"?>
<fc2:EFilingBatchXML xmlns:fc2="www.fincen.gov/base" StatusCode="A">
  <fc2:EFilingSubmissionXML SeqNum="1"><fc2:BSATrackingID>31000955500011</fc2:BSATrackingID>
    <fc2:EFilingActivityXML SeqNum="${activities[0]}"><fc2:BSAID>31000123456789</fc2:BSAID></fc2:EFilingActivityXML>
  </fc2:EFilingSubmissionXML>
</fc2:EFilingBatchXML>`,
  );
  await expect.poll(async () => (await filing()).status, { timeout: 90_000, intervals: [2_000] }).toBe('FILING_SUCCESS');
  await page.goto(sarUrl);
  await expect(status(page, 'Filing success')).toBeVisible();
  const facts = page.getByRole('list', { name: 'Filing' }).or(page.getByLabel('Filing', { exact: true }));
  await expect(facts.getByText('31000123456789')).toBeVisible();
  await expect(facts.getByText(/ (EST|EDT)$/).first()).toBeVisible();

  // the case's SAR opens in the SAR panel with every field
  await page.goto(`/cases/${caseId}`);
  await page.getByRole('button', { name: `Show ${(await filing()).name} in the panel`, exact: true }).click();
  const panel = page.getByRole('complementary').filter({ has: page.getByRole('link', { name: 'Open the SAR' }) });
  await expect(panel.getByText('31000123456789')).toBeVisible();
  await expect(panel.getByText('Filing success').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
