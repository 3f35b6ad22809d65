import { expect, test } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// Censorship in the console (issue 9, acceptance 2): on an entity page the analyst sees the
// censored-but-viewable Annual income masked with Reveal, reveals it (the value the manager, a
// granted reader, sees in clear), hides it again; the encrypted SSN stays masked with no Reveal.
// Axe finds nothing serious with the value revealed. Changes nothing other specs read.

test.setTimeout(120_000);

interface Field {
  formatted_value: unknown;
  name_readable: string;
  revealable?: boolean;
}

test('the analyst reveals a censored-but-viewable field and cannot reveal an encrypted one', async ({ page }) => {
  const analyst = { Authorization: `Bearer ${await apiTokenFor(page.request, 'analyst@demo.test')}` };
  const manager = { Authorization: `Bearer ${await apiTokenFor(page.request, 'manager@demo.test')}` };
  // an entity with both an annual income and an SSN, found as the analyst sees it
  let found: { id: number; income: string; expected: unknown } | null = null;
  for (let id = 1; id <= 60 && !found; id++) {
    const res = await page.request.get(`/api/entities/${id}`, { headers: analyst });
    if (!res.ok()) continue;
    const fields = Object.entries((await res.json()).formatted_data as Record<string, Field>);
    const income = fields.find(([, f]) => f.name_readable === 'Annual income' && f.revealable);
    const ssn = fields.find(([, f]) => f.name_readable === 'SSN (last 4)');
    if (!income || !ssn) continue;
    expect(ssn[1].revealable).toBeUndefined();
    const clear = (await (await page.request.get(`/api/entities/${id}`, { headers: manager })).json()).formatted_data[income[0]] as Field;
    found = { id, income: income[0], expected: clear.formatted_value };
  }
  expect(found, 'an entity with an annual income and an SSN').not.toBeNull();
  expect(found!.expected).not.toBe('••••••');

  await signIn(page, 'analyst@demo.test');
  await page.goto(`/entities/${found!.id}`);
  const fields = page.getByRole('list', { name: 'Entity fields' }).or(page.getByLabel('Entity fields'));
  const income = fields.locator('dd').filter({ has: page.getByRole('button', { name: 'Reveal Annual income' }) });
  await expect(income).toContainText('••••••');
  await expect(fields.getByRole('button', { name: 'Reveal SSN (last 4)' })).toHaveCount(0);

  await fields.screenshot({ path: '.tmp/h2-censorship-masked.png' });
  await page.getByRole('button', { name: 'Reveal Annual income' }).click();
  const hide = page.getByRole('button', { name: 'Hide Annual income' });
  await expect(hide).toBeVisible();
  const shown = Number(found!.expected).toLocaleString('en-US', { maximumFractionDigits: 6 });
  await expect(fields.locator('[data-revealed]')).toHaveText(shown);
  await page.screenshot({ path: '.tmp/h2-censorship-revealed.png', fullPage: false });

  expect(await seriousViolations(page)).toEqual([]);

  await hide.click();
  await expect(page.getByRole('button', { name: 'Reveal Annual income' })).toBeVisible();
  await expect(fields.locator('[data-revealed]')).toHaveCount(0);
});
