import { existsSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { signIn as apiSignIn } from './api-client.js';
import { signIn, summarize, waitForAlertsHome, type Timing } from './browser.js';
import { DETAIL_BUDGET_MS, NAVIGATE_AND_TIME, statusPattern } from './navigate.js';

export { DETAIL_BUDGET_MS } from './navigate.js';

/**
 * Alert detail usable after navigation, on the large data: from /alerts, the console navigates to
 * /alerts/{id} (wouter's pushState, as a row's link does), and the clock runs until the alert's
 * title is the page's heading and its status is shown, both visible, and a frame is painted.
 */

export const DETAIL_RUNS = 10;
/** The page this measures; until it exists the measurement is skipped and the report says so. */
export const DETAIL_PAGE = 'src/areas/alerts/detail/AlertDetailRoutes.tsx';
const AGENT = 'analyst@demo.test';
const SETTLE_MS = 200;

interface AlertRow {
  id: number;
  title: string;
  status: string;
}

/** Open alerts the analyst may see, newest first: a different one for each run, so no run reads another's cached data. */
async function pickAlerts(baseURL: string): Promise<AlertRow[]> {
  const client = await apiSignIn(baseURL, AGENT);
  const { body } = await client.timedPost<{ alerts: AlertRow[] }>('/api/alerts/list', { statuses: ['OPEN', 'IN_REVIEW'], limit: DETAIL_RUNS });
  return body.alerts;
}

/** Null when the detail page is not built yet. */
export async function measureAlertDetail(browser: Browser, baseURL: string): Promise<Timing | null> {
  if (!existsSync(DETAIL_PAGE)) return null;
  const context = await browser.newContext({ baseURL });
  try {
    const page = await context.newPage();
    await signIn(context.request, AGENT);
    await page.goto('/alerts');
    await waitForAlertsHome(page);
    await page.waitForLoadState('networkidle');
    const alerts = await pickAlerts(baseURL);
    if (alerts.length < DETAIL_RUNS) throw new Error('the large data has too few open alerts for the detail bench');
    const samples: number[] = [];
    for (const alert of alerts) {
      await page.waitForTimeout(SETTLE_MS);
      samples.push(await page.evaluate(`(${NAVIGATE_AND_TIME})(${JSON.stringify([`/alerts/${alert.id}`, alert.title, statusPattern(alert.status), 15_000])})`));
      await page.evaluate(() => history.back());
      await waitForAlertsHome(page);
    }
    return summarize(samples, DETAIL_BUDGET_MS);
  } finally {
    await context.close();
  }
}
