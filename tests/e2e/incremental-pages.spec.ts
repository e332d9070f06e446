/**
 * Fresh static pages in Chromium (docs/adr/0017-incremental-pages.md): staff change a product's price; seconds
 * later the shopper's reload of the prerendered product page shows it, and the cart charges exactly that price.
 * The price is put back afterwards (the page is re-rendered as the build wrote it).
 */
import { expect, test } from '@playwright/test';
import { LOCALES } from '#lib/market/locales.ts';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { request } from '#tests/support/http.ts';
import { E2E_PORT, TEST_OPERATOR_TOKEN, origin } from '#tests/support/test-env.ts';
import { withDb } from './account-fixtures.ts';

const sv = origin('sv');
const setPrice = (sku: string, prices: PriceObject) =>
  request(`http://sv.localhost:${E2E_PORT}/api/operator/products/${sku}?locale=sv&sid=${LOCALES.sv.storeID}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    body: JSON.stringify({ prices, changed_by: 'e2e' }),
  });

test('sv: a price change shows on the product page within seconds, and the cart charges it', async ({ page }) => {
  // an in-stock product with one price tier and no campaign, late in the catalogue (no other spec uses it)
  const p = await withDb((db) =>
    db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
      .where('p.stock_status', '=', 'in-stock')
      .where('p.variations', '=', '[]')
      .where('pr.prices', 'not like', '%"c"%')
      .select(['p.sku', 't.slug', 'pr.prices'])
      .orderBy('p.id', 'desc')
      .executeTakeFirstOrThrow(),
  );
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
