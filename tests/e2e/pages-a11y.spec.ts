/** axe: no serious or critical accessibility violations on home, category and product pages. */
import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { origin } from '#tests/support/test-env.ts';

for (const code of ['sv', 'fi'] as const) {
  test(`${code}: home, category and product pages have no serious axe violations`, async ({ page }) => {
    await page.goto(origin(code) + '/');
    const pages = [page.url()];
    await page.getByTestId('main-menu').locator('a').first().click();
    pages.push(page.url());
    await page.getByTestId('product-link').first().click();
    pages.push(page.url());
    for (const url of pages) {
      await page.goto(url);
      const result = await new AxeBuilder({ page }).analyze();
      const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map(
          (v) =>
            `${v.id}: ${v.nodes
              .slice(0, 3)
              .map((n) => n.target.join(' '))
              .join(', ')}`,
        ),
        url,
      ).toEqual([]);
    }
  });
}
