/**
 * The page cache is the browser's back/forward cache (docs/product/client-state.md#backforward-cache), here in
 * Chromium with it switched on: every catalogue page type is restored on "back", its header islands show the state
 * as it is now (the cart changed on another page of the tab); checkout and the order confirmation never are.
 */
import { expect, test, type Page } from '@playwright/test';
import { ACCESSIBILITY_STATEMENT_SLUG } from '#lib/content/accessibility-statement.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hostGet, hydrated, line, seedCart } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, openCheckoutWith, payByInvoiceAndPlace } from './checkout-fixtures.ts';
import { withDb } from './account-fixtures.ts';
import { navigationType, shows, watchRestores, withBfcache } from './page-cache-fixtures.ts';

const sv = origin('sv');
test.use(withBfcache);
test.beforeEach(async ({ page }) => consentGiven(page, sv));

/** Leaves the page for `to` and comes back with the back button. */
async function awayAndBack(page: Page, to: string): Promise<void> {
  await page.goto(sv + to);
  await hydrated(page);
  await page.goBack({ waitUntil: 'commit' });
  await hydrated(page);
}

test('every catalogue page type is restored from the back/forward cache', async ({ page }) => {
  test.setTimeout(90_000);
  const reasons = await watchRestores(page);
  const [product] = await demoProducts('sv', 1);
  const { brand, tag, model } = await withDb(async (db) => ({
    brand: (await db.selectFrom('brands').select('slug').orderBy('id').executeTakeFirstOrThrow()).slug,
    tag: (await db.selectFrom('tag_translations').select('slug').where('locale', '=', 'sv').orderBy('tag_id').executeTakeFirstOrThrow())
      .slug,
    model: (await db.selectFrom('appliance_models').select('slug').orderBy('id').executeTakeFirstOrThrow()).slug,
  }));
  await page.goto(sv + '/');
  await hydrated(page);
  const category = new URL(
    await page
      .getByTestId('main-menu')
      .locator('a')
      .first()
      .evaluate((a: HTMLAnchorElement) => a.href),
  ).pathname;
  const pages: Record<string, string> = {
    home: '/',
    category,
    'category listing page 2': `${category}/sida/2`,
    product: product!.url,
    brand: pathFor('brand-slug', 'sv', { slug: brand }),
    tag: pathFor('product-tag-slug', 'sv', { slug: tag }),
    model: pathFor('model-slug', 'sv', { slug: model }),
    content: `/${ACCESSIBILITY_STATEMENT_SLUG.sv}`,
  };
  const notRestored: Record<string, string> = {};
  for (const [label, path] of Object.entries(pages)) {
    reasons.length = 0;
    await page.goto(sv + path);
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { __pfMark: string }).__pfMark = 'still here'));
    await awayAndBack(page, path === '/' ? product!.url : '/');
    expect(new URL(page.url()).pathname).toBe(path);
    const kept = await page.evaluate(() => (window as unknown as { __pfMark?: string }).__pfMark);
    if (kept !== 'still here' || (await shows(page)).at(-1) !== true) notRestored[label] = reasons.join('; ');
  }
  expect(notRestored).toEqual({});
});

test('back to a category page restores it from the back/forward cache with the cart count right', async ({ page }) => {
  const reasons = await watchRestores(page);
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('main-menu').locator('a').first().click();
  await hydrated(page);
  const category = page.url();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await page.getByTestId('product-card').first().getByTestId('product-link').click();
  await expect(page.getByTestId('product-name')).toBeVisible();
  await hydrated(page);
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const name = (await page.getByTestId('product-name').textContent())!.trim();

  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(category);
  await expect.poll(() => shows(page), reasons.join('; ')).toEqual([false, true]);
  // the restored page shows the cart as it is now: the count, and the mini cart the line added on the product page
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByTestId('minicart-open').click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  await expect(page.getByTestId('minicart-line').getByRole('link', { name })).toBeVisible();

  // forward again: the product page, where the add and its sync-cart call were made, is restored as well
  await page.goForward({ waitUntil: 'commit' });
  await expect(page.getByTestId('product-name')).toHaveText(name);
  await expect.poll(() => shows(page), reasons.join('; ')).toEqual([false, true]);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('an open mini cart shows the lines added on another page once its page is restored', async ({ page }) => {
  const reasons = await watchRestores(page);
  const [a, b] = await demoProducts('sv', 2);
  await seedCart(page, [line(a!, 1)]);
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('minicart-open').click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  await page.getByTestId('minicart-line').getByRole('link', { name: a!.name }).click();
  await expect(page).toHaveURL(sv + a!.url);
  await page.goto(sv + b!.url);
  await hydrated(page);
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  await page.goBack({ waitUntil: 'commit' });
  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(sv + '/');
  await expect.poll(() => shows(page), reasons.join('; ')).toEqual([false, true]);
  await expect(page.getByTestId('minicart')).toBeVisible();
  await expect(page.getByTestId('minicart-line')).toHaveCount(2);
  await expect(page.getByTestId('cart-count')).toHaveText('2');
});

test('a restored page shows the VAT mode, login and saved models changed on another page', async ({ page }) => {
  const reasons = await watchRestores(page);
  const model = await withDb((db) => db.selectFrom('appliance_models').select('slug').orderBy('id').executeTakeFirstOrThrow());
  await page.goto(sv + '/');
  await hydrated(page);
  const price = page.getByTestId('price').first();
  const incl = await price.locator('.price__amount').textContent();
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'login');
  await expect(page.getByTestId('my-appliances-count')).toBeHidden();

  await page.goto(sv + pathFor('model-slug', 'sv', { slug: model.slug }));
  await hydrated(page);
  await page.getByTestId('save-model').click();
  await expect(page.getByTestId('my-appliances-count')).toHaveText('1');
  await page.getByTestId('vat-switch').click();
  await expect(page.getByTestId('vat-switch')).toHaveAttribute('data-vat', 'excl');
  // a login on this page: the slice the header reads (docs/product/accounts.md#browser-state)
  await page.evaluate(() =>
    localStorage.setItem(
      'td02:auth',
      JSON.stringify({
        loggedIn: true,
        strategy: 'myAccount',
        name: 'Ada',
        discount: {},
        orderId: null,
        expiresAt: Date.now() + 3_600_000,
      }),
    ),
  );

  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(sv + '/');
  await expect.poll(() => shows(page), reasons.join('; ')).toEqual([false, true]);
  await expect(page.getByTestId('my-appliances-count')).toHaveText('1');
  await expect(page.getByTestId('vat-switch')).toHaveAttribute('data-vat', 'excl');
  await expect(price).toHaveAttribute('data-shown-vat', 'excl');
  await expect(price.locator('.price__amount')).not.toHaveText(incl!);
  await expect(page.getByTestId('account-link')).toHaveAttribute('data-target', 'orders');
});

test('a coupon held on another page of the tab is in the mini cart of a restored page', async ({ page }) => {
  const reasons = await watchRestores(page);
  // BUNDLE50 (demo coupons): buy the first orderable in-stock product, get the second at half price
  const [a, b] = await demoProducts('sv', 2, { anyQuantity: true });
  await seedCart(page, [line(a!, 1), line(b!, 1)]);
  await page.goto(sv + '/');
  await hydrated(page);
  const coupons = page.waitForResponse((r) => r.url().includes('/api/sync-coupons'));
  await page.goto(sv + a!.url + '?disc=BUNDLE50');
  await coupons;
  await hydrated(page);

  await page.goBack({ waitUntil: 'commit' });
  await expect(page).toHaveURL(sv + '/');
  await expect.poll(() => shows(page), reasons.join('; ')).toEqual([false, true]);
  await page.getByTestId('minicart-open').click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(2);
  await expect(page.getByTestId('minicart-coupons')).toContainText('half price');
});

test('a restored page counts as a visit again (breadcrumb history), as its fresh load would', async ({ page }) => {
  const reasons = await watchRestores(page);
  const other = `/${ACCESSIBILITY_STATEMENT_SLUG.sv}`;
  await page.goto(sv + '/');
  await hydrated(page);
  await page.goto(sv + other);
  await hydrated(page);
  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => shows(page), reasons.join('; ')).toEqual([false, true]);
  const breadcrumbs = () =>
    page.evaluate(() =>
      (JSON.parse(localStorage.getItem('td02:history') ?? '{}') as { breadcrumbs?: { target: string }[] }).breadcrumbs?.map(
        (b) => b.target,
      ),
    );
  await expect.poll(breadcrumbs).toEqual(['/', other, '/']);
});

test('a restored page reports no cart change another page made meanwhile', async ({ page }) => {
  await consentGiven(page, sv, 31); // statistics consent: cart events go to the dataLayer (docs/product/tracking.md)
  const reasons = await watchRestores(page);
  const [a, b] = await demoProducts('sv', 2);
  await seedCart(page, [line(a!, 1)]);
  await page.goto(sv + '/');
  await hydrated(page);
  const events = () =>
    page.evaluate(() =>
      ((window as unknown as { dataLayer?: { event?: string }[] }).dataLayer ?? []).map((e) => e.event).filter((e) => e !== undefined),
    );
  await expect.poll(events).toEqual(['page_view']);
  // another page empties the cart, and reports that removal itself
  await page.goto(sv + b!.url);
  await hydrated(page);
  await page.getByTestId('minicart-open').click();
  await page.getByTestId('minicart-line').getByTestId('minicart-remove').click();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect.poll(events).toContain('remove_from_cart');

  await page.goBack({ waitUntil: 'commit' });
  await expect.poll(() => shows(page), reasons.join('; ')).toEqual([false, true]);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  // settled: the restored page took the emptied cart in as another page's change
  await page.waitForTimeout(500);
  expect(await events()).toEqual(['page_view']);
});

test('checkout is never restored from the back/forward cache', async ({ page, request }) => {
  const reasons = await watchRestores(page);
  const [product] = await demoProducts('sv', 1);
  const id = await openCheckoutWith(page, 'sv', [line(product!, 1)]);
  for (const path of [`/checkout/${id}`, '/my-account', '/my-account/orders', '/my-order', '/track-order'])
    expect((await hostGet(request, 'sv', path)).headers()['cache-control'], path).toBe('no-store');
  await hydrated(page);
  await page.evaluate(() => ((window as unknown as { __pfMark: string }).__pfMark = 'still here'));
  await page.goto(sv + '/');
  await hydrated(page);
  await page.goBack();
  await expect(page).toHaveURL(`${sv}/checkout/${id}`);
  await hydrated(page);
  // a fresh load of the back/forward entry: nothing of the page left before, the checkout drawn again
  expect(await shows(page)).toEqual([false]);
  expect(await navigationType(page)).toBe('back_forward');
  expect(await page.evaluate(() => (window as unknown as { __pfMark?: string }).__pfMark)).toBeUndefined();
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  expect(reasons.join('; ')).toContain('MainResourceHasCacheControlNoStore');
});

test('the order confirmation is never restored from the back/forward cache', async ({ page, request }) => {
  test.setTimeout(60_000);
  const reasons = await watchRestores(page);
  const [product] = await demoProducts('sv', 1);
  await openCheckoutWith(page, 'sv', [line(product!, 1)]);
  await fillCustomer(page, CUSTOMERS.sv);
  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  const confirmation = page.url();
  const answer = await hostGet(request, 'sv', new URL(confirmation).pathname);
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('no-store');
  await page.evaluate(() => ((window as unknown as { __pfMark: string }).__pfMark = 'still here'));
  await page.goto(sv + '/');
  await hydrated(page);
  await page.goBack();
  await expect(page).toHaveURL(confirmation);
  await expect(page.getByTestId('order-confirmation')).toBeVisible();
  await hydrated(page);
  expect(await shows(page)).toEqual([false]);
  expect(await navigationType(page)).toBe('back_forward');
  expect(await page.evaluate(() => (window as unknown as { __pfMark?: string }).__pfMark)).toBeUndefined();
  expect(reasons.join('; ')).toContain('MainResourceHasCacheControlNoStore');
});
