/** The top bar on phones (docs/product/layout.md#top-bar): a readable rotating selling point, switchers still reachable. */
import { expect, test, type Page } from '@playwright/test';
import { LOCALES } from '#lib/market/locales.ts';
import { translator } from '#lib/market/i18n.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven } from './islands-fixtures.ts';

/** The one selling point on show: its index, text, box, and whether its text is cut (ellipsis). */
const shownUsp = (page: Page) =>
  page.locator('.usps li').evaluateAll((lis) =>
    lis
      .map((li, index) => ({ li, index }))
      .filter(({ li }) => getComputedStyle(li).display !== 'none')
      .map(({ li, index }) => {
        const r = li.getBoundingClientRect();
        return { index, text: li.textContent!.trim(), x: r.x, right: r.right, width: r.width, cut: li.scrollWidth > li.clientWidth };
      }),
  );

const topBarHeight = (page: Page) => page.locator('.top-bar').evaluate((e) => e.getBoundingClientRect().height);

for (const viewport of [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
]) {
  for (const locale of ['sv', 'fi'] as const) {
    test(`${locale} at ${viewport.width}×${viewport.height}: one readable selling point rotates every 3000 ms; switchers and account link stay reachable`, async ({
      browser,
    }) => {
      const home = origin(locale);
      const usps = translator(locale)('usp', { returnObjects: true }) as string[];
      expect(usps).toHaveLength(3);
      const ctx = await browser.newContext({ viewport });
      const page = await ctx.newPage();
      await consentGiven(page, home);
      await page.clock.install();
      await page.goto(home + '/');
      await expect(page.locator('.usps')).toHaveClass(/is-rotating/);
      const height = await topBarHeight(page);

      for (const [step, text] of [usps[0], usps[1], usps[2], usps[0]].entries()) {
        if (step > 0) await page.clock.runFor(3000);
        await expect.poll(() => shownUsp(page).then((s) => s.map((u) => u.text))).toEqual([`✓ ${text}`]);
        const [shown] = await shownUsp(page);
        // Whole text on screen: wide, inside the viewport, not cut to an ellipsis.
        expect(shown!.width).toBeGreaterThan(100);
        expect(shown!.x).toBeGreaterThanOrEqual(0);
        expect(shown!.right).toBeLessThanOrEqual(viewport.width);
        expect(shown!.cut).toBe(false);
        // Rotation never changes the bar's height (no layout shift).
        expect(await topBarHeight(page)).toBe(height);
      }

      // The language links, the VAT switch (where the storefront has one) and the account link: visible, inside the
      // viewport, below the selling point, named in full for assistive technology.
      const uspBottom = await page.locator('.usps').evaluate((e) => e.getBoundingClientRect().bottom);
      const links = page.getByTestId('language-switcher').locator('a');
      const others = Object.values(LOCALES).filter((l) => l.code !== locale && l.inSwitcher);
      await expect(links).toHaveCount(others.length);
      for (const l of others) await expect(page.getByRole('link', { name: l.name, exact: true })).toBeVisible();
      const controls = [links.first(), links.last(), page.getByTestId('account-link')];
      if (LOCALES[locale].allowExVAT) controls.push(page.getByTestId('vat-switch'));
      else await expect(page.getByTestId('vat-switch')).toHaveCount(0);
      for (const c of controls) {
        await expect(c).toBeVisible();
        const box = (await c.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y).toBeGreaterThanOrEqual(uspBottom);
      }
      expect(await page.locator('.top-bar').evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
      // Still working: a language link leads to the other storefront.
      await links.first().click();
      await expect(page).toHaveURL(new RegExp(`^http://${others[0]!.code}\\.localhost`));
      await ctx.close();
    });
  }
}
