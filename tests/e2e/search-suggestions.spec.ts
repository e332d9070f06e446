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
  await expect(page.getByTestId('search-results-item').first()).toBeVisible();
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
  await expect(page.getByTestId('search-results-item').first()).toContainText(/kniv/i);
});
