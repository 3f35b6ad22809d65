// Signing demo agents in for the end-to-end specs, through the real magic-link flow.
import { expect, type Page } from '@playwright/test';

/** The path and query of the newest magic link mailed to `email` (the development mailbox). */
export async function magicLinkFor(page: Page, email: string): Promise<string> {
  const mailbox = await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const link = mailbox.messages[0]?.link as string | undefined;
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Signs in through the API inside the page's context, so the refresh cookie lands in the browser. */
export async function signIn(page: Page, email: string): Promise<void> {
  const asked = await page.request.post('/api/agents/magic-link', { data: { email } });
  expect(asked.status()).toBe(202);
  const token = new URL(await magicLinkFor(page, email), 'http://link.invalid').searchParams.get('token');
  const exchanged = await page.request.post('/api/agents/email-login', { data: { token } });
  expect(exchanged.status()).toBe(200);
}
