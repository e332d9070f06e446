/**
 * The back office's catalogue pages in Chromium (docs/product/back-office.md#catalogue-products): an editor finds
 * a product, changes its Swedish price through the confirm step, and seconds later the shopper's reload of the
 * prerendered product page shows it (the change feed's re-render, docs/adr/0017-incremental-pages.md). axe on
 * every page and on the confirm step. The price is put back afterwards through the operator API.
 */
import { expect, test } from '@playwright/test';
import type { PriceObject } from '#lib/catalogue/types.ts';
import { origin } from '#tests/support/test-env.ts';
import { withDb } from './account-fixtures.ts';
import { plainInStockProduct, setPrice } from './price-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';

const sv = origin('sv');

test('an editor changes a price with confirmation; the public product page shows it within seconds', async ({ page }) => {
  // an in-stock product with one tier and no campaign, late in the catalogue but not the last (incremental-pages uses that)
  const p = await plainInStockProduct(4);
  const before = JSON.parse(p.prices) as PriceObject;
  const price = Math.round(before.n[0]!.p) + 50;

  await signInStaffPage(page, 'editor');
  await page.getByTestId('bo-nav').getByRole('link', { name: 'Catalogue' }).click();
  await expect(page.getByTestId('bo-products')).toBeVisible();
  await expect(page.getByTestId('bo-low-stock')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  await page.getByLabel('SKU or name').fill(p.sku);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.locator(`[data-testid="bo-product-row"][data-sku="${p.sku}"]`).getByRole('link', { name: p.sku }).click();
  await expect(page.getByTestId('bo-product')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);

  try {
    const form = page.locator('[data-testid="bo-price-form"][data-locale="sv"]');
    await form.getByLabel(/Normal tiers/).fill(`1: ${price}`);
    await form.getByRole('button', { name: 'Review the change' }).click();
    await expect(page.getByTestId('bo-confirm')).toBeVisible();
    await expect(page.getByTestId('bo-confirm-normal')).toHaveText(`1: ${price}.00`);
    expect(await wcagViolations(page)).toEqual([]);
    await page.getByTestId('bo-confirm-yes').click();
    await expect(page.getByTestId('bo-product-notice')).toBeVisible();
    await expect(page.locator('[data-testid="bo-price-row"][data-locale="sv"] [data-testid="bo-price-normal"]')).toHaveText(
      `1: ${price}.00`,
    );
    expect(await wcagViolations(page)).toEqual([]);

    await page.goto(`${sv}/produkt/${p.slug}`);
    const shown = page.getByTestId('product').locator('.product__price [data-testid="price"]').first();
    await expect(async () => {
      await page.reload();
      await expect(shown).toHaveAttribute('data-amount', String(price), { timeout: 500 });
    }).toPass({ timeout: 10_000 });
  } finally {
    expect((await setPrice(p.sku, before)).status).toBe(200);
  }
});

test('read-only staff see a product without the edit forms', async ({ page }) => {
  const p = await withDb((db) => db.selectFrom('products').select('sku').orderBy('id').executeTakeFirstOrThrow());
  await signInStaffPage(page, 'read_only');
  await page.goto(`${ADMIN}/products/${encodeURIComponent(p.sku)}`);
  await expect(page.getByTestId('bo-product-read-only')).toBeVisible();
  await expect(page.getByTestId('bo-price-form')).toHaveCount(0);
  await expect(page.getByTestId('bo-stock-form')).toHaveCount(0);
  expect(await wcagViolations(page)).toEqual([]);
});
