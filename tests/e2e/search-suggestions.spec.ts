/** Forgiving search in the browser: typos, completions and did-you-mean (docs/product/search.md#suggestions). */
import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, hydrated } from './islands-fixtures.ts';

const sv = origin('sv');
test.beforeEach(async ({ page }) => consentGiven(page, sv));

test('a misspelled word without its dots still finds the product', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill('dammsugre');
  await expect(page.getByTestId('search-result').first()).toContainText(/dammsugare/i);
  await page.getByTestId('search-input').fill('grasklippare');
  await expect(page.getByTestId('search-result').first()).toContainText(/gräsklippare/i);
});

test('the dropdown completes the word being typed, and a completion opens its results', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill('dammsu');
  const completion = page.getByTestId('search-completion').first();
  await expect(completion).toBeVisible();
  const text = (await completion.textContent())!.trim();
  expect(text.startsWith('dammsu')).toBe(true);
  await completion.locator('a').click();
  await expect(page).toHaveURL(`${sv}/sok?q=${encodeURIComponent(text)}`);
  await expect(page.getByTestId('product-card').first()).toBeVisible();
});

test('a query that finds nothing offers the nearest one, in the dropdown and on the results page', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('search-input').fill('knib');
  await expect(page.getByTestId('search-empty')).toBeVisible();
  const suggestion = page.getByTestId('search-did-you-mean');
  await expect(suggestion).toContainText('Menade du:');
  await expect(suggestion.locator('a')).toHaveText('kniv');

  await page.goto(sv + '/sok?q=knib');
  await expect(page.getByTestId('search-no-products')).toBeVisible();
  await page.getByTestId('search-did-you-mean').locator('a').click();
  await expect(page).toHaveURL(sv + '/sok?q=kniv');
  await expect(page.getByTestId('product-card').first()).toContainText(/kniv/i);
});

test('the results page filters, sorts and pages like a listing, without a reload, and keeps the query', async ({ page }) => {
  await page.goto(sv + '/sok?q=filter');
  const count = page.getByTestId('listing-count');
  await expect(count).toBeVisible();
  const before = (await count.textContent())!;
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  // A marker on the document tells a swap from a page load.
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByTestId('listing-filters-toggle').click();
  const brand = page.getByTestId('facet-brand').locator('input[type=checkbox]').first();
  const brandName = (await page.getByTestId('facet-brand').locator('label').first().textContent())!.replace(/\(\d+\)/, '').trim();
  await brand.check();
  await expect(count).not.toHaveText(before);
  await expect(page).toHaveURL(/[?&]q=filter/);
  await expect(page).toHaveURL(/[?&]brand=/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  for (const name of await cards.locator('[data-testid=product-link]').allTextContents()) expect(name).toContain(brandName);

  await page.getByTestId('listing-sort').selectOption('price-desc');
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(page).toHaveURL(/[?&]q=filter/);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  await page.goBack();
  await expect(page).not.toHaveURL(/sort=/);
  await expect(page).toHaveURL(/[?&]brand=/);
});

test('the results page pages to the last result, and works without JS', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(sv + '/sok?q=till');
  const pager = page.getByTestId('pager');
  await expect(pager).toBeVisible();
  const last = pager.locator('a[aria-label]').last();
  const lastNumber = Number((await last.textContent())!.trim());
  expect(lastNumber).toBeGreaterThan(1);
  await last.click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=${lastNumber}`));
  await expect(page).toHaveURL(/[?&]q=till/);
  await expect(page.getByTestId('pager-current')).toContainText(String(lastNumber));
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  // The filter form submits as a plain GET, carrying the query along.
  await page.getByTestId('listing-sort').selectOption('name');
  await page.locator('.listing__sort-apply').click();
  await expect(page).toHaveURL(/[?&]q=till/);
  await expect(page).toHaveURL(/sort=name/);
  await context.close();
});
