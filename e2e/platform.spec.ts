import { expect, test } from '@playwright/test';
import { collectCspViolations } from './csp-helpers';
import { magicLinkFor } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';

test('the server serves the console: a signed-out visitor lands on the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/agent-login/);
  await expect(page).toHaveTitle(/^Vigil/);
});

test('client-side routes are served the console, API paths are not', async ({ request }) => {
  const route = await request.get('/alerts/12');
  expect(route.status()).toBe(200);
  expect(await route.text()).toContain('<div id="root">');
  const api = await request.get('/api/alerts/cached/12');
  expect(api.status()).toBe(401);
});

test('a magic link requested for a demo agent appears in the development mailbox page', async ({ page, request }) => {
  const email = 'analyst@demo.test';
  const asked = await request.post('/api/agents/magic-link', { data: { email } });
  expect(asked.status()).toBe(202);
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
  const link = page.getByRole('link', { name: `Sign in as ${email}` }).first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  const token = new URL(href as string).searchParams.get('token');
  const exchanged = await request.post('/api/agents/email-login', { data: { token } });
  expect(exchanged.status()).toBe(200);
  const { jwt } = await exchanged.json();
  const me = await request.get('/api/agents/me', { headers: { authorization: `Bearer ${jwt}` } });
  expect((await me.json()).email).toBe(email);
});

test('an unknown API path answers 404 in the error shape', async ({ request }) => {
  const res = await request.get('/api/does-not-exist');
  expect(res.status()).toBe(404);
  expect((await res.json()).error.code).toBe('not_found');
});

test('the console keeps to its Content-Security-Policy: signing in, the alert list, an alert, its documents, the palette and a PDF break no rule', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const violations = await collectCspViolations(page);

  // an alert of the analyst's with documents, found through the API
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'analyst@demo.test')}` };
  const listed = await request.post('/api/alerts/list', { headers, data: { sort_column: 'id', sort_direction: 'ascending', limit: 100 } });
  let alert: { id: number; pdf: string } | undefined;
  for (const a of (await listed.json()).alerts as Array<{ id: number }>) {
    const docs = (await (await request.get(`/api/alerts/${a.id}/documents`, { headers })).json()).documents as Array<{ name: string }>;
    const pdf = docs.find((d) => d.name.endsWith('.pdf'));
    if (pdf) {
      alert = { id: a.id, pdf: pdf.name };
      break;
    }
  }
  expect(alert, 'an alert with a PDF document').toBeDefined();
  // and a check deposit with its image
  const checks = await request.post('/api/txn-events/list', { headers, data: { internal_txn_types: ['CHECK'], limit: 100 } });
  type Txn = { id: number; documents: Array<{ name: string; media_type: string }> };
  const check = ((await checks.json()).txn_events as Txn[]).find((t) => t.documents.some((d) => d.media_type === 'CHECK_IMAGE'));
  expect(check, 'a check deposit with an image').toBeDefined();
  const image = check!.documents.find((d) => d.media_type === 'CHECK_IMAGE')!.name;

  const first = await page.goto('/');
  const policy = first?.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'/);
  expect(policy).not.toContain('unsafe-inline');

  // sign in through the login page and the mailed link
  const email = 'analyst@demo.test';
  await page.getByLabel('Your work email').fill(email);
  await page.getByRole('button', { name: 'Send me a magic link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await page.goto(await magicLinkFor(page, email));
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Alerts' })).toBeVisible();

  // the palette (it locks the page's scrolling while open)
  await page.keyboard.press('Control+K');
  await expect(page.getByRole('combobox', { name: 'Command palette' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toHaveCount(0);

  // an alert and its PDF document in the viewer, then a check's image
  await page.goto(`/alerts/${alert!.id}`);
  const section = page.getByRole('complementary', { name: 'Documents, comments and activity' }).getByRole('region', { name: 'Documents' });
  await section.getByRole('button', { name: alert!.pdf }).click();
  const viewer = page.getByRole('dialog', { name: 'Document viewer' });
  await expect(viewer.locator('iframe')).toHaveAttribute('src', /^blob:/);
  await expect(viewer.getByRole('button', { name: 'Download' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).first().click();
  await expect(viewer).toBeHidden();
  await page.goto(`/data-explorer/transactions/${check!.id}`);
  await page.getByRole('list', { name: 'Documents' }).getByRole('button', { name: image }).click();
  await expect(viewer.getByRole('img', { name: image })).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();

  // the alert's PDF page
  await page.goto(`/alerts/${alert!.id}/pdf`);
  const frame = page.locator(`iframe[title="Alert ${alert!.id} PDF"]`);
  await expect(frame).toHaveAttribute('src', /^blob:/);
  // give the frame's document time to load and report
  await page.waitForTimeout(1500);

  expect(violations).toEqual([]);
});
