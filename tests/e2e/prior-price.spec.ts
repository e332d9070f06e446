/**
 * The prior price of a reduction (docs/adr/0022-prior-price.md): a campaign product with price history shows the
 * `prior-price` line on its page and in a listing; one without history announces no reduction at all.
 */
import { expect, test } from '@playwright/test';
import { origin, TEST_PRODUCTS } from '#tests/support/test-env.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { formatPrice } from '#lib/pricing/money-format.ts';
import { consentGiven, hydrated } from './islands-fixtures.ts';

const sv = origin('sv');
const products = generateDemoCatalogue({ products: TEST_PRODUCTS }).products;
const campaigns = products.filter((p) => p.decoration === 'campaign');
const proven = campaigns.find((p) => p.price_history?.sv?.length && p.orderable)!;
const unproven = campaigns.at(-1)!;
const text = (s: string | null) => s?.replace(/\s+/g, ' ').trim();
const kr = (n: number) => text(formatPrice(n, 'sv'));

test('the product page names the prior price of a reduction and strikes it', async ({ page }) => {
  const c = proven.prices.sv!.prices.c![0]!;
  await page.goto(sv + pathFor('product', 'sv', { slug: proven.translations.sv!.slug }));
  const prior = page.locator('.product__price').getByTestId('prior-price');
  await expect(prior).toHaveCount(1);
  expect(text(await prior.textContent())).toBe(`Lägsta pris de senaste 30 dagarna före sänkningen: ${kr(c.o)}`);
  expect(text(await page.locator('.product__price').getByTestId('price-ordinary').textContent())).toBe(kr(c.o));
});

test('the prior price follows the ex-VAT display', async ({ page }) => {
  const c = proven.prices.sv!.prices.c![0]!;
  const vat = proven.prices.sv!.vat;
  await consentGiven(page, sv);
  await page.goto(sv + pathFor('product', 'sv', { slug: proven.translations.sv!.slug }));
  await hydrated(page);
  const amount = page.locator('.product__price').getByTestId('prior-price').locator('.price__prior-amount');
  expect(text(await amount.textContent())).toBe(kr(c.o));
  await page.getByTestId('vat-switch').click();
  await expect.poll(async () => text(await amount.textContent())).toBe(kr(Math.round(c.o / (1 + vat / 100))));
});

test('a listing card of a reduced product shows the prior price', async ({ page }) => {
  await page.goto(sv + pathFor('searchresults', 'sv') + '?q=' + encodeURIComponent(proven.sku));
  const card = page.locator(`[data-testid="product-card"][data-sku="${proven.sku}"]`);
  await expect(card.getByTestId('prior-price')).toHaveCount(1);
  expect(text(await card.locator('.price__prior-amount').textContent())).toBe(kr(proven.prices.sv!.prices.c![0]!.o));
});

test('a campaign price without price history is shown without strike, percent or prior price', async ({ page }) => {
  expect(unproven.price_history).toEqual({});
  await page.goto(sv + pathFor('product', 'sv', { slug: unproven.translations.sv!.slug }));
  await expect(page.getByTestId('product-name')).toBeVisible();
  await expect(page.locator('.product__price').getByTestId('price')).toHaveCount(1);
  // the product's own prices (the accessories below may be reduced)
  const info = page.locator('.product__info');
  await expect(info.getByTestId('price-ordinary')).toHaveCount(0);
  await expect(info.getByTestId('percent-off')).toHaveCount(0);
  await expect(info.getByTestId('prior-price')).toHaveCount(0);
});
