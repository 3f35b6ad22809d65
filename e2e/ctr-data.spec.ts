import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe-helpers';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';

// The CTR entity custom data panel (issue 22, acceptance 1): a manager fills in what a CTR needs
// about a customer that the record lacks; a TIN without its type is refused at its field with what
// was typed kept; the saved data is read back after a reload.

test('a manager gives a customer the TIN and identification a CTR needs', async ({ page, request }) => {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, 'manager@demo.test')}` };
  // a customer flagged by one of the demo's alerts
  const alerts = await request.post('/api/alerts/list', { headers, data: { statuses: ['OPEN'], sort_column: 'id', sort_direction: 'ascending', limit: 20 } });
  const alertIds = ((await alerts.json()).alerts as Array<{ id: number }>).map((a) => a.id);
  const listed = await request.post('/api/entities/cached/list', { headers, data: { alert_ids: alertIds, limit: 5 } });
  expect(listed.status()).toBe(200);
  const entity = ((await listed.json()).entities as Array<{ id: number }>)[0];

  await signIn(page, 'manager@demo.test');
  await page.goto(`/entities/${entity.id}`);
  await page.getByRole('button', { name: 'CTR data' }).click();
  const panel = page.getByRole('form', { name: 'CTR entity custom data' });
  await expect(panel).toBeVisible();

  await panel.getByLabel('TIN', { exact: true }).fill('521234567');
  await panel.getByRole('button', { name: 'Save CTR data' }).click();
  await expect(panel.getByText('The CTR data was not saved: some fields need attention.')).toBeVisible();
  await expect(panel.getByLabel('TIN', { exact: true })).toHaveValue('521234567');

  await panel.getByLabel('TIN type').selectOption('SSN_ITIN');
  await panel.getByLabel('Identification document').fill('Passport');
  await panel.getByLabel('Document number').fill('X1234567');
  await panel.getByLabel('Issuing country').fill('US');
  await panel.getByRole('button', { name: 'Save CTR data' }).click();
  await expect(page.getByText('CTR data saved.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.reload();
  const again = page.getByRole('form', { name: 'CTR entity custom data' });
  await expect(again.getByLabel('TIN', { exact: true })).toHaveValue('521234567');
  await expect(again.getByLabel('Document number')).toHaveValue('X1234567');
  await expect(page.getByText(/Last saved .* by Morgan Manager\./)).toBeVisible();
});
