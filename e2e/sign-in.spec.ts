import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

async function expectNoSeriousA11yIssues(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// Sign-in through the real login page (spec part 1, section 2 "Login screen", "Email token exchange").

async function magicLinkFor(page: Page, email: string): Promise<string> {
  const mailbox = await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const link = mailbox.messages[0]?.link as string | undefined;
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

test('an analyst signs in with a magic link and lands on alerts', async ({ page }) => {
  const email = 'analyst@demo.test';
  await page.goto('/agent-login');
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeDisabled();
  await expectNoSeriousA11yIssues(page);

  await page.getByLabel('Your work email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send me a magic link' }).click();
  await expect(page.getByText('Please enter a valid email.')).toBeVisible();

  await page.getByLabel('Your work email').fill(email);
  await page.getByRole('button', { name: 'Send me a magic link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(/check your spam folder/)).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await expect(page.getByRole('link', { name: 'open the development mailbox' })).toHaveAttribute(
    'href',
    `/dev/mailbox?to=${encodeURIComponent(email)}`,
  );

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

// The inactivity logout itself needs an organisation with a short inactivity time, which is set in the
// database; the browser cannot set it, so that path is covered by the session machine's unit tests.
test.skip('inactivity logs the agent out (needs a short inactivity time set in SQL)', () => {});
