/**
 * The prior price of a reduction (docs/adr/0022-prior-price.md): a campaign product with price history shows the
 * `prior-price` line on its page, in a listing, in the mini cart and in the search dropdown; one without history
 * announces no reduction at all.
 */
import { expect, test } from '@playwright/test';
import { origin, TEST_PRODUCTS } from '#tests/support/test-env.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { formatPrice } from '#lib/pricing/money-format.ts';
import { consentGiven, hydrated } from './islands-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

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

const PRIOR_LABEL = 'Lägsta pris de senaste 30 dagarna före sänkningen';

test('the mini cart line of a reduced product strikes and names its prior price, ex VAT too', async ({ page }) => {
  const c = proven.prices.sv!.prices.c![0]!;
  const vat = proven.prices.sv!.vat;
  await consentGiven(page, sv);
  await page.goto(sv + pathFor('product', 'sv', { slug: proven.translations.sv!.slug }));
  await hydrated(page);
  await page.locator('.product__info').getByTestId('add-to-cart').first().click();
  const row = page.getByTestId('minicart').locator(`[data-testid="minicart-line"][data-sku="${proven.sku}"]`);
  const prior = row.getByTestId('prior-price');
  // the line's prior price comes with the server's sync (POST /api/sync-cart prior_price)
  await expect.poll(async () => text(await prior.textContent())).toBe(`${PRIOR_LABEL}: ${kr(c.o)}`);
  expect(text(await row.getByTestId('minicart-line-price').textContent())).toBe(`1 × ${kr(c.p)}`);
  expect(text(await row.locator('s').textContent())).toBe(kr(c.o));
  expect(await wcagViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByTestId('vat-switch').click();
  await page.getByTestId('minicart-open').click();
  await expect
    .poll(async () => text(await prior.locator('.price__prior-amount').textContent()))
    .toBe(kr(Math.round(c.o / (1 + vat / 100))));
});

test('the search dropdown shows a reduced hit with its struck and named prior price', async ({ page }) => {
  const c = proven.prices.sv!.prices.c![0]!;
  await consentGiven(page, sv);
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill(proven.translations.sv!.name);
  const hit = page.getByTestId('search-result').filter({ has: page.locator(`a[href$="${proven.translations.sv!.slug}"]`) });
  await expect(hit.getByTestId('prior-price')).toHaveCount(1);
  expect(text(await hit.getByTestId('prior-price').textContent())).toBe(`${PRIOR_LABEL}: ${kr(c.o)}`);
  expect(text(await hit.locator('s').textContent())).toBe(kr(c.o));
  await expect(hit).toContainText(kr(c.p)!);
  // a hit without a campaign announces nothing
  const plain = products.find((p) => !p.prices.sv!.prices.c && p.orderable)!;
  await page.getByTestId('search-input').fill(plain.sku);
  await expect(page.getByTestId('search-result').first()).toBeVisible();
  await expect(page.getByTestId('search-dropdown').getByTestId('prior-price')).toHaveCount(0);
});
