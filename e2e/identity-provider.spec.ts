import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { collectCspViolations } from './csp-helpers';
import { ACTIVE_CLIENT_PORT, ACTIVE_CLIENT_URL, IDENTITY_PROVIDER_URL, OIDC_CLIENT } from './env';

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
  // the renewal frame passes through the provider and ends on the server's answer page: no policy refuses any of it
  const violations = await collectCspViolations(page);
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
  expect(violations).toEqual([]);
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

test.describe('with the identity provider as the active client', () => {
  // A second console on the same build, configured with OIDC_ACTIVE=true.
  const dataDir = '.tmp/e2e-active-client';
  let server: ChildProcess;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env: {
        ...process.env,
        PORT: String(ACTIVE_CLIENT_PORT),
        PUBLIC_URL: ACTIVE_CLIENT_URL,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_SCALE: 'small',
        LOG_LEVEL: 'warn',
        OIDC_ISSUER: IDENTITY_PROVIDER_URL,
        OIDC_ACTIVE: 'true',
        ...OIDC_CLIENT,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await expect
      .poll(async () => (await fetch(`${ACTIVE_CLIENT_URL}/api/app-version`).catch(() => null))?.status, { timeout: 170_000, intervals: [500] })
      .toBe(200);
  });
  test.afterAll(async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('the login page sends the agent to the provider at once, and the provider sends them home', async ({ page }) => {
    await page.goto(`${ACTIVE_CLIENT_URL}/agent-login`);
    await expect(page).toHaveURL(new RegExp(`^${IDENTITY_PROVIDER_URL}/interaction/`));
    await page.getByLabel('Email').fill('analyst@demo.test');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${ACTIVE_CLIENT_URL}/alerts`);
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  });

  test('after an inactivity logout the dialog stays until "Log In", which goes to the provider', async ({ page }) => {
    await page.goto(`${ACTIVE_CLIENT_URL}/agent-login?logout=true`);
    const dialog = page.getByRole('alertdialog', { name: 'You have been logged out' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`${ACTIVE_CLIENT_URL}/agent-login?logout=true`);
    await dialog.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(new RegExp(`^${IDENTITY_PROVIDER_URL}/interaction/`));
  });

  test('a magic link is not exchanged: the email login page goes home, to the provider', async ({ page }) => {
    await page.goto(`${ACTIVE_CLIENT_URL}/email-login?token=anything`);
    await expect(page).toHaveURL(new RegExp(`^${IDENTITY_PROVIDER_URL}/interaction/`));
  });
});
