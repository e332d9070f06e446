import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hostGet, hydrated, type DemoProduct } from './islands-fixtures.ts';

const sv = origin('sv');
let product: DemoProduct;
test.beforeAll(async () => {
  [product] = await demoProducts('sv', 1);
});
test.beforeEach(async ({ page }) => consentGiven(page, sv));

test('search starts after more than 1 trimmed character, debounced 250 ms', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/products')) calls.push(r.url());
  });
  await page.goto(sv + '/');
  await hydrated(page);
  const input = page.getByTestId('search-input');
  await input.pressSequentially(' a ', { delay: 20 });
  await page.waitForTimeout(400);
  expect(calls).toEqual([]);
  await input.fill('');
  // keystrokes 20 ms apart (in the page, so test-runner load cannot stretch the gaps): one search
  await input.evaluate(async (el: HTMLInputElement) => {
    for (const c of 'filter') {
      el.value += c;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 20));
    }
  });
  await expect.poll(() => calls.length).toBe(1);
  await page.waitForTimeout(500);
  expect(calls).toHaveLength(1);
  const url = new URL(calls[0]);
  expect(url.searchParams.get('query')).toBe('filter');
  expect(url.searchParams.get('locale')).toBe('sv');
  expect(url.searchParams.get('sid')).toBe('1');
  expect(url.searchParams.get('nc')).toBe('true');
});

test('results dropdown with thumbnails and prices; a result goes to its product', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill(product.sku);
  const result = page.getByTestId('search-result').first();
  await expect(result).toBeVisible();
  await expect(result.locator('img')).toHaveAttribute('src', /.+/);
  await expect(result).toContainText('kr');
  await expect(result.locator('a')).toHaveAttribute('href', product.url);
});

test('Enter goes to the search results page with q (/sok on sv, /searchresults elsewhere)', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill('filter');
  await page.getByTestId('search-input').press('Enter');
  await expect(page).toHaveURL(sv + '/sok?q=filter');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  await consentGiven(page, origin('fi'));
  await page.goto(origin('fi') + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill('zzqqxx');
  await page.getByTestId('search-input').press('Enter');
  await expect(page).toHaveURL(origin('fi') + '/searchresults?q=zzqqxx');
  await expect(page.getByTestId('search-no-products')).toHaveText('Tuotteita ei löytynyt');
});

test('the results page is server-rendered: results by q, no products text otherwise', async ({ request }) => {
  const hit = await hostGet(request, 'sv', '/sok?q=' + encodeURIComponent(product.sku));
  expect(hit.status()).toBe(200);
  const html = await hit.text();
  expect(html).toContain(`data-sku="${product.sku}"`);
  const miss = await hostGet(request, 'nl', '/searchresults?q=qqqxxxzzz');
  expect(await miss.text()).toContain('data-testid="search-no-products"');
});

test('search-trigger hints appear for their keyword', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/search-triggers')) calls.push(r.url());
  });
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill('frakt');
  const hint = page.getByTestId('search-hint').first();
  await expect(hint).toBeVisible();
  await expect(hint.locator('a')).toHaveAttribute('href', /^\//);
  expect(new URL(calls[0]).searchParams.get('query')).toBe('frakt');
});
