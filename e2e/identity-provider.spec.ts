import { expect, test, type Page } from '@playwright/test';

// "Continue with Google" against a real OpenID Connect provider running beside the console
// (tests/support/identity-provider.ts, started by playwright.config.ts).

async function continueWithGoogle(page: Page) {
  await page.goto('/agent-login');
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await expect(google).toBeEnabled();
  await google.click();
  await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible();
}

test('an agent signs in with the identity provider, lands home, and the session renews silently', async ({ page }) => {
  await page.clock.install();
  await continueWithGoogle(page);
  await page.getByLabel('Email').fill('manager@demo.test');
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  const connection = await page.evaluate(async () => {
    const refreshed = await fetch('/api/agents/refresh-jwt');
    const { jwt } = await refreshed.json();
    return (await fetch('/api/get-connection', { headers: { authorization: `Bearer ${jwt}` } })).json();
  });
  expect(connection).toEqual({ connection: 'google-oauth2' });

  // The machine slept: wall-clock time jumps 20 s past the 5-second sleep check, so the session
  // renews at once. A Google session renews through the provider in a hidden frame (prompt=none),
  // then takes its token from the new refresh cookie. (The scheduled renewal 60 s before expiry
  // takes the same path; the server's clock cannot be moved, so this test does not wait 14 minutes.)
  const asked = page.waitForRequest((r) => r.url().includes('/api/agents/oidc/authorize?prompt=none'));
  const renewed = page.waitForResponse((r) => r.url().endsWith('/api/agents/refresh-jwt') && r.status() === 200);
  await page.clock.fastForward(20_000);
  await asked;
  await renewed;
  await expect(page.locator('iframe[title="Session renewal"]')).toHaveCount(0);
  await page.clock.runFor(60_000);
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await page.keyboard.press('Control+K');
  await expect(page.getByRole('combobox', { name: 'Command palette' })).toBeFocused();
});

test('a refusal at the identity provider comes back to the login page as an error toast', async ({ page }) => {
  await continueWithGoogle(page);
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/agent-login$/);
  await expect(page.getByText('You declined to share your identity.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send me a magic link' })).toBeVisible();
});

test('a person without a Vigil account is told so and stays signed out', async ({ page }) => {
  await continueWithGoogle(page);
  await page.getByLabel('Email').fill('nobody@demo.test');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/agent-login$/);
  await expect(page.getByText('There is no active Vigil account for nobody@demo.test.')).toBeVisible();
  expect((await page.request.get('/api/agents/refresh-jwt')).status()).toBe(401);
});
