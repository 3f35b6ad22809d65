import { expect, test, type Page } from '@playwright/test';

// Every demo agent signs in through the real magic-link flow and lands where the home redirect
// says: the first of the configured home route, alerts, data explorer upload, cases, own profile.

async function signInThroughThePage(page: Page, email: string) {
  await page.goto('/agent-login');
  await page.getByLabel('Your work email').fill(email);
  await page.getByRole('button', { name: 'Send me a magic link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const mailbox = await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const link = new URL(mailbox.messages[0].link);
  await page.goto(`${link.pathname}${link.search}`);
}

const agents: Array<{ email: string; home: RegExp; heading: string }> = [
  { email: 'analyst@demo.test', home: /\/alerts$/, heading: 'Alerts' },
  { email: 'manager@demo.test', home: /\/alerts$/, heading: 'Alerts' },
  { email: 'admin@demo.test', home: /\/alerts$/, heading: 'Alerts' },
  { email: 'restricted@demo.test', home: /\/alerts$/, heading: 'Alerts' },
  { email: 'analyst@northwind.test', home: /\/alerts$/, heading: 'Alerts' },
];

for (const agent of agents) {
  test(`${agent.email} signs in and lands home`, async ({ page }) => {
    await signInThroughThePage(page, agent.email);
    await expect(page).toHaveURL(agent.home);
    await expect(page.getByRole('heading', { level: 1, name: agent.heading })).toBeVisible();
    await expect(page).toHaveTitle(`Vigil | ${agent.heading}`);
  });
}
