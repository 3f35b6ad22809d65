import { expect, test, type Page } from '@playwright/test';
import { magicLinkFor } from './sign-in-helpers';
import { seriousViolations } from './axe-helpers';

async function expectNoSeriousA11yIssues(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

// Sign-in through the real login page (spec part 1, section 2 "Login screen", "Email token exchange").

test('an analyst signs in with a magic link and lands on alerts', async ({ page }) => {
  const email = 'analyst@demo.test';
  await page.goto('/agent-login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  // The end-to-end console has an identity provider (e2e/identity-provider.spec.ts).
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await expectNoSeriousA11yIssues(page);

  await page.getByLabel('Your work email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send me a magic link' }).click();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();

  await page.getByLabel('Your work email').fill(email);
  await page.getByRole('button', { name: 'Send me a magic link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(/check your spam folder/)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await expect(page.getByRole('link', { name: 'open the development mailbox' })).toHaveAttribute('href', `/dev/mailbox?to=${encodeURIComponent(email)}`);

  // Re-entering keeps the address.
  await page.getByRole('button', { name: 'Re-enter your email' }).click();
  await expect(page.getByLabel('Your work email')).toHaveValue(email);

  await page.goto(await magicLinkFor(page, email));
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();

  // The session survives a reload through the refresh cookie.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
});

test('a spent or unknown sign-in link shows an error with a way back', async ({ page }) => {
  await page.goto('/email-login?token=not-a-real-token');
  await expect(page.getByRole('heading', { name: 'This sign-in link does not work' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to log in' }).click();
  await expect(page).toHaveURL(/\/agent-login$/);
});

test('logout=true explains the inactivity logout', async ({ page }) => {
  await page.goto('/agent-login?logout=true');
  const dialog = page.getByRole('alertdialog', { name: 'You have been logged out' });
  await expect(dialog).toContainText('your session was inactive for a while');
  await dialog.getByRole('button', { name: 'Log In' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/agent-login$/);
});

/** A bearer token for an agent, obtained outside the page so the page's refresh cookie is untouched. */
async function apiToken(baseURL: string, email: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(new URL(path, baseURL), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('/api/agents/magic-link', { email });
  const mailbox = await (await fetch(new URL(`/api/dev/mailbox?to=${encodeURIComponent(email)}`, baseURL))).json();
  const token = new URL(mailbox.messages[0].link).searchParams.get('token');
  return (await (await post('/api/agents/email-login', { token })).json()).jwt as string;
}

test('an inactive agent is logged out and told why', async ({ page, baseURL }) => {
  // Demo Bank's administrator sets a one-minute inactivity limit through the organisation settings.
  const admin = await apiToken(baseURL!, 'admin@demo.test');
  const settings = (body: object) =>
    fetch(new URL('/api/orgs/settings', baseURL), {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify(body),
    });
  expect((await settings({ inactivity: { enabled: true, time_seconds: 60 } })).status).toBe(200);
  try {
    await page.clock.install();
    await page.request.post('/api/agents/magic-link', { data: { email: 'analyst@demo.test' } });
    await page.goto(await magicLinkFor(page, 'analyst@demo.test'));
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
    // No input for a minute and a half: the 30-second inactivity check finds the limit passed.
    await page.clock.runFor(95_000);
    await expect(page).toHaveURL(/\/agent-login\?logout=true/);
    const dialog = page.getByRole('alertdialog', { name: 'You have been logged out' });
    await expect(dialog).toContainText('For your security, you were logged out because your session was inactive for a while. Please log in again.');
    await expect(dialog.getByRole('button', { name: 'Log In' })).toBeVisible();
  } finally {
    expect((await settings({ inactivity: { enabled: false, time_seconds: 1800 } })).status).toBe(200);
  }
});

test('a browser whose clock is two hours ahead of the server stays signed in', async ({ page }) => {
  await page.clock.install({ time: Date.now() + 2 * 60 * 60_000 });
  await page.request.post('/api/agents/magic-link', { data: { email: 'analyst@demo.test' } });
  await page.goto(await magicLinkFor(page, 'analyst@demo.test'));
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  // Two token checks pass: the token's expiry was moved onto the browser's clock.
  await page.clock.runFor(65_000);
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
});
