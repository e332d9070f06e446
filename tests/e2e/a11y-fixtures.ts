/** Accessibility checks the e2e specs share. */
import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

/** axe's serious and critical findings on the page (or the part `selector` names), as "rule: target". */
export async function seriousAxe(page: Page, selector?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page });
  const { violations } = await (selector ? axe.include(selector) : axe).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`);
}
