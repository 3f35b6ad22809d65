import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// Documents (issue 8, acceptance 5 and 9): a check deposit's documents as chips, the Document
// viewer with its preview and a Download that saves the PNG, the transaction document modal
// comparing the check with another check of the same customer in Overlay at 30% opacity (slider set
// by keyboard), zoom, Back to side-by-side and Cancel. Axe finds
// nothing serious in the modal. A manager attaches a document to a transaction and deletes it.

test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

interface Txn {
  id: number;
  external_id: string;
  receiver_entity_external_id: string | null;
  documents: Array<{ id: number; name: string; media_type: string }>;
}

async function checkTransactions(request: APIRequestContext, headers: Record<string, string>): Promise<Txn[]> {
  const found: Txn[] = [];
  for (let offset = 0; offset < 2000; offset += 100) {
    const answer = await request.post('/api/txn-events/list', { headers, data: { internal_txn_types: ['CHECK'], limit: 100, offset } });
    expect(answer.status()).toBe(200);
    const page = (await answer.json()).txn_events as Txn[];
    found.push(...page.filter((t) => t.documents.some((d) => d.media_type === 'CHECK_IMAGE')));
    if (page.length < 100) break;
  }
  return found;
}

/** A check deposit whose customer deposited other checks with images. */
async function checkWithSiblings(request: APIRequestContext): Promise<Txn> {
  const headers = bearer(await apiTokenFor(request, 'analyst@demo.test'));
  const checks = await checkTransactions(request, headers);
  const byEntity = new Map<string, Txn[]>();
  for (const t of checks)
    if (t.receiver_entity_external_id) byEntity.set(t.receiver_entity_external_id, [...(byEntity.get(t.receiver_entity_external_id) ?? []), t]);
  const series = [...byEntity.values()].find((list) => list.length >= 2);
  expect(series, 'a customer with two check deposits with images').toBeDefined();
  return series![0];
}

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('an analyst views a check, downloads it, and compares it with another check in overlay', async ({ page, request }) => {
  const txn = await checkWithSiblings(request);
  const front = txn.documents.find((d) => d.name.endsWith('-front.png'))!;
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/data-explorer/transactions/${txn.id}`);

  // chips, then the Document viewer with the preview and Download
  const chips = page.getByRole('list', { name: 'Documents' });
  await expect(chips.getByRole('button')).toHaveCount(Math.min(2, txn.documents.length) + (txn.documents.length > 2 ? 1 : 0));
  await chips.getByRole('button', { name: front.name }).click();
  const viewer = page.getByRole('dialog', { name: 'Document viewer' });
  await expect(viewer.getByRole('img', { name: front.name })).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe(front.name);
  const saved = readFileSync(await download.path());
  expect([...saved.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();

  // the transaction document modal: compare with another check of the same customer
  await page.getByRole('button', { name: 'View and compare documents' }).click();
  const modal = page.getByRole('dialog', { name: `Documents of ${txn.external_id}` });
  await expect(modal.getByRole('button', { name: 'View Documents' })).toHaveAttribute('aria-pressed', 'true');
  await modal.getByRole('button', { name: 'Image Comparison against other checks' }).click();
  const sideBySide = modal.getByRole('region', { name: 'Side-by-side comparison' });
  await expect(sideBySide.getByRole('img')).toHaveCount(2);
  await expect(modal.getByLabel('Compare with')).toHaveValue(/\d+/);
  await modal.getByRole('button', { name: 'Overlay' }).click();
  const slider = modal.getByRole('slider', { name: 'Opacity' });
  await expect(slider).toHaveAttribute('aria-valuenow', '60');
  await slider.focus();
  for (let k = 0; k < 30; k++) await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '30');
  const overlay = modal.getByRole('region', { name: 'Overlay comparison' });
  const top = overlay.getByRole('img', { name: /\(overlay\)$/ });
  await expect(top).toHaveCSS('opacity', '0.3');
  await expectNoSeriousAxeViolations(page);

  const before = (await top.boundingBox())!.width;
  await modal.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(async () => (await top.boundingBox())!.width).toBeGreaterThan(before * 1.4);

  await modal.getByRole('button', { name: 'Back' }).click();
  await expect(modal.getByRole('region', { name: 'Side-by-side comparison' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Side-by-side' })).toHaveAttribute('aria-pressed', 'true');
  await modal.getByRole('button', { name: 'Cancel' }).click();
  await expect(modal).toBeHidden();
});

test('a manager attaches a document to a transaction, sees it, and deletes it with the spec message', async ({ page, request }) => {
  const headers = bearer(await apiTokenFor(request, 'manager@demo.test'));
  // a transaction without documents, so the new one is the only chip
  const listed = await request.post('/api/txn-events/list', { headers, data: { internal_txn_types: ['WIRE'], limit: 100 } });
  const txn = ((await listed.json()).txn_events as Txn[]).find((t) => t.documents.length === 0)!;
  expect(txn, 'a wire transfer without documents').toBeDefined();
  // the bytes of a seeded PNG, attached under a new name
  const png = await request.post('/api/txn-events/list', { headers, data: { internal_txn_types: ['CHECK'], limit: 100 } });
  const check = ((await png.json()).txn_events as Txn[]).flatMap((t) => t.documents).find((d) => d.media_type === 'CHECK_IMAGE')!;
  const bytes = await (await request.get(`/api/attachments/${check.id}/content`, { headers })).body();
  const name = `receipt-${Date.now().toString(36)}.png`;

  await signIn(page, 'manager@demo.test');
  await page.goto(`/data-explorer/transactions/${txn.id}`);
  // a type the product does not keep is refused before it is sent
  await page.getByTestId('attach-document-input').setInputFiles({ name: 'archive.zip', mimeType: 'application/zip', buffer: Buffer.from('PK') });
  await expect(page.getByText('Attach a PNG, JPEG, WebP or GIF image, a PDF, a CSV or text file, or an Excel workbook.')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Attach document' })).toBeEnabled();
  await page.getByTestId('attach-document-input').setInputFiles({ name, mimeType: 'image/png', buffer: bytes });
  await expect(page.getByText(`${name} attached.`)).toBeVisible();
  await page.getByRole('list', { name: 'Documents' }).getByRole('button', { name }).click();
  const viewer = page.getByRole('dialog', { name: 'Document viewer' });
  await expect(viewer.getByRole('img')).toBeVisible();
  await viewer.getByRole('button', { name: 'Delete', exact: true }).click();
  await viewer.getByRole('button', { name: 'Delete attachment' }).click();
  await expect(page.getByText('Successfully deleted attachment.')).toBeVisible();
  await expect(viewer.getByText('No documents available.')).toBeVisible();
  const after = await request.post('/api/txn-events/get', { headers, data: { txn_event_id: txn.id } });
  expect(((await after.json()).documents as Txn['documents']).map((d) => d.name)).not.toContain(name);
});

test("a manager reads a case's documents and attaches a statement to it", async ({ page, request }) => {
  const headers = bearer(await apiTokenFor(request, 'manager@demo.test'));
  const listed = await request.post('/api/cases/list', { headers, data: { statuses: ['OPEN'], limit: 100 } });
  const cases = (await listed.json()).cases as Array<{ id: number }>;
  let kase: number | null = null;
  for (const c of cases) {
    const docs = (await (await request.get(`/api/cases/${c.id}/documents`, { headers })).json()).documents as Array<{ name: string }>;
    if (docs.some((d) => d.name === 'investigation-summary.pdf')) {
      kase = c.id;
      break;
    }
  }
  expect(kase, 'an open case with its investigation summary').not.toBeNull();
  const name = `statement-${Date.now().toString(36)}.csv`;

  await signIn(page, 'manager@demo.test');
  await page.goto(`/cases/${kase}`);
  const section = page.getByRole('region', { name: 'Documents' });
  await expect(section.getByRole('button', { name: 'investigation-summary.pdf' })).toBeVisible();
  await section.getByTestId('attach-document-input').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from('date,amount\n2026-11-02,9500\n') });
  await expect(page.getByText(`${name} attached.`)).toBeVisible();
  // newest first: the statement is the first chip
  await expect(section.getByRole('list', { name: 'Documents' }).getByRole('button').first()).toHaveText(new RegExp(name));
  expect(await seriousViolations(page, 'main')).toEqual([]);
});

test("an analyst reads an alert's documents beside its comments", async ({ page, request }) => {
  const headers = bearer(await apiTokenFor(request, 'analyst@demo.test'));
  let alert: number | null = null;
  for (const status of ['OPEN', 'IN_REVIEW']) {
    const listed = await request.post('/api/alerts/list', {
      headers,
      data: { statuses: [status], sort_column: 'id', sort_direction: 'ascending', limit: 100 },
    });
    for (const a of (await listed.json()).alerts as Array<{ id: number }>) {
      const docs = (await (await request.get(`/api/alerts/${a.id}/documents`, { headers })).json()).documents as Array<{ name: string }>;
      if (docs.some((d) => d.name === 'cardshield-dispute-report.pdf')) {
        alert = a.id;
        break;
      }
    }
    if (alert) break;
  }
  expect(alert, 'an alert with its dispute report').not.toBeNull();

  await signIn(page, 'analyst@demo.test');
  await page.goto(`/alerts/${alert}`);
  const section = page.getByRole('complementary', { name: 'Documents, comments and activity' }).getByRole('region', { name: 'Documents' });
  await section.getByRole('button', { name: 'cardshield-dispute-report.pdf' }).click();
  const viewer = page.getByRole('dialog', { name: 'Document viewer' });
  await expect(viewer.getByRole('button', { name: 'Download' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(viewer).toBeHidden();
});
