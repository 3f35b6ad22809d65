import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// Cold storage (issue 8, acceptances 8 and 9): with the organisation's cold_storage flag on, a
// transaction archived to the cold store opens at its address; the page says it is loading it from
// cold storage, and the transaction's custom data appears without a reload once the server's
// rehydration job has brought it back. The flag is turned on through the product's own settings
// operation (which also sweeps the records older than 18 months into the cold store) and off again
// afterwards, which brings every cold record back; the spec waits for that, so the specs sharing
// this database see Demo Bank as they expect it.

test.describe.configure({ mode: 'serial' });
test.setTimeout(60_000);

let admin: Record<string, string>;

async function api(request: APIRequestContext, method: 'get' | 'post' | 'put', url: string, data?: object, headers = admin) {
  const answer = await request[method](url, { headers, data });
  expect(answer.status(), url).toBe(200);
  return answer.json();
}

test.beforeAll(async ({ request }) => {
  admin = { Authorization: `Bearer ${await apiTokenFor(request, 'admin@demo.test')}` };
  expect((await api(request, 'put', '/api/cold-storage/settings', { enabled: true })).enabled).toBe(true);
  // turning it on sweeps the demo data's records older than 18 months into the cold store
  await expect.poll(async () => (await api(request, 'get', '/api/cold-storage/settings')).cold_records.TRANSACTION, { timeout: 30_000 }).toBeGreaterThan(0);
});

test.afterAll(async ({ request }) => {
  expect((await api(request, 'put', '/api/cold-storage/settings', { enabled: false })).enabled).toBe(false);
  const cold = async () => {
    const settings = await api(request, 'get', '/api/cold-storage/settings');
    return Object.values(settings.cold_records as Record<string, number>).reduce((a, b) => a + b, 0);
  };
  await expect.poll(cold, { timeout: 60_000 }).toBe(0);
});

test('a cold transaction shows it is loading, then appears without a reload', async ({ page, request }) => {
  const analyst = { Authorization: `Bearer ${await apiTokenFor(request, 'analyst@demo.test')}` };
  // A recent transaction (the sweep leaves it hot) with a custom field the analyst may read in
  // clear, as it reads before archiving.
  const listed = await api(request, 'post', '/api/txn-events/list', { limit: 100, sort_column: 'event_time', sort_direction: 'descending' }, analyst);
  const withField = (listed.txn_events as Array<{ id: number; formatted_data: Record<string, { name_readable: string; formatted_value: unknown }> }>)
    .map((t) => ({
      id: t.id,
      field: Object.values(t.formatted_data).find(
        (f) => typeof f.formatted_value === 'string' && f.formatted_value.length > 3 && f.formatted_value !== '••••••',
      ),
    }))
    .find((t) => t.field);
  expect(withField).toBeDefined();
  const { id, field } = withField!;
  const value = String(field!.formatted_value);

  const archived = await api(request, 'post', '/api/cold-storage/archive', { object_type: 'TRANSACTION', object_ids: [id] });
  expect(archived.archived).toEqual([id]);
  const stub = await api(request, 'post', '/api/txn-events/get', { txn_event_id: id }, analyst);
  expect(stub.formatted_data).toEqual({});

  await signIn(page, 'analyst@demo.test');
  await page.goto(`/data-explorer/transactions/${id}`);
  const notice = page.getByRole('status').filter({ hasText: 'Loading this transaction from cold storage' });
  await expect(notice).toBeVisible();
  // the stub's native fields are there while the custom data comes back
  await expect(page.getByRole('heading', { level: 1, name: /^Transaction / })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const reloads: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) reloads.push(frame.url());
  });
  await expect(page.getByText(value, { exact: true }).first()).toBeVisible({ timeout: 10_000 });
  await expect(notice).toHaveCount(0);
  expect(reloads).toEqual([]);
  // back hot: the plain read answers the whole transaction again
  const back = await api(request, 'post', '/api/txn-events/get', { txn_event_id: id }, analyst);
  expect(Object.keys(back.formatted_data).length).toBeGreaterThan(0);
});
