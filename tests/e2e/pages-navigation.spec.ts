/** Each storefront as a shopper clicks through it: home → category → product on localized paths. */
import { expect, test } from '@playwright/test';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { pathFor, ROUTES } from '#lib/routing/routes.ts';
import { generateDemoCatalogue } from '#server/seed/demo-generator.ts';
import { origin, TEST_PRODUCTS } from '#tests/support/test-env.ts';

const prefix = (pattern: string) => pattern.split('/')[1];

for (const code of LOCALE_CODES) {
  const l = LOCALES[code];
  test(`${code}: home → category → product through links, prices in ${l.currency}, hreflang, 404`, async ({ page }) => {
    await page.goto(origin(code) + '/');
    await page.getByTestId('main-menu').locator('a').first().click();
    await expect(page).toHaveURL(new RegExp(`^${origin(code)}/${prefix(ROUTES['product-category-all'].path[code])}/[a-z0-9-]+$`));
    await expect(page.getByTestId('category-name')).toBeVisible();
    await expect(page.getByTestId('breadcrumbs')).toBeVisible();

    // one level deeper through the subcategory chips, then into a product
    await page.getByTestId('subcategories').locator('a').first().click();
    await expect(page).toHaveURL(new RegExp(`/${prefix(ROUTES['product-category-all'].path[code])}/[a-z0-9-]+/[a-z0-9-]+$`));
    const card = page.getByTestId('product-card').first();
    const name = (await card.getByTestId('product-link').textContent())!.trim();
    await card.getByTestId('product-link').click();
    await expect(page).toHaveURL(new RegExp(`^${origin(code)}/${prefix(ROUTES.product.path[code])}/[a-z0-9-]+$`));
    await expect(page.getByTestId('product-name')).toHaveText(name);

    // price format per currency (docs/product/storefronts.md#currency-display): SEK/NOK/DKK 0 decimals, EUR 2
    const price = page.locator('.product__price [data-testid="price"]').first();
    await expect(price).toHaveAttribute('data-currency', l.currency);
    const text = (await price.locator('.price__amount').textContent())!.replace(/\s+/g, ' ').trim();
    if (l.currency === 'EUR') expect(text).toMatch(code === 'nl' ? /^€ \d{1,3}(\.\d{3})*,\d{2}$/ : /^\d{1,3}( \d{3})*,\d{2} €$/);
    else expect(text).toMatch(new RegExp(`^\\d{1,3}( \\d{3})* ${l.currencySymbol.replace('.', '\\.')}$`));

    // canonical on its own domain; hreflang alternates on all five domains with localized paths
    const canonical = await page.locator('link[rel=canonical]').getAttribute('href');
    expect(canonical).toBe(page.url());
    const alternates = await page
      .locator('link[rel=alternate][hreflang]')
      .evaluateAll((ls) => ls.map((x) => [x.getAttribute('hreflang'), x.getAttribute('href')]));
    expect(alternates).toHaveLength(5);
    for (const other of LOCALE_CODES) {
      const href = alternates.find(([lang]) => lang === LOCALES[other].iso)?.[1];
      expect(href, other).toMatch(new RegExp(`^${origin(other)}/${prefix(ROUTES.product.path[other])}/[a-z0-9-]+$`));
    }
    // the other storefront's page exists at that localized URL
    const nl = alternates.find(([lang]) => lang === 'nl-NL')![1]!;
    const product = page.url();
    expect((await page.goto(nl))?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl-NL');
    await page.goto(product);

    // client-side delivery dates replace the static day counts for delivery windows
    const stock = page.getByTestId('stock-status');
    if (await stock.getAttribute('data-min'))
      await expect(stock.getByTestId('delivery-estimate')).toHaveAttribute('data-to', /^\d{4}-\d{2}-\d{2}$/);

    const res = await page.goto(`${origin(code)}/${prefix(ROUTES.product.path[code])}/no-such-product-000`);
    expect(res?.status()).toBe(404);
    await expect(page.getByTestId('not-found')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', l.iso);
  });
}

test('back-orders read "out of stock" when delivery dates are off (stock_dates=default_format)', async ({ page }) => {
  // the deterministic catalogue the test build was made from
  const p = generateDemoCatalogue({ products: TEST_PRODUCTS }).products.find((x) => x.stock_status === 'back-order-quick')!;
  const url = origin('sv') + pathFor('product', 'sv', { slug: p.translations.sv!.slug });
  await page.goto(url + '?stock_dates=default_format');
  await expect(page.getByTestId('stock-status').locator('.stock__label')).toHaveText('Slut i lager');
  await expect(page.getByTestId('delivery-estimate')).toHaveCount(0);
  await page.goto(url);
  await expect(page.getByTestId('stock-status').locator('.stock__label')).toHaveText('Beställningsvara');
  await expect(page.getByTestId('delivery-estimate')).toHaveText(/^Leverans \S+ \d+ \S+ – \S+ \d+ \S+$/);
});

test('trust reviews load on a tall viewport with a short page, else after scrolling past 400 px, in the room kept for them', async ({
  browser,
}) => {
  const small = await browser.newPage({ viewport: { width: 1280, height: 700 } });
  await small.goto(origin('sv') + '/kategori/tradgard');
  await expect(small.getByTestId('trust-reviews-loaded')).toHaveCount(0);
  const footerTop = () => small.getByTestId('site-footer').evaluate((e) => e.getBoundingClientRect().top + window.scrollY);
  const before = await footerTop();
  await small.mouse.wheel(0, 600);
  await expect(small.getByTestId('trust-reviews-loaded')).toBeVisible();
  // its room was kept: loading it moves nothing below (a footer link clicked meanwhile stays where it was)
  expect(await footerTop()).toBe(before);
  await small.close();
  const tall = await browser.newPage({ viewport: { width: 1280, height: 1700 } });
  await tall.goto(origin('sv') + '/om-oss'); // a short content page
  await expect(tall.getByTestId('trust-reviews-loaded')).toHaveCount(1);
  await tall.close();
});

test('main menu opens the second category level on hover and keyboard focus (desktop)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(origin('da') + '/');
  const first = page.getByTestId('main-menu').locator(':scope > ul > li').first();
  const sub = first.getByTestId('main-menu-sub');
  await expect(sub).toBeHidden();
  await first.locator('a').first().hover();
  await expect(sub).toBeVisible();
  await expect(sub.locator('a').first()).toHaveAttribute('href', /^\/kategori\/[a-z0-9-]+\/[a-z0-9-]+$/);
  await page.mouse.move(1200, 700);
  await expect(sub).toBeHidden();
  await first.locator('a').first().focus();
  await expect(sub).toBeVisible();
});
