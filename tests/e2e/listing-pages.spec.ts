/**
 * Listing pages in Chromium (docs/product/catalogue.md#listings-paging-filters-sorting): the pager reaches the
 * last product of the largest category; with JS a filter swaps the grid without a page load and the address
 * bar and back button follow; without JS the same form and links work through whole pages; axe finds no
 * serious violation on a filtered listing.
 */
import { expect, test, type Page } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { flattenCategories, loadCategoryTree, type Category } from '#server/catalogue/category-repository.ts';
import { TEST_SQLITE_FILE, origin } from '#tests/support/test-env.ts';
import { seriousAxe } from './a11y-fixtures.ts';

interface Expected {
  category: Category;
  skus: string[];
  inStock: number;
}

/** The largest sv category and its products in listing order (in stock first, then by name), from the test database. */
async function largestCategory(): Promise<Expected> {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const cats = flattenCategories(await loadCategoryTree(db, 'sv'));
    const byId = new Map(cats.map((c) => [c.id, c]));
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .innerJoin('product_prices as pr', (j) => j.onRef('pr.product_id', '=', 'p.id').on('pr.locale', '=', 'sv'))
      .select(['p.id', 'p.sku', 'p.stock_status', 'p.orderable', 't.name'])
      .orderBy('p.id')
      .execute();
    const links = await db.selectFrom('product_categories').select(['product_id', 'category_id']).execute();
    const members = new Map<number, Set<number>>();
    for (const l of links)
      for (let c = byId.get(l.category_id); c; c = c.parent_id !== null ? byId.get(c.parent_id) : undefined) {
        members.set(c.id, (members.get(c.id) ?? new Set()).add(l.product_id));
      }
    const category = cats.reduce((a, b) => ((members.get(b.id)?.size ?? 0) > (members.get(a.id)?.size ?? 0) ? b : a));
    const collator = new Intl.Collator('sv');
    const rank = (p: (typeof rows)[number]) => (p.stock_status === 'in-stock' ? 0 : p.orderable ? 1 : 2);
    const mine = rows
      .filter((p) => members.get(category.id)!.has(p.id))
      .sort((a, b) => rank(a) - rank(b) || collator.compare(a.name, b.name));
    return { category, skus: mine.map((p) => p.sku), inStock: mine.filter((p) => p.stock_status === 'in-stock').length };
  } finally {
    await db.destroy();
  }
}

let expected: Expected;
test.beforeAll(async () => {
  expected = await largestCategory();
});

const cardSkus = (page: Page) => page.getByTestId('product-card').evaluateAll((els) => els.map((e) => e.getAttribute('data-sku')));
/** A value on window survives only as long as no page load happens. */
const markWindow = (page: Page) => page.evaluate(() => ((window as unknown as { __listing: number }).__listing = 42));
const windowMarked = (page: Page) => page.evaluate(() => (window as unknown as { __listing?: number }).__listing === 42);

test('with JS: the pager swaps pages in place and reaches the last product; back returns', async ({ page }) => {
  await page.goto(origin('sv') + expected.category.uri);
  await expect(page.getByTestId('product-card')).toHaveCount(48);
  await markWindow(page);
  let pages = 1;
  while ((await page.getByTestId('pager-next').count()) > 0) {
    await page.getByTestId('pager-next').click();
    pages++;
    await expect(page.getByTestId('pager-current')).toContainText(String(pages));
    await expect(page).toHaveURL(new RegExp(`/sida/${pages}$`));
  }
  expect(pages).toBe(Math.ceil(expected.skus.length / 48));
  const last = await cardSkus(page);
  expect(last.at(-1)).toBe(expected.skus.at(-1));
  expect(last).toEqual(expected.skus.slice((pages - 1) * 48));
  expect(await windowMarked(page)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/sida/${pages - 1}$`));
  await expect(page.getByTestId('pager-current')).toContainText(String(pages - 1));
  expect(await cardSkus(page)).toEqual(expected.skus.slice((pages - 2) * 48, (pages - 1) * 48));
  expect(await windowMarked(page)).toBe(true);
});

test('with JS: a filter narrows the grid without a page load, the URL follows, back restores', async ({ page }) => {
  await page.goto(origin('sv') + expected.category.uri);
  await markWindow(page);
  await page.getByTestId('listing-filters-toggle').click();
  await page
    .getByTestId('facet-stock')
    .getByLabel(/I lager/)
    .check();
  await expect(page).toHaveURL(/\/sida\/1\?stock=in-stock$/);
  await expect(page.getByTestId('listing-count')).toContainText(`av ${expected.inStock} produkter`);
  const statuses = await page.getByTestId('stock-status').evaluateAll((els) => els.map((e) => e.getAttribute('data-status')));
  expect(new Set(statuses)).toEqual(new Set(['in-stock']));
  expect(await windowMarked(page)).toBe(true);
  // the checkbox keeps focus across the swap (keyboard users stay where they were)
  await expect(page.getByTestId('facet-stock').getByLabel(/I lager/)).toBeFocused();

  await page.getByTestId('listing-sort').selectOption('name');
  await expect(page).toHaveURL(/\?stock=in-stock&sort=name$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/sida\/1\?stock=in-stock$/);
  await expect(page.getByTestId('listing-sort')).toHaveValue('');
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`${expected.category.uri}$`));
  await expect(page.getByTestId('listing-count')).toContainText(`av ${expected.skus.length} produkter`);
  expect(await cardSkus(page)).toEqual(expected.skus.slice(0, 48));
  expect(await windowMarked(page)).toBe(true);
});

test('without JS: the filter form and the pager work through whole pages', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(origin('sv') + expected.category.uri);
  await page.getByTestId('listing-filters-toggle').click();
  await page
    .getByTestId('facet-stock')
    .getByLabel(/I lager/)
    .check();
  await page.getByTestId('listing-apply').click();
  await expect(page).toHaveURL(/\/sida\/1\?(.*&)?stock=in-stock/);
  await expect(page.getByTestId('listing-count')).toContainText(`av ${expected.inStock} produkter`);
  await page.getByTestId('pager-next').click();
  await expect(page).toHaveURL(/\/sida\/2\?stock=in-stock$/);
  await expect(page.getByTestId('pager-current')).toContainText('2');
  await page.getByTestId('listing-clear').click();
  await expect(page).toHaveURL(new RegExp(`${expected.category.uri}$`));
  await expect(page.getByTestId('product-card')).toHaveCount(48);
  await context.close();
});

test('a filtered listing has no serious accessibility violations', async ({ page }) => {
  await page.goto(`${origin('sv')}${expected.category.uri}/sida/1?stock=in-stock&sort=price-asc`);
  await expect(page.getByTestId('listing')).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);
});
