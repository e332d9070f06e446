import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, type DemoProduct } from './islands-fixtures.ts';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';

const sv = origin('sv');
const amount = async (el: import('@playwright/test').Locator) =>
  (await el.locator('.price__amount').textContent())!.replace(/\s+/g, ' ').trim();
const kr = (n: number) => `${Math.round(n).toLocaleString('sv-SE').replace(/\s/g, ' ')} kr`;
let product: DemoProduct;
test.beforeAll(async () => {
  [product] = await demoProducts('sv', 1);
});

for (const code of LOCALE_CODES) {
  test(`${code}: the VAT switch is shown only where ex-VAT is allowed`, async ({ page }) => {
    await page.goto(origin(code) + '/');
    await expect(page.getByTestId('vat-switch')).toHaveCount(LOCALES[code].allowExVAT ? 1 : 0);
  });
}

test('switching to ex-VAT re-renders static prices and survives a reload', async ({ page }) => {
  await consentGiven(page, sv);
  await page.goto(sv + '/');
  await hydrated(page);
  const price = page.getByTestId('price').first();
  const incl = Number(await price.getAttribute('data-amount'));
  const vat = Number(await price.getAttribute('data-vat'));
  expect(await amount(price)).toBe(kr(incl));
  await page.getByTestId('vat-switch').click();
  await expect(page.getByTestId('vat-switch')).toHaveAttribute('data-vat', 'excl');
  await expect(page.locator('html')).toHaveAttribute('data-vat', 'excl');
  await expect.poll(() => amount(price)).toBe(kr(incl / (1 + vat / 100)));
  await page.reload();
  await expect.poll(() => amount(page.getByTestId('price').first())).toBe(kr(incl / (1 + vat / 100)));
  await page.getByTestId('vat-switch').click();
  await expect(page.getByTestId('vat-switch')).toHaveAttribute('data-vat', 'incl');
  await expect.poll(() => amount(page.getByTestId('price').first())).toBe(kr(incl));
});

test("a logged-in customer's discount per discount category re-renders prices", async ({ page }) => {
  await consentGiven(page, sv);
  const cat = product.discount_category!;
  await page.addInitScript(
    (c) =>
      localStorage.setItem(
        'td02:auth',
        // the browser's auth slice after a login (docs/product/accounts.md#browser-state): no token, the discounts
        JSON.stringify({
          loggedIn: true,
          strategy: 'myAccount',
          name: 'Demo Kund',
          discount: { [c]: 10 },
          orderId: null,
          expiresAt: Date.now() + 3_600_000,
        }),
      ),
    cat,
  );
  await page.goto(sv + '/sok?q=' + encodeURIComponent(product.sku));
  const price = page.locator(`[data-sku="${product.sku}"]`).getByTestId('price');
  const full = Number(await price.getAttribute('data-amount'));
  expect(full).toBe(unitPrice(product.prices, 1));
  const before = Math.max(full, Number((await price.getAttribute('data-ordinary')) ?? 0));
  await expect.poll(() => amount(price)).toBe(kr(full * 0.9));
  await expect.poll(async () => (await price.getByTestId('price-ordinary').textContent())?.replace(/\s+/g, ' ')).toBe(kr(before));
});

test('the product page VAT note follows the switch', async ({ page }) => {
  const [p] = await demoProducts('sv', 1);
  await consentGiven(page, sv);
  await page.goto(sv + p.url);
  await hydrated(page);
  await expect(page.getByTestId('vat-note')).toBeVisible();
  await expect(page.getByTestId('vat-note-excl')).toBeHidden();
  await page.getByTestId('vat-switch').click();
  await expect(page.getByTestId('vat-note-excl')).toHaveText('exkl. moms');
  await expect(page.getByTestId('vat-note-excl')).toBeVisible();
  await expect(page.getByTestId('vat-note')).toBeHidden();
});
