// Content-Security-Policy violations a page and its frames report while a spec runs.
import type { Page } from '@playwright/test';

/**
 * Starts collecting: every violation the browser logs, and every securitypolicyviolation event in
 * any frame (reported through the console). Call before the first navigation; the returned list
 * fills as the page runs.
 */
export async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/content.security.policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  return violations;
}
