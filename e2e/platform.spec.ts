import { expect, test } from '@playwright/test';

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
