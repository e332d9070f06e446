/**
 * The search provider experiment in the browser (docs/product/search.md#providers): the dropdown asks for the
 * experiment's provider (external by default), the e2e server's sandbox emulates Depict from the shop's own
 * catalogue, and x-search-provider says who answered; an override or a query Depict cannot answer gets internal.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, type DemoProduct } from './islands-fixtures.ts';

const sv = origin('sv');
let product: DemoProduct;
test.beforeAll(async () => {
  [product] = await demoProducts('sv', 1);
});
test.beforeEach(async ({ page }) => consentGiven(page, sv));

async function typeAndAnswer(page: Page, text: string): Promise<Response> {
  const answer = page.waitForResponse((r) => r.url().includes('/api/products') && new URL(r.url()).searchParams.get('query') === text);
  await page.getByTestId('search-input').fill(text);
  return answer;
}

test('by default the dropdown asks the external provider; Depict (the emulator) answers with our product and price', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  const res = await typeAndAnswer(page, product.sku);
  expect(new URL(res.url()).searchParams.get('provider')).toBe('external');
  expect(res.headers()['x-search-provider']).toBe('external');
  const result = page.getByTestId('search-result').first();
  await expect(result.locator('a')).toHaveAttribute('href', product.url);
  await expect(result).toContainText('kr');
});

test('search_provider=internal in the URL sends internal and the internal engine answers', async ({ page }) => {
  await page.goto(sv + '/?search_provider=internal');
  await hydrated(page);
  const res = await typeAndAnswer(page, product.sku);
  expect(new URL(res.url()).searchParams.get('provider')).toBe('internal');
  expect(res.headers()['x-search-provider']).toBe('internal');
  await expect(page.getByTestId('search-result').first().locator('a')).toHaveAttribute('href', product.url);
});

test('a query Depict finds nothing for (a typo) is answered by the internal engine', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  const typo = product.sku.slice(0, -1) + 'Q'.repeat(3);
  const res = await typeAndAnswer(page, typo);
  expect(new URL(res.url()).searchParams.get('provider')).toBe('external');
  expect(res.headers()['x-search-provider']).toBe('internal');
  expect(res.status()).toBe(200);
});
