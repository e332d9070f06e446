/**
 * The accessories block of the product page (docs/product/accessories.md): the tab's `accessories` variant
 * picks the panel, `original` adds ordinary lines, `upselling` adds the bundle's locked lines in one action,
 * the variant is kept for the tab, and both panels are in the static HTML in one reserved space.
 */
import { expect, test, type Page } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { consentGiven, hostGet, hydrated, watchErrors } from './islands-fixtures.ts';

const sv = origin('sv');
interface BundlePage {
  url: string;
  sku: string;
  bundleId: number;
  lines: { sku: string; quantity: number }[];
}
let bundlePage: BundlePage;

/** A product page with a bundle whose lines are all in stock (so the server keeps the bundle whole). */
test.beforeAll(async () => {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const rows = await db
      .selectFrom('upsell_bundles as b')
      .innerJoin('upsell_bundle_lines as l', 'l.bundle_id', 'b.id')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .select(['b.id', 'b.product_id', 'p.sku', 'p.stock_status', 'p.stock_quantity', 'l.quantity'])
      .orderBy('b.id')
      .orderBy('l.position')
      .execute();
    const byBundle = Map.groupBy(rows, (r) => r.id);
    const [id, lines] = [...byBundle].find(([, ls]) => ls.every((l) => l.stock_status === 'in-stock' && l.stock_quantity >= 20))!;
    // the bundle's page is its main product's (b.product_id, the same on every row of the bundle)
    const main = await db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .select(['p.sku', 't.slug'])
      .where('p.id', '=', lines[0].product_id)
      .executeTakeFirstOrThrow();
    bundlePage = {
      url: sv + pathFor('product', 'sv', { slug: main.slug }),
      sku: main.sku,
      bundleId: id,
      lines: lines.map((l) => ({ sku: l.sku, quantity: l.quantity })),
    };
  } finally {
    await db.destroy();
  }
});

/** The tab's experiment state before the first page script runs (kept by later navigations in the tab). */
async function withVariant(page: Page, variant: string): Promise<void> {
  await page.addInitScript((v) => {
    if (!sessionStorage.getItem('td02:experiment'))
      sessionStorage.setItem('td02:experiment', JSON.stringify({ variants: { accessories: v }, overrides: {} }));
  }, variant);
}
const storedVariant = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(sessionStorage.getItem('td02:experiment') ?? '{}') as { variants?: Record<string, string> }).variants?.accessories,
  );
const cartLines = (page: Page) =>
  page.evaluate(
    () =>
      (
        JSON.parse(localStorage.getItem('td02:cart') ?? '{"items":[]}') as {
          items: { sku: string; quantity: number; price: number; upselling_bundle_id?: number | null; unique_bundle_id?: string | null }[];
        }
      ).items,
  );

test.beforeEach(async ({ page }) => consentGiven(page, sv));

test("'original' shows the accessories, and one adds an ordinary line", async ({ page }) => {
  const errors = watchErrors(page);
  await withVariant(page, 'original');
  // the static cards stay: the external provider (the control) would swap them in between reading a card and clicking it
  await page.goto(`${bundlePage.url}?recommendation_provider=internal`);
  await hydrated(page);
  const block = page.getByTestId('accessories');
  await expect(block).toHaveAttribute('data-variant', 'original');
  await expect(page.getByTestId('accessories-original')).toBeVisible();
  await expect(page.getByTestId('accessories-upselling')).toBeHidden();
  const first = page.getByTestId('accessory').first();
  const sku = (await first.getAttribute('data-sku'))!;
  expect(sku).not.toBe(bundlePage.sku);
  await first.getByTestId('add-to-cart').click();
  const line = page.locator(`[data-testid="minicart-line"][data-sku="${sku}"]`);
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('minicart-qty')).toBeEnabled();
  await expect.poll(async () => (await cartLines(page)).map((l) => [l.sku, l.upselling_bundle_id ?? null])).toEqual([[sku, null]]);
  expect(errors).toEqual([]);
});

test("'upselling' adds the bundle's lines at once, locked, and a normal add of the same product is a separate line", async ({ page }) => {
  const errors = watchErrors(page);
  await withVariant(page, 'upselling');
  await page.goto(bundlePage.url);
  await hydrated(page);
  await expect(page.getByTestId('accessories')).toHaveAttribute('data-variant', 'upselling');
  await expect(page.getByTestId('accessories-upselling')).toBeVisible();
  await expect(page.getByTestId('accessories-original')).toBeHidden();
  await expect(page.getByTestId('bundle-line')).toHaveCount(bundlePage.lines.length);

  const synced = page.waitForResponse((r) => r.url().includes('/api/sync-cart') && r.status() === 200);
  await page.getByTestId('add-bundle').click();
  await synced;
  await expect(page.getByTestId('minicart-line')).toHaveCount(bundlePage.lines.length);
  const spinners = page.getByTestId('minicart-qty');
  for (let i = 0; i < bundlePage.lines.length; i++) await expect(spinners.nth(i)).toBeDisabled();
  await expect(page.getByTestId('minicart-remove')).toHaveCount(0);
  // the server kept the bundle: its id on every line, one instance, prices below the ordinary ones
  await expect
    .poll(async () => (await cartLines(page)).map((l) => [l.sku, l.quantity, l.upselling_bundle_id]))
    .toEqual(bundlePage.lines.map((l) => [l.sku, l.quantity, bundlePage.bundleId]));
  const bundled = await cartLines(page);
  expect(new Set(bundled.map((l) => l.unique_bundle_id)).size).toBe(1);

  await page.keyboard.press('Escape');
  await page.locator('button[data-testid="add-to-cart"][data-variant="page"]').click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(bundlePage.lines.length + 1);
  const plain = page.locator(`[data-testid="minicart-line"][data-sku="${bundlePage.sku}"]`).last();
  await expect(plain.getByTestId('minicart-qty')).toBeEnabled();
  await expect
    .poll(async () => (await cartLines(page)).map((l) => [l.sku, l.quantity, l.upselling_bundle_id ?? null]))
    .toEqual([...bundlePage.lines.map((l) => [l.sku, l.quantity, bundlePage.bundleId]), [bundlePage.sku, 1, null]]);
  const after = await cartLines(page);
  expect(after.at(-1)!.price).toBeGreaterThan(after[0].price); // the ordinary line pays the ordinary price
  expect(errors).toEqual([]);
});

test('the variant is picked once and kept across reloads in the tab', async ({ page }) => {
  await page.goto(bundlePage.url);
  await hydrated(page);
  const picked = await storedVariant(page);
  expect(['original', 'upselling']).toContain(picked);
  for (let i = 0; i < 3; i++) {
    await page.reload();
    await hydrated(page);
    expect(await storedVariant(page)).toBe(picked);
    await expect(page.getByTestId('accessories')).toHaveAttribute('data-variant', picked!);
    await expect(page.getByTestId(`accessories-${picked}`)).toBeVisible();
  }
});

test('both variants are in the static HTML, original shown; the block takes the same space either way', async ({ request, browser }) => {
  const html = await (await hostGet(request, 'sv', new URL(bundlePage.url).pathname)).text();
  expect(html).toContain('data-testid="accessories-original"');
  expect(html).toMatch(/data-testid="accessories-upselling"[^>]*inert/);
  expect(html).toMatch(/data-accessories data-variant="original"/);

  const box = async (variant: string) => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const p = await ctx.newPage();
    await consentGiven(p, sv);
    await withVariant(p, variant);
    await p.goto(bundlePage.url);
    await hydrated(p);
    await expect(p.getByTestId('accessories')).toHaveAttribute('data-variant', variant);
    const b = await p.getByTestId('accessories').boundingBox();
    await ctx.close();
    return b;
  };
  expect(await box('upselling')).toEqual(await box('original'));

  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const p = await noJs.newPage();
  await p.goto(bundlePage.url);
  await expect(p.getByTestId('accessories-original')).toBeVisible();
  await expect(p.getByTestId('accessories-upselling')).toBeHidden();
  await noJs.close();
});
