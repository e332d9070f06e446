/**
 * Request-time recommendations on the product page (docs/product/accessories.md#in-the-browser): a visitor whose
 * recommendation provider is `external` (here by the `?recommendation_provider=` override) gets the external
 * provider's list (the sandbox's Depict emulator) in place of the static one, with no layout shift (CLS measured
 * by a layout-shift PerformanceObserver); `internal` keeps the static list without asking; a failing call keeps it.
 */
import { expect, test, type Page } from '@playwright/test';
import { openDb } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { LOCALES } from '#lib/market/locales.ts';
import type { RecommendationCard } from '#lib/api/recommendation-contracts.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { formatPrice } from '#lib/pricing/money-format.ts';
import { displayAmount } from '#lib/pricing/vat.ts';
import { origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { consentGiven, hostGet, hydrated, watchErrors } from './islands-fixtures.ts';

const sv = origin('sv');
/** Product pages whose static block lists four accessories. */
let pages: { path: string; sku: string }[] = [];

test.beforeAll(async () => {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    const rows = await db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .where('p.orderable', '=', 1)
      .where('p.variations', '=', '[]')
      .select(['p.sku', 't.slug'])
      .orderBy('p.id')
      .limit(12)
      .execute();
    pages = rows.map((r) => ({ path: pathFor('product', 'sv', { slug: r.slug }), sku: r.sku }));
  } finally {
    await db.destroy();
  }
});

/** Sums every layout shift of the page from its start (buffered), as CLS counts them. */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: number[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__shifts.push(e.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
const shownSkus = (page: Page) =>
  page
    .locator('[data-testid="accessories-original"] [data-testid="accessory"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.sku));

/** The static list of a page, as its HTML carries it (before any script). */
async function staticSkus(request: Parameters<typeof hostGet>[0], path: string): Promise<string[]> {
  const html = await (await hostGet(request, 'sv', path)).text();
  return [...html.matchAll(/data-testid="accessory" data-sku="([^"]+)"/g)].map((m) => m[1]);
}

test.beforeEach(async ({ page }) => {
  await consentGiven(page, sv);
  // the `original` panel shown (the list this is about), whatever the accessories variant would have been
  await page.addInitScript(() => {
    if (!sessionStorage.getItem('td02:experiment'))
      sessionStorage.setItem('td02:experiment', JSON.stringify({ variants: { accessories: 'original' }, overrides: {} }));
  });
});

test('?recommendation_provider=external swaps in the external list in place, CLS 0', async ({ page, request }) => {
  const errors = watchErrors(page);
  await watchLayoutShifts(page);
  // a page with a full static block whose external list differs from it
  let chosen: { path: string; sku: string; statics: string[]; external: string[] } | undefined;
  for (const p of pages) {
    const statics = await staticSkus(request, p.path);
    if (statics.length !== 4) continue;
    const res = await hostGet(
      request,
      'sv',
      `/api/recommendations?locale=sv&sid=${LOCALES.sv.storeID}&sku=${p.sku}&provider=external&limit=4`,
    );
    expect(res.status()).toBe(200);
    const external = ((await res.json()) as { products: { sku: string }[] }).products.map((c) => c.sku);
    if (res.headers()['x-recommendation-provider'] === 'external' && external.join() !== statics.join()) {
      chosen = { ...p, statics, external };
      break;
    }
  }
  expect(chosen, 'a product page whose external list differs from its static one').toBeTruthy();
  const { path, statics, external } = chosen!;

  // the call waits until the static block has been measured
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route('**/api/recommendations**', async (route) => {
    await released;
    await route.continue();
  });
  const asked = page.waitForResponse((r) => r.url().includes('/api/recommendations'));
  await page.goto(`${sv}${path}?recommendation_provider=external`);
  await hydrated(page);
  const block = page.getByTestId('accessories');
  const box = () =>
    block.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y + scrollY, width: r.width, height: r.height };
    });
  expect(await shownSkus(page)).toEqual(statics);
  const boxBefore = await box();
  release();
  const answer = await asked;
  expect(answer.headers()['x-recommendation-provider']).toBe('external');
  await expect(block).toHaveAttribute('data-recommendation-swapped', 'true');
  expect(await shownSkus(page)).toEqual(external);
  expect(external).not.toEqual(statics);
  // nothing moved: the block keeps its box, and the page recorded no layout shift
  expect(await box()).toEqual(boxBefore);
  await page.waitForTimeout(300); // layout-shift entries are reported after the frame
  expect((await shifts(page)).reduce((a, b) => a + b, 0)).toBe(0);
  // the same card markup: name link, server price, a working add-to-cart carrying the product
  const first = page.locator('[data-testid="accessories-original"] [data-testid="accessory"]').first();
  const card = ((await answer.json()) as { products: RecommendationCard[] }).products[0];
  await expect(first.getByTestId('accessory-link')).toHaveText(card.name);
  await expect(first.getByTestId('accessory-link')).toHaveAttribute('href', card.url);
  // the server's price for one, shown incl. VAT like every static price of the page
  const amount = unitPrice(card.prices, 1);
  await expect(first.locator('.price__amount')).toHaveText(formatPrice(displayAmount(amount, card.vat, true, LOCALES.sv.currency), 'sv'));
  await expect(first.getByTestId('price')).toHaveAttribute('data-amount', String(amount));
  await first.getByTestId('add-to-cart').click();
  await expect
    .poll(() =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('td02:cart') ?? '{"items":[]}') as { items: { sku: string }[] }).items.map((i) => i.sku),
      ),
    )
    .toContain(card.sku);
  expect(errors).toEqual([]);
});

test('recommendation_provider=internal keeps the static list and asks nothing; a failing call keeps it too', async ({ page, request }) => {
  const p = pages[0];
  const statics = await staticSkus(request, p.path);
  expect(statics.length).toBeGreaterThan(0);
  let calls = 0;
  await page.route('**/api/recommendations**', async (route) => {
    calls++;
    await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"service_unavailable","message":"x"}}' });
  });
  await page.goto(`${sv}${p.path}?recommendation_provider=internal`);
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  expect(calls).toBe(0);
  expect(await shownSkus(page)).toEqual(statics);

  // the tab's override is kept; switching it to external asks, fails, and leaves the static list as it was
  await page.goto(`${sv}${p.path}?recommendation_provider=external`);
  await hydrated(page);
  await expect.poll(() => calls).toBe(1);
  await page.waitForLoadState('networkidle');
  expect(await shownSkus(page)).toEqual(statics);
  await expect(page.getByTestId('accessories')).not.toHaveAttribute('data-recommendation-swapped', /.*/);
});
