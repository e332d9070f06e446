/**
 * Fresh static pages in Chromium (docs/adr/0017-incremental-pages.md): staff change a product's price; seconds
 * later the shopper's reload of the prerendered product page shows it, and the cart charges exactly that price.
 * The price is put back afterwards (the page is re-rendered as the build wrote it).
 */
import { expect, test } from '@playwright/test';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { origin } from '#tests/support/test-env.ts';
import { plainInStockProduct, setPrice } from './price-fixtures.ts';

const sv = origin('sv');

test('sv: a price change shows on the product page within seconds, and the cart charges it', async ({ page }) => {
  // an in-stock product with one price tier and no campaign, late in the catalogue (no other spec uses it)
  const p = await plainInStockProduct(0);
  const before = JSON.parse(p.prices) as PriceObject;
  const price = before.n[0]!.p + 100;
  const kr = (n: number) => `${n.toLocaleString('sv-SE').replace(/\u00a0/g, ' ')} kr`;
  await page.goto(`${sv}/produkt/${p.slug}`);
  const shown = page.getByTestId('product').locator('.product__price [data-testid="price"]').first();
  await expect(shown).toHaveAttribute('data-amount', String(before.n[0]!.p));

  try {
    const changed = await setPrice(p.sku, { n: [{ q: 1, p: price }] });
    expect(changed.status, changed.body).toBe(200);
    const started = Date.now();
    await expect(async () => {
      await page.reload();
      await expect(shown).toHaveAttribute('data-amount', String(price), { timeout: 500 });
    }).toPass({ timeout: 10_000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect(shown).toContainText(kr(price));

    await page.getByTestId('product').getByTestId('add-to-cart').click();
    await expect(page.getByTestId('minicart')).toBeVisible();
    await expect(page.getByTestId('minicart-line-price')).toContainText(kr(price));
  } finally {
    expect((await setPrice(p.sku, before)).status).toBe(200);
  }
  await expect(async () => {
    await page.reload();
    await expect(shown).toHaveAttribute('data-amount', String(before.n[0]!.p), { timeout: 500 });
  }).toPass({ timeout: 10_000 });
});
