import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations on the page (or inside `include`), as "rule: targets" lines.
 * Runs once running animations have ended (up to 2 s): a toast fading in or out has, for a moment,
 * a contrast no one reads, and axe would report it.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 2_000 })
    .catch(() => undefined);
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
