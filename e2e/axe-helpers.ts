import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';

/**
 * axe's experimental rules (label-content-name-mismatch, p-as-heading, td-has-header, ...) are off
 * unless asked for. Every check here asks for all of them, on top of axe's default set, so a rule
 * axe adds to the experimental set in an upgrade is checked too.
 */
export const EXPERIMENTAL_RULES: readonly string[] = axe.getRules(['experimental']).map((r) => r.ruleId);

/** An axe check of the page (or inside `include`) with the experimental rules on. */
export function axeBuilder(page: Page, include?: string): AxeBuilder {
  const builder = new AxeBuilder({ page }).options({ rules: Object.fromEntries(EXPERIMENTAL_RULES.map((id) => [id, { enabled: true }])) });
  return include ? builder.include(include) : builder;
}

/**
 * Serious and critical axe violations on the page (or inside `include`), as "rule: targets" lines,
 * the experimental rules included.
 * Runs once running animations have ended (up to 2 s): a toast fading in or out has, for a moment,
 * a contrast no one reads, and axe would report it.
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  return (await violations(page, include)).filter(({ impact }) => impact === 'serious' || impact === 'critical').map(({ line }) => line);
}

async function settled(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity), undefined, {
      timeout: 2_000,
    })
    .catch(() => undefined);
}

async function violations(page: Page, include?: string): Promise<{ impact: string | null | undefined; line: string }[]> {
  await settled(page);
  let result = await axeBuilder(page, include).analyze();
  // a toast that started to fade in or out while axe read the page has, for that moment, a
  // contrast no one reads: a colour-contrast finding is read again once the motion has ended
  if (result.violations.some((v) => v.id === 'color-contrast')) {
    await page.waitForTimeout(400);
    await settled(page);
    result = await axeBuilder(page, include).analyze();
  }
  return result.violations.map((v) => ({ impact: v.impact, line: `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}` }));
}

/** Every axe violation, whatever its impact, on the page (or inside `include`), after the same wait. */
export async function allViolations(page: Page, include?: string): Promise<string[]> {
  return (await violations(page, include)).map(({ line }) => line);
}
