/**
 * Model search in the browser (docs/product/parts-finder.md#model-search): a fragment of a demo model's number in the
 * header search offers the models first, each linking its model page; the results page lists the model above the
 * products. The model page itself is not needed here.
 */
import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, hostGet, hydrated } from './islands-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

const sv = origin('sv');
// Demo model id 1 (docs/product/parts-finder.md#demo-data).
const MODEL_PATH = '/modell/electrolux-el102s';
test.beforeEach(async ({ page }) => consentGiven(page, sv));

test('a model fragment in the header search: the models group first, linking the model page, reachable by Tab', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/models')) calls.push(r.url());
  });
  await page.goto(sv + '/');
  await hydrated(page);
  const input = page.getByTestId('search-input');
  await input.fill('el102');
  const group = page.getByTestId('search-models');
  await expect(group).toBeVisible();
  await expect(group).toContainText('Modeller');
  const first = group.getByTestId('search-model').first();
  await expect(first).toHaveAttribute('href', MODEL_PATH);
  await expect(first).toHaveText(/^Reservdelar till Electrolux EL102S \S+$/);
  // first in the dropdown: nothing comes before the models group
  expect(await page.getByTestId('search-dropdown').evaluate((el) => el.firstElementChild?.getAttribute('data-testid'))).toBe(
    'search-models',
  );
  // the products follow as before, after the models
  const products = page.getByTestId('search-result');
  if ((await products.count()) > 0)
    expect(
      await group.evaluate(
        (g, p) => Boolean(g.compareDocumentPosition(p!) & Node.DOCUMENT_POSITION_FOLLOWING),
        await products.first().elementHandle(),
      ),
    ).toBe(true);
  const url = new URL(calls.at(-1)!);
  expect(url.searchParams.get('query')).toBe('el102');
  expect(url.searchParams.get('locale')).toBe('sv');
  expect(url.searchParams.get('sid')).toBe('1');
  // the keyboard reaches the model link from the input
  await input.focus();
  for (let i = 0; i < 5 && !(await first.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  expect(await first.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await wcagViolations(page)).toEqual([]);
});

test('the results page lists the matching models above the products', async ({ page, request }) => {
  await page.goto(sv + '/sok?q=' + encodeURIComponent('EL102S'));
  const models = page.getByTestId('searchresults-models');
  await expect(models).toBeVisible();
  await expect(models.getByRole('link').first()).toHaveAttribute('href', MODEL_PATH);
  expect(await wcagViolations(page)).toEqual([]);
  // server-rendered: in the HTML without scripts
  const html = await (await hostGet(request, 'sv', '/sok?q=el102s')).text();
  expect(html).toContain('data-testid="searchresults-models"');
  expect(html).toContain(`href="${MODEL_PATH}"`);
  const none = await (await hostGet(request, 'sv', '/sok?q=qqxxzz')).text();
  expect(none).not.toContain('data-testid="searchresults-models"');
});
