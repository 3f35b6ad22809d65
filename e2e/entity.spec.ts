import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// The entity and instrument pages (issue 8, acceptance 2, 3 and 9): from an alert's Flagged
// Entities to the entity page, its tabs as addresses, the Entity Details panel's Go to Detail Page,
// and an instrument locked and unlocked by a manager granted the permission, while the analyst
// without it sees no button. Axe finds nothing serious on either page.

test.describe.configure({ mode: 'serial' });
// Several pages, an axe pass and API set-up per test: more than the default 30 s on a busy machine.
test.setTimeout(120_000);

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function expectNoSeriousAxeViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

interface Flagged {
  alertId: number;
  entity: { id: number; name_readable: string; external_id: string };
}

/** An alert of an open queue the analyst sees, and the first entity it flags. */
async function flaggedEntity(request: APIRequestContext): Promise<Flagged> {
  const headers = bearer(await apiTokenFor(request, 'analyst@demo.test'));
  const list = await request.post('/api/alerts/list', { headers, data: { sort_column: 'id', sort_direction: 'ascending', limit: 50 } });
  expect(list.status()).toBe(200);
  for (const alert of (await list.json()).alerts as Array<{ id: number }>) {
    const entities = await (await request.post(`/api/alerts/${alert.id}/entities`, { headers, data: { limit: 1 } })).json();
    if (entities.count > 0) return { alertId: alert.id, entity: entities.entities[0] };
  }
  throw new Error('no alert flags an entity');
}

let flagged: Flagged;

test('from the alert panel’s Flagged Entities to the entity page, with its tabs in the address', async ({ page }) => {
  flagged = await flaggedEntity(page.request);
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/alerts?panel=alert:${flagged.alertId}`);
  const panel = page.getByRole('complementary', { name: `Alert ${flagged.alertId} panel` });
  await panel.getByRole('link', { name: flagged.entity.name_readable }).first().click();

  await expect(page).toHaveURL(new RegExp(`/entities/${flagged.entity.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: flagged.entity.name_readable })).toBeVisible();
  await expect(page.getByText(flagged.entity.external_id).first()).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('table', { name: 'Transactions' }).or(page.getByText('No information to display').first())).toBeVisible();
  // Blocked reads the blocked-reasons call: Yes or No.
  await expect(page.locator('dt', { hasText: 'Blocked' }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^(Yes|No)/);

  await page.getByLabel('Direction').selectOption('OUTBOUND');
  await expect(page).toHaveURL(/direction=OUTBOUND/);
  await page.getByRole('tab', { name: 'Action Events' }).click();
  await expect(page).toHaveURL(new RegExp(`/entities/${flagged.entity.id}\\?tab=action-events$`));
  await expect(page.getByRole('tab', { name: 'Action Events' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Consortium Hits' }).click();
  await expect(page.getByText('No information to display')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('tab', { name: 'Action Events' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: 'Risk' }).click();
  await expect(page.getByText(/High risk|Medium risk|Low risk|Not scored/).first()).toBeVisible();

  await page.goto(`/entities/${flagged.entity.id}`);
  await expect(page.getByRole('heading', { level: 1, name: flagged.entity.name_readable })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Alerts/ })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the Entity Details panel shows empty fields on demand and goes to the detail page', async ({ page }) => {
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/alerts?panel=entity:${flagged.entity.id}`);
  const panel = page.getByRole('complementary', { name: `Entity ${flagged.entity.id} panel` });
  // The panel's code and the entity load on demand: more time than a plain assertion on a busy machine.
  await expect(panel.getByRole('heading', { name: flagged.entity.name_readable })).toBeVisible({ timeout: 20_000 });
  const rows = panel.getByRole('term');
  const before = await rows.count();
  await panel.getByRole('button', { name: 'Show Empty Fields' }).click();
  await expect(panel.getByRole('button', { name: 'Hide Empty Fields' })).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(before);
  await panel.getByRole('button', { name: 'Hide Empty Fields' }).click();
  await panel.getByRole('link', { name: 'Go to Detail Page' }).click();
  await expect(page).toHaveURL(new RegExp(`/entities/${flagged.entity.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: flagged.entity.name_readable })).toBeVisible();
  await expect(page.getByRole('complementary', { name: /panel$/ })).toHaveCount(0);
});

interface Grant {
  managerId: number;
  original: number[];
}

/** The admin grants the demo manager lock/unlock of instruments (no preset holds it); `revoke` puts the set back. */
async function grantLockToManager(request: APIRequestContext): Promise<{ grant: Grant; revoke: () => Promise<void> }> {
  const admin = bearer(await apiTokenFor(request, 'admin@demo.test'));
  const manager = bearer(await apiTokenFor(request, 'manager@demo.test'));
  const managerId = (await (await request.get('/api/agents/me', { headers: manager })).json()).id as number;
  const catalogue = (await (await request.get('/api/permissions', { headers: admin })).json()).permissions as Array<{ id: number; name: string }>;
  const lockId = catalogue.find((p) => p.name === 'lock_unlock_instruments')!.id;
  const query = `associationId=${managerId}&associationType=agent`;
  const original = (await (await request.get(`/api/permissions/association?${query}`, { headers: admin })).json()).permission_ids as number[];
  const save = (ids: number[]) =>
    request.put('/api/permissions/association', { headers: admin, data: { associationId: managerId, associationType: 'agent', permission_ids: ids } });
  expect((await save([...new Set([...original, lockId])])).status()).toBe(200);
  return { grant: { managerId, original }, revoke: async () => void expect((await save(original)).status()).toBe(200) };
}

/** An active card of the flagged entity (unlocked first if an earlier run left it locked). */
async function activeInstrument(request: APIRequestContext, entityId: number): Promise<{ id: number; external_id: string }> {
  const admin = bearer(await apiTokenFor(request, 'admin@demo.test'));
  const owned = (await (await request.get(`/api/entities/${entityId}/instruments`, { headers: admin })).json()).instruments as Array<{
    id: number;
    external_id: string;
    status: string;
  }>;
  const usable = owned.find((i) => i.status === 'active') ?? owned.find((i) => i.status === 'locked');
  expect(usable).toBeTruthy();
  if (usable!.status === 'locked') expect((await request.post(`/api/instruments/${usable!.id}/unlock`, { headers: admin })).status()).toBe(200);
  return usable!;
}

test('a manager granted the permission locks and unlocks an instrument; the analyst sees no button', async ({ page }) => {
  const instrument = await activeInstrument(page.request, flagged.entity.id);
  const { revoke } = await grantLockToManager(page.request);
  try {
    await signIn(page, 'manager@demo.test');
    await page.goto(`/instruments/${instrument.id}`);
    await expect(page.getByRole('heading', { level: 1, name: instrument.external_id })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Instrument Details' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Entity Information' }).getByRole('link', { name: flagged.entity.name_readable })).toBeVisible();
    // The manager preset has no deactivate_instruments.
    await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Lock' }).click();
    await expect(page.getByText('Instrument locked.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Unlock' })).toBeVisible();
    await expect(page.getByRole('banner').or(page.locator('header')).getByText('Locked', { exact: true }).first()).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Instrument unlocked.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lock' })).toBeVisible();
  } finally {
    await revoke();
  }

  await page.context().clearCookies();
  await signIn(page, 'analyst@demo.test');
  await page.goto(`/instruments/${instrument.id}`);
  await expect(page.getByRole('heading', { level: 1, name: instrument.external_id })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Instrument Details' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^(Lock|Unlock|Deactivate)$/ })).toHaveCount(0);
});
