import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Serious and critical axe violations on the page (or inside `include`), as "rule: targets" lines.
 * Runs once running animations have ended (up to 2 s): a toast fading in or out has, for a moment,
 * a contrast no one reads, and axe would report it.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  return (await violations(page, include)).filter(({ impact }) => impact === 'serious' || impact === 'critical').map(({ line }) => line);
}

async function violations(page: Page, include?: string): Promise<{ impact: string | null | undefined; line: string }[]> {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, { timeout: 2_000 })
    .catch(() => undefined);
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations.map((v) => ({ impact: v.impact, line: `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}` }));
}

/** Every axe violation, whatever its impact, on the page (or inside `include`), after the same wait. */
export async function allViolations(page: Page, include?: string): Promise<string[]> {
  return (await violations(page, include)).map(({ line }) => line);
}
