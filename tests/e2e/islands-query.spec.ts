import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hostGet, hydrated } from './islands-fixtures.ts';
import { encodeAtc } from '#lib/page-behaviour/query-params.ts';
import { openDb } from '#server/db/connection.ts';
import { TEST_SQLITE_FILE } from '#tests/support/test-env.ts';

const sv = origin('sv');
test.beforeEach(async ({ page }) => consentGiven(page, sv));
const session = (page: import('@playwright/test').Page, key: string) =>
  page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) ?? 'null'), key);
const local = (page: import('@playwright/test').Page, key: string) =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null'), key);

test('?disc stores a valid code in the session discount store; an invalid one is ignored', async ({ page }) => {
  await page.goto(sv + '/?disc=SPRING-24');
  await expect.poll(async () => (await session(page, 'td02:discount'))?.disc).toBe('SPRING-24');
  await expect(page).toHaveURL(sv + '/');
  await page.goto(sv + '/?disc=a!');
  await page.waitForLoadState('networkidle');
  expect((await session(page, 'td02:discount')).disc).toBe('SPRING-24');
});

test('campaign parameters are captured with location and referrer; overrides go to the experiment store', async ({ page }) => {
  await page.goto(sv + '/?utm_source=news&utm_campaign=spring&gclid=G1&search_provider=internal&stock_dates=days_date_format');
  await expect.poll(async () => (await local(page, 'td02:cart'))?.campaignData?.utm_source).toBe('news');
  const cart = await local(page, 'td02:cart');
  expect(cart.campaignData).toMatchObject({ utm_campaign: 'spring', gclid: 'G1' });
  expect(cart.campaignData.location).toContain('utm_source=news');
  expect((await session(page, 'td02:experiment')).overrides).toEqual({ search_provider: 'internal', stock_dates: 'days_date_format' });
  expect((await local(page, 'td02:personalisation')).campaign).toMatchObject({ utm_source: 'news' });
});

test('?atc preloads the cart through sync-cart', async ({ page }) => {
  const [a, b] = await demoProducts('sv', 2);
  const sent = page.waitForRequest((r) => r.url().includes('/api/sync-cart'));
  await page.goto(
    sv +
      '/?atc=' +
      encodeURIComponent(
        encodeAtc([
          { sku: a.sku, quantity: 2 },
          { sku: b.sku, quantity: 1 },
        ]),
      ),
  );
  const body = (await sent).postDataJSON() as { items: { sku: string; quantity: number }[]; coupons?: unknown };
  expect(body.items.map((i) => [i.sku, i.quantity])).toEqual([
    [a.sku, 2],
    [b.sku, 1],
  ]);
  expect(body.coupons).toBeUndefined();
  await expect(page.getByTestId('minicart')).toBeVisible();
  await expect(page.getByTestId('minicart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await expect(page).toHaveURL(sv + '/');
});

test('discount route: known category → that listing, else home; code as disc, other params kept; short code → 404', async ({ request }) => {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  const cat = await db
    .selectFrom('category_translations')
    .select(['slug'])
    .where('locale', '=', 'sv')
    .orderBy('category_id')
    .executeTakeFirstOrThrow();
  await db.destroy();
  const opts = { maxRedirects: 0 };
  const toCat = await hostGet(request, 'sv', `/rabatt/${cat.slug}/SAVE10?utm_source=x`, opts);
  expect(toCat.status()).toBe(302);
  const loc = new URL(toCat.headers().location, sv);
  expect(loc.pathname).toMatch(new RegExp(`^/kategori/(.+/)?${cat.slug}$`));
  expect(loc.searchParams.get('disc')).toBe('SAVE10');
  expect(loc.searchParams.get('utm_source')).toBe('x');
  const home = await hostGet(request, 'sv', '/rabatt/no-such-category/SAVE10', opts);
  expect(new URL(home.headers().location, sv).pathname + new URL(home.headers().location, sv).search).toBe('/?disc=SAVE10');
  const plain = await hostGet(request, 'fi', '/rabatt/KOODI5?a=1', opts);
  expect(new URL(plain.headers().location, sv).search).toBe('?a=1&disc=KOODI5');
  expect((await hostGet(request, 'sv', '/rabatt/ab', opts)).status()).toBe(404);
  expect((await hostGet(request, 'sv', '/rabatt/a-b-c', opts)).status()).toBe(404);
});

test('breadcrumb history keeps the last 5 targets and skips a repeated one', async ({ page }) => {
  for (const path of ['/', '/', '/sok?q=a1', '/sok?q=a1', '/x1', '/x2', '/x3']) await page.goto(sv + path);
  await expect
    .poll(async () => (await local(page, 'td02:history'))?.breadcrumbs.map((e: { target: string }) => e.target))
    .toEqual(['/', '/sok?q=a1', '/x1', '/x2', '/x3']);
  await page.goto(sv + '/x4');
  await expect
    .poll(async () => (await local(page, 'td02:history'))?.breadcrumbs.map((e: { target: string }) => e.target))
    .toEqual(['/sok?q=a1', '/x1', '/x2', '/x3', '/x4']);
});

test('recently viewed: a product page adds itself, newest first, no duplicates', async ({ page }) => {
  const ps = await demoProducts('sv', 6);
  for (const p of [...ps, ps[5]]) {
    await page.goto(sv + p.url);
    await expect(page.getByTestId('add-to-cart').first()).toBeEnabled();
  }
  const h = await local(page, 'td02:history');
  expect(h.recentlyViewed.map((x: { sku: string }) => x.sku)).toEqual(
    ps
      .slice(1)
      .map((p) => p.sku)
      .reverse(),
  );
  // the product page lists them, without itself
  const shown = page.getByTestId('recently-viewed').locator('li');
  await expect(shown).toHaveCount(4);
  expect(await shown.evaluateAll((lis) => lis.map((li) => (li as HTMLElement).dataset.sku))).toEqual(
    ps
      .slice(1, 5)
      .map((p) => p.sku)
      .reverse(),
  );
});

test('the header shrinks after 40 px of scrolling', async ({ page }) => {
  await page.goto(sv + '/');
  await hydrated(page);
  const header = page.getByTestId('site-header');
  await expect(header).not.toHaveClass(/is-shrunk/);
  await page.evaluate(() => scrollTo(0, 30));
  await page.waitForTimeout(100);
  await expect(header).not.toHaveClass(/is-shrunk/);
  await page.evaluate(() => scrollTo(0, 41));
  await expect(header).toHaveClass(/is-shrunk/);
});

test('mobile: selling points rotate every 3000 ms', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const page = await ctx.newPage();
  await consentGiven(page, sv);
  await page.clock.install();
  await page.goto(sv + '/');
  // The indexes of the selling points on show, each with its width: exactly one, wide enough to read (never squeezed to 0 px).
  const visible = () =>
    page
      .locator('.usps li')
      .evaluateAll((lis) =>
        lis.flatMap((li, i) => (getComputedStyle(li).display === 'none' ? [] : [[i, li.getBoundingClientRect().width > 100]])),
      );
  await expect.poll(visible).toEqual([[0, true]]);
  await page.clock.runFor(3000);
  await expect.poll(visible).toEqual([[1, true]]);
  await page.clock.runFor(3000);
  await expect.poll(visible).toEqual([[2, true]]);
  await page.clock.runFor(3000);
  await expect.poll(visible).toEqual([[0, true]]);
  await expect(page.locator('.usps li').first()).toBeVisible();
  await ctx.close();
});
