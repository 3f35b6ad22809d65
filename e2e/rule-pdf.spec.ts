import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';

// The rule PDF page in the browser: a manager opens /rules/{id}/pdf, sees the document, axe finds
// nothing serious; printed (print media), the shell and the toolbar are covered or hidden and the
// document starts at the page's top left. Screenshots in .tmp/h-admin-e2e/.

const SHOTS = '.tmp/h-admin-e2e';

test('a manager prints a rule as a PDF from the browser', async ({ page }) => {
  await signIn(page, 'manager@demo.test');
  await page.goto('/rules');
  const first = page.getByRole('table', { name: 'Rules' }).locator('tbody > tr').first();
  await expect(first).toBeVisible({ timeout: 20_000 });
  const id = await first.getAttribute('data-rule-id');
  const title = (await first.getByRole('link').first().textContent()) ?? '';
  await page.goto(`/rules/${id}/pdf`);
  await expect(page).toHaveTitle('Vigil | Rule PDF');
  const doc = page.getByRole('article', { name: title });
  await expect(doc.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(doc.getByRole('heading', { name: 'What it judges' })).toBeVisible();
  await expect(doc.getByRole('heading', { name: 'Last validation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  const box = await page.locator('article').evaluate((el) => el.parentElement!.getBoundingClientRect().toJSON() as DOMRect);
  expect(box.x).toBe(0);
  expect(box.y).toBe(0);
  await page.screenshot({ path: `${SHOTS}/rule-pdf-print.png`, fullPage: true });
});
