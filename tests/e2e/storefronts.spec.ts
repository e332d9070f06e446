import { expect, test } from '@playwright/test';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { origin } from '#tests/support/test-env.ts';

for (const code of LOCALE_CODES) {
  const l = LOCALES[code];
  test.describe(`${code} storefront`, () => {
    test('home renders its brand, currency and lang', async ({ page }) => {
      const res = await page.goto(origin(code) + '/');
      expect(res?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', l.iso);
      await expect(page.getByTestId('brand-heading')).toHaveText(l.brand);
      await expect(page.getByTestId('logo').locator('img')).toHaveAttribute('src', l.logo);
      const prices = page.getByTestId('price');
      await expect(prices.first()).toHaveAttribute('data-currency', l.currency);
      const text = (await prices.first().locator('.price__amount').textContent())!.replace(/\s+/g, ' ').trim();
      if (l.currency === 'EUR') expect(text).toMatch(/\d,\d{2}/);
      else expect(text).toMatch(/^\d{1,3}( \d{3})* kr\.?$/);
      expect(text).toContain(l.currencySymbol);
      // payment logos of this locale in the footer
      const logos = page.getByTestId('payment-logos').locator('img');
      await expect(logos).toHaveCount(l.paymentMethods.length);
      await expect(logos.first()).toHaveAttribute('alt', l.paymentMethods[0].name);
    });

    test('language switcher links to the other domains, never to nl', async ({ page }) => {
      await page.goto(origin(code) + '/');
      const links = page.getByTestId('language-switcher').locator('a');
      const hrefs = await links.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      const expected = LOCALE_CODES.filter((c) => c !== code && c !== 'nl').map((c) => origin(c) + '/');
      expect(hrefs.sort()).toEqual(expected.sort());
      if (expected.length) {
        await links.first().click();
        await expect(page).toHaveURL(new RegExp(`^http://(${LOCALE_CODES.join('|')})\\.localhost`));
        const target = new URL(page.url()).hostname.split('.')[0] as typeof code;
        await expect(page.locator('html')).toHaveAttribute('lang', LOCALES[target].iso);
      }
    });

    test('a bad path gives the 404 text', async ({ page }) => {
      const res = await page.goto(origin(code) + '/this/page/does-not-exist');
      expect(res?.status()).toBe(404);
      await expect(page.getByTestId('not-found')).toContainText('This page could not be found');
      await expect(page.locator('html')).toHaveAttribute('lang', l.iso);
    });
  });
}

test('main menu lists the top categories', async ({ page }) => {
  await page.goto(origin('sv') + '/');
  const items = page.getByTestId('main-menu').locator('a');
  expect(await items.count()).toBeGreaterThanOrEqual(5);
  await expect(items.first()).toHaveAttribute('href', /^\/kategori\//);
});
