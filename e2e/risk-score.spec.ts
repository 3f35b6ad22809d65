import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signIn } from './sign-in-helpers';
import { apiTokenFor } from './work-helpers';
import { seriousViolations } from './axe-helpers';

// The risk display (issue 10, acceptance 5) in a real browser: the entity's Risk tab shows the
// gauge (marks 0, 50, 100; filled in the category's colour under the active model's thresholds) and
// the score's full trace; the header and the tab share one scores call; an unscored entity says why
// in its tooltip; an alert's flagged entities read their scores in one batched call (on an alert a
// manager raises by hand for three customers; the rest only reads).

test.describe.configure({ timeout: 90_000 });

const AGENT = 'analyst@demo.test';
const TONE_COLOURS = { error: 'rgb(180, 35, 24)', warning: 'rgb(181, 71, 8)', success: 'rgb(6, 118, 71)' } as const;

interface Score {
  risk_model: { id: number; title: string } | null;
  result: {
    score: number;
    snapshot: { entity_segment_title: string; trace: Array<{ parameter_trace: { risk_metric_trace: { risk_mapping_trace: { matched_mapping?: unknown } } } }> };
  } | null;
}

/** Demo Bank entities with their scores, read through the API as the analyst. */
async function scoredEntities(request: APIRequestContext) {
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, AGENT)}` };
  const entities: Array<{ id: number; external_id: string; name_readable: string }> = [];
  for (let id = 1; id <= 60; id++) {
    const res = await request.get(`/api/entities/${id}`, { headers });
    if (res.ok()) entities.push(await res.json());
  }
  const answer = await request.post('/api/risk/entities/scores', { headers, data: { entity_external_ids: entities.map((e) => e.external_id) } });
  expect(answer.status()).toBe(200);
  const results = (await answer.json()).results as Record<string, Score>;
  const model = await (await request.get('/api/risk/active-risk-model', { headers })).json();
  return { entities, results, headers, thresholds: { high: (model.high_risk_floor as number) ?? 80, low: (model.low_risk_ceiling as number) ?? 40 } };
}

function countScoreCalls(page: Page) {
  const calls: string[][] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/risk/entities/scores') && r.method() === 'POST')
      calls.push((r.postDataJSON() as { entity_external_ids: string[] }).entity_external_ids);
  });
  return calls;
}

test('an analyst reads an entity’s score on the gauge with its full trace', async ({ page, request }) => {
  const { entities, results, thresholds } = await scoredEntities(request);
  await signIn(page, AGENT);
  const entity = entities.find((e) =>
    results[e.external_id]?.result?.snapshot.trace.some((t) => t.parameter_trace.risk_metric_trace.risk_mapping_trace.matched_mapping),
  )!;
  expect(entity).toBeTruthy();
  const result = results[entity.external_id].result!;
  const tone = result.score > thresholds.high ? 'error' : result.score < thresholds.low ? 'success' : 'warning';
  const label = { error: 'High risk', warning: 'Medium risk', success: 'Low risk' }[tone];

  const calls = countScoreCalls(page);
  await page.goto(`/entities/${entity.id}?tab=risk`);
  const panel = page.getByRole('tabpanel');
  const meter = panel.getByRole('meter', { name: 'Risk score' });
  await expect(meter).toHaveAttribute('aria-valuetext', `${Math.round(result.score)} of 100, ${label}`, { timeout: 20_000 });
  await expect(meter.locator('[data-mark]')).toHaveText(['0', '50', '100']);
  // the filled arc and the badge are in the category's colour
  expect(
    await meter
      .locator('path')
      .nth(1)
      .evaluate((p) => getComputedStyle(p).stroke),
  ).toBe(TONE_COLOURS[tone]);
  await expect(panel.getByText(label, { exact: true })).toHaveCSS('color', TONE_COLOURS[tone]);
  await expect(panel.getByText(results[entity.external_id].risk_model!.title)).toBeVisible();

  const trace = panel.getByRole('table');
  await expect(trace.getByText(`Segment: ${result.snapshot.entity_segment_title}`)).toBeVisible();
  await expect(trace.locator('tbody tr')).toHaveCount(result.snapshot.trace.length);
  await expect(trace.getByText(/^(greater than|less than|equal to|not equal to|in between) /).first()).toBeVisible();
  await expect(trace.locator('tfoot')).toContainText(result.score.toFixed(1));

  // the header shows the same score from the same call
  await expect(page.locator('dt', { hasText: 'Risk score' }).locator('+ dd')).toContainText(String(Math.round(result.score)));
  expect(calls).toEqual([[entity.external_id]]);
  await page.screenshot({ path: '.tmp/rc2/risk-tab.png', fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
});

test('an unscored entity says why it may have no score', async ({ page, request }) => {
  const { entities, results } = await scoredEntities(request);
  await signIn(page, AGENT);
  const entity = entities.find((e) => results[e.external_id] && results[e.external_id].result === null)!;
  expect(entity).toBeTruthy();
  const why =
    'This entity has not been scored yet. It may be new and will be scored within 24 hours, or it may be excluded by the active risk model’s filters.';
  await page.goto(`/entities/${entity.id}?tab=risk`);
  await expect(page.getByRole('tabpanel').getByText(why)).toBeVisible({ timeout: 20_000 });
  const notScored = page.locator('dt', { hasText: 'Risk score' }).locator('+ dd').getByText('Not scored');
  await notScored.focus();
  await expect(page.getByRole('tooltip')).toHaveText(why);
  await page.screenshot({ path: '.tmp/rc2/risk-unscored.png' });
  expect(await seriousViolations(page)).toEqual([]);
});

test('an alert’s flagged entities read their scores in one batched call', async ({ page, request }) => {
  // an alert flagging several customers: a manager raises one by hand (the engine's alerts flag one customer each)
  const manager = { Authorization: `Bearer ${await apiTokenFor(request, 'manager@demo.test')}` };
  const { entities } = await scoredEntities(request);
  const queues = (await (await request.get('/api/queues', { headers: manager })).json()).queues as Array<{ id: number; access_type: string }>;
  const created = await request.post('/api/alerts', {
    headers: manager,
    data: {
      title: 'Third-party cash deposits',
      queue_id: queues.find((q) => q.access_type === 'open')!.id,
      entity_ids: entities.slice(0, 3).map((e) => e.id),
    },
  });
  expect(created.status()).toBe(201);
  const alert = (await created.json()) as { id: number };
  const headers = { Authorization: `Bearer ${await apiTokenFor(request, AGENT)}` };
  const linked = await (await request.post(`/api/alerts/${alert.id}/entities`, { headers, data: { limit: 100, offset: 0 } })).json();
  const chosen: { id: number; entities: Array<{ external_id: string }> } | null =
    linked.entities?.length >= 2 ? { id: alert.id, entities: linked.entities } : null;
  expect(chosen).toBeTruthy();
  await signIn(page, AGENT);
  const calls = countScoreCalls(page);
  await page.goto(`/alerts/${chosen!.id}`);
  await expect(page.getByRole('tab', { name: 'Flagged Entities' })).toHaveAttribute('aria-selected', 'true', { timeout: 20_000 });
  const rows = page.getByRole('tabpanel').locator('tbody tr');
  await expect(rows).toHaveCount(chosen!.entities.length);
  await expect(rows.locator('td:nth-child(5)').filter({ hasText: '…' })).toHaveCount(0);
  expect(calls).toHaveLength(1);
  expect(new Set(calls[0])).toEqual(new Set(chosen!.entities.map((e) => e.external_id)));
});
