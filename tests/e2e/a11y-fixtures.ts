/** Accessibility checks the e2e specs share. */
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** axe's serious and critical findings on the page (or the part `selector` names), as "rule: target". */
export async function seriousAxe(page: Page, selector?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (selector ? axe.include(selector) : axe).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}

/** The rule set of the accessibility checks (docs/product/legal.md#accessibility-european-accessibility-act-directive-eu-2019882). */
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Every WCAG 2.1 A/AA finding of axe on the page, whatever its impact, as "rule (impact): targets". */
export async function wcagViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG21_AA_TAGS).analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
}
