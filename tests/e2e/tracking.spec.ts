/**
 * Measuring the shop in the browser (docs/product/tracking.md): with consent the dataLayer gets page_view 250 ms
 * after a navigation and the GA4 ecommerce events with the server's figures, the personalisation service is
 * asked and told of the purchase; without consent nothing non-essential happens; the tag manager loads only
 * where a container is configured and consent given; social proof per experiment and threshold; the locale cookie.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { LOCALES } from '#lib/market/locales.ts';
import { openDb } from '#server/db/connection.ts';
import { htmlCspFor } from '#server/http/html-csp.ts';
import { hourBucket } from '#lib/tracking/social-proof.ts';
import { unitPrice } from '#lib/pricing/tiers.ts';
import { pathFor } from '#lib/routing/routes.ts';
import type { CartState } from '#lib/cart/client-state.ts';
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';
import { origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, line, seedCart } from './islands-fixtures.ts';
import { checkoutApi, chooseShipping, CUSTOMERS, fillCustomer, ordersOf, payByInvoiceAndPlace, SANDBOX } from './checkout-fixtures.ts';

const sv = origin('sv');

/** Every dataLayer entry with the page time it was pushed at (installed before the page's own scripts). */
async function recordDataLayer(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const times: number[] = [];
    const dl: unknown[] = [];
    dl.push = function (...items: unknown[]) {
      for (const _ of items) times.push(performance.now());
      return Array.prototype.push.apply(this, items);
    };
    Object.assign(window, { dataLayer: dl, __dlTimes: times });
  });
}

type Entry = Record<string, unknown>;
/** The entries that are objects (gtag's consent calls are `arguments` objects: kept as arrays). */
const dataLayer = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).map((e, i) => ({
      entry: (typeof e === 'object' && e && 'length' in (e as object) ? Array.from(e as ArrayLike<unknown>) : e) as unknown,
      at: (window as unknown as { __dlTimes?: number[] }).__dlTimes?.[i] ?? -1,
    })),
  );
const events = async (page: Page, name: string) =>
  (await dataLayer(page)).map((x) => x.entry as Entry).filter((e) => e && !Array.isArray(e) && e.event === name);
const oneEvent = async (page: Page, name: string) => {
  await expect.poll(async () => (await events(page, name)).length, { message: name }).toBe(1);
  return (await events(page, name))[0]!;
};
/** The newest event of a name once `ready` holds for it (a choice may be answered more than once). */
const latestEvent = async (page: Page, name: string, ready: (e: Entry) => boolean) => {
  await expect.poll(async () => (await events(page, name)).filter(ready).length, { message: name }).toBeGreaterThan(0);
  return (await events(page, name)).at(-1)!;
};

/** Requests of the page that leave the shop (any host but *.localhost and the local sandbox). */
function externalRequests(page: Page): string[] {
  const out: string[] = [];
  page.on('request', (r: Request) => {
    const host = new URL(r.url()).hostname;
    if (!host.endsWith('localhost') && host !== '127.0.0.1') out.push(r.url());
  });
  return out;
}

const sandboxTracking = async () =>
  (await (await fetch(`${SANDBOX}/depict/_sandbox/tracking`)).json()) as {
    received: { body: Record<string, unknown>; answered: { id: string } | null }[];
  };

function sqlite<T>(fn: (db: ReturnType<typeof openDb>['db']) => Promise<T>): Promise<T> {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  return fn(db).finally(() => db.destroy());
}

/** Variants of the two social-proof experiments for this tab, through the storefront's running experiments. */
async function socialProofVariants(page: Page, recent: string, bought: string): Promise<void> {
  await page.route(/\/api\/experiments\?/, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        version: `social-${recent}-${bought}`,
        experiments: [
          { name: 'recent_product_views', variants: [{ name: recent, weight: 1 }] },
          { name: 'items_bought_today', variants: [{ name: bought, weight: 1 }] },
        ],
      }),
    }),
  );
}

test('consent granted: page_view 250 ms after the navigation, view_item_list from the cards', async ({ page }) => {
  await consentGiven(page, sv, 31);
  await recordDataLayer(page);
  await page.goto(sv + '/kategori/tradgard');
  await hydrated(page);
  const view = await oneEvent(page, 'page_view');
  expect(view).toEqual({
    event: 'page_view',
    page_location: sv + '/kategori/tradgard',
    page_path: '/kategori/tradgard',
    page_title: await page.title(),
    page_referrer: '',
    page_locale: 'sv',
  });
  const timing = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const dl = window.dataLayer as Entry[];
    const i = dl.findIndex((e) => e.event === 'page_view');
    return { pushed: (window as unknown as { __dlTimes: number[] }).__dlTimes[i]!, interactive: nav.domInteractive };
  });
  expect(timing.pushed - timing.interactive).toBeGreaterThanOrEqual(250);
  expect(timing.pushed - timing.interactive).toBeLessThan(2000);

  const list = await oneEvent(page, 'view_item_list');
  const cards = await page
    .getByTestId('listing')
    .getByTestId('product-card')
    .evaluateAll((els) =>
      els.map((el) => ({
        sku: el.getAttribute('data-sku'),
        name: el.querySelector('[data-testid="product-link"]')!.textContent!.trim(),
        amount: Number(el.querySelector<HTMLElement>('[data-testid="price"]')!.dataset.amount),
      })),
    );
  const ecommerce = list.ecommerce as { currency: string; item_list_id: string; items: Entry[] };
  expect(ecommerce.currency).toBe('SEK');
  expect(ecommerce.item_list_id).toBe('/kategori/tradgard');
  expect(ecommerce.items).toEqual(
    cards.map((c, index) => ({
      item_id: c.sku,
      item_name: c.name,
      price: Math.round(c.amount * 100) / 100,
      quantity: 1,
      index,
      item_list_id: '/kategori/tradgard',
      item_list_name: expect.any(String),
    })),
  );

  // a listing swapped in under a new address is a navigation: another page_view and view_item_list
  await page.getByTestId('listing-sort').selectOption('name');
  await expect(page).toHaveURL(/\?sort=name$/);
  const sortedPath = new URL(page.url()).pathname + '?sort=name';
  await expect.poll(async () => (await events(page, 'page_view')).map((e) => e.page_path)).toEqual(['/kategori/tradgard', sortedPath]);
  expect((await events(page, 'page_view'))[1]!.page_referrer).toBe(sv + '/');
  await expect.poll(async () => (await events(page, 'view_item_list')).length).toBe(2);
  const sorted = (await events(page, 'view_item_list'))[1]!.ecommerce as { item_list_id: string; items: Entry[] };
  expect(sorted.item_list_id).toBe(sortedPath);
  const shown = await page
    .getByTestId('listing')
    .getByTestId('product-card')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-sku')));
  expect(sorted.items.map((i) => i.item_id)).toEqual(shown);
});

test('consent granted: view_item, add_to_cart, begin_checkout, shipping, payment and purchase with the server’s figures', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [product] = await demoProducts('sv', 1, { anyQuantity: false });
  await consentGiven(page, sv, 31);
  await recordDataLayer(page);
  await page.goto(sv + product!.url);
  await hydrated(page);

  // view_item: the page's price, brand and category trail (the breadcrumbs between home and the product)
  const crumbs = await page.getByTestId('breadcrumbs').locator('li').allTextContents();
  const categories = crumbs.slice(1, -1).map((s) => s.trim());
  const brand = (await page.getByTestId('product-brand').count())
    ? (await page.getByTestId('product-brand').textContent())!.trim()
    : undefined;
  const extras = {
    ...(brand ? { item_brand: brand } : {}),
    ...Object.fromEntries(categories.slice(0, 5).map((c, i) => [i ? `item_category${i + 1}` : 'item_category', c])),
  };
  const unit = Math.round(unitPrice(product!.prices, 1) * 100) / 100;
  const viewItem = await oneEvent(page, 'view_item');
  expect(viewItem).toEqual({
    event: 'view_item',
    ecommerce: {
      currency: 'SEK',
      value: unit,
      items: [{ item_id: product!.sku, item_name: product!.name, price: unit, quantity: 1, ...extras }],
    },
  });

  // add_to_cart: priced from the sync answer
  await page.getByTestId('add-to-cart').first().click();
  const added = await oneEvent(page, 'add_to_cart');
  const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:cart')!) as CartState);
  const answered = cart.items.find((i) => i.sku === product!.sku)!;
  expect(added).toEqual({
    event: 'add_to_cart',
    ecommerce: {
      currency: 'SEK',
      value: answered.price,
      items: [{ item_id: product!.sku, item_name: answered.name, price: answered.price, quantity: 1, ...extras }],
    },
  });
  // GA4's advice: the ecommerce object is cleared before each ecommerce event
  const entries = (await dataLayer(page)).map((x) => x.entry as Entry);
  expect(entries[entries.findIndex((e) => e.event === 'add_to_cart') - 1]).toEqual({ ecommerce: null });

  // begin_checkout: the checkout's own answer
  await page.goto(sv + '/checkout');
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  const checkoutId = new URL(page.url()).pathname.split('/').pop()!;
  const begin = await oneEvent(page, 'begin_checkout');
  const opened: CheckoutView = await checkoutApi(page, 'sv', checkoutId);
  const goods = (opened.totals.goods_minor - opened.totals.discount_minor) / 100;
  const checkoutItems = opened.items.map((l) => ({ item_id: l.sku, item_name: l.name, price: l.price, quantity: l.quantity }));
  expect(begin).toEqual({ event: 'begin_checkout', ecommerce: { currency: 'SEK', value: goods, items: checkoutItems } });

  await fillCustomer(page, CUSTOMERS.sv);
  const home = await chooseShipping(page, 'home');
  await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);
  const chosen = await checkoutApi(page, 'sv', checkoutId);
  const option = chosen.shipping_options.find((o) => o.id === chosen.shipping_option_id)!;
  expect(home.text).toContain(option.name);
  const shipping = await latestEvent(
    page,
    'add_shipping_info',
    (e) => (e.ecommerce as Entry).shipping_tier === `${option.carrier} ${option.name}`,
  );
  expect(shipping).toEqual({
    event: 'add_shipping_info',
    ecommerce: { currency: 'SEK', value: goods, items: checkoutItems, shipping_tier: `${option.carrier} ${option.name}` },
  });

  await payByInvoiceAndPlace(page);
  const purchase = await oneEvent(page, 'purchase');
  const [order] = await ordersOf(checkoutId);
  const details = JSON.parse(order!.details) as {
    lines: { sku: string; name: string; quantity: number; unit_price_minor: number }[];
    totals: { total_minor: number; vat_minor: number; shipping_minor: number; currency: string };
  };
  await expect(page.getByTestId('order-number')).toHaveText(order!.id);
  expect(purchase).toEqual({
    event: 'purchase',
    ecommerce: {
      transaction_id: order!.id,
      currency: 'SEK',
      value: details.totals.total_minor / 100,
      tax: details.totals.vat_minor / 100,
      shipping: details.totals.shipping_minor / 100,
      items: details.lines.map((l) => ({
        item_id: l.sku,
        item_name: l.name,
        price: l.unit_price_minor / 100,
        quantity: l.quantity,
        ...extras,
      })),
    },
  });

  // the confirmation is a personal page: reported by its route's pattern, never with the checkout id
  expect(await oneEvent(page, 'page_view')).toMatchObject({
    page_path: '/checkout/confirmation/:id',
    page_location: sv + '/checkout/confirmation/:id',
    page_title: 'checkout-confirmation-id',
  });
  expect(JSON.stringify((await dataLayer(page)).map((x) => x.entry))).not.toContain(checkoutId);

  // the personalisation service: a visitor id kept in the slice, and the purchase reported for it
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('td02:personalisation')!) as { userId: string }).userId);
  expect(userId).toMatch(/^[0-9a-f-]{36}$/);
  await expect
    .poll(async () => (await sandboxTracking()).received.find((c) => c.body.id === userId && c.body.event === 'purchase')?.body)
    .toMatchObject({ transaction_id: order!.id, value_minor: details.totals.total_minor, currency: 'SEK' });

  // a reload of the confirmation reports nothing twice
  await page.reload();
  await hydrated(page);
  await page.waitForTimeout(600);
  expect(await events(page, 'purchase')).toHaveLength(0);
});

test('add_payment_info when the answered payment method changes on the checkout page', async ({ page }) => {
  const [product] = await demoProducts('sv', 2);
  await consentGiven(page, sv, 31);
  await recordDataLayer(page);
  await seedCart(page, [line(product!, 2)]);
  await page.goto(sv + '/checkout');
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  const checkoutId = new URL(page.url()).pathname.split('/').pop()!;
  await fillCustomer(page, CUSTOMERS.sv);
  await chooseShipping(page, 'home');
  const invoice = page.locator('[data-testid="checkout-payment-method"][data-provider="invoice"]').first();
  await invoice.locator('input').check();
  await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);
  const v = await checkoutApi(page, 'sv', checkoutId);
  const method = v.payment_methods.find((m) => m.id === v.payment_method)!;
  expect(method.provider).toBe('invoice');
  const pay = await latestEvent(page, 'add_payment_info', (e) => (e.ecommerce as Entry).payment_type === method.name);
  expect(pay).toEqual({
    event: 'add_payment_info',
    ecommerce: {
      currency: 'SEK',
      value: (v.totals.goods_minor - v.totals.discount_minor) / 100,
      items: v.items.map((l) => ({ item_id: l.sku, item_name: l.name, price: l.price, quantity: 2 })),
      payment_type: method.name,
    },
  });

  // remove_from_cart: the mini cart's remove answered by the server
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('minicart-open').click();
  await page.getByTestId('minicart-remove').first().click();
  const removed = await oneEvent(page, 'remove_from_cart');
  expect(removed).toEqual({
    event: 'remove_from_cart',
    ecommerce: {
      currency: 'SEK',
      value: Math.round(v.items[0]!.price * 100 * 2) / 100,
      items: [{ item_id: product!.sku, item_name: v.items[0]!.name, price: v.items[0]!.price, quantity: 2 }],
    },
  });
});

test('a failed purchase report to the personalisation service goes to /captuerr; the next visit of the page reports it', async ({
  page,
}) => {
  const [product] = await demoProducts('sv', 3);
  await consentGiven(page, sv, 31);
  await seedCart(page, [line(product!, 1)]);
  await page.goto(sv + '/checkout');
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  const checkoutId = new URL(page.url()).pathname.split('/').pop()!;
  await expect.poll(() => page.evaluate(() => localStorage.getItem('td02:personalisation') ?? '')).toContain('"userId":"');
  const userId = await page.evaluate(() => (JSON.parse(localStorage.getItem('td02:personalisation')!) as { userId: string }).userId);
  await fillCustomer(page, CUSTOMERS.sv);
  await chooseShipping(page, 'home');
  const fail = await fetch(`${SANDBOX}/depict/_sandbox/tracking`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fail: 1, id: userId }),
  });
  expect(fail.status).toBe(200);
  await payByInvoiceAndPlace(page);
  const [order] = await ordersOf(checkoutId);
  const message = `purchase tracking failed: personalisation service, order ${order!.id}, status 503`;
  const logged = () =>
    sqlite((db) => db.selectFrom('client_errors').select(['level', 'locale', 'url']).where('message', '=', message).execute());
  await expect.poll(async () => (await logged()).length).toBe(1);
  expect((await logged())[0]).toEqual({ level: 'warning', locale: 'sv', url: page.url() });
  // not marked as reported: opening the confirmation again reports the purchase (and logs nothing new)
  await page.reload();
  await expect
    .poll(async () => (await sandboxTracking()).received.some((c) => c.body.event === 'purchase' && c.body.transaction_id === order!.id))
    .toBe(true);
  expect(await logged()).toHaveLength(1);
});

test('consent denied: no tracking events, no personalisation call, no external request; the view count carries only the sku', async ({
  page,
}) => {
  const [product] = await demoProducts('sv', 1);
  const external = externalRequests(page);
  const views: string[] = [];
  const personal: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/product-views')) views.push(r.postData() ?? '');
    if (r.url().includes('/api/personalisation')) personal.push(r.url());
  });
  await consentGiven(page, sv, 1);
  await recordDataLayer(page);
  await page.goto(sv + product!.url);
  await hydrated(page);
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('minicart')).toBeVisible();
  await page.waitForTimeout(1500);
  const entries = (await dataLayer(page)).map((x) => x.entry);
  // only Consent Mode's own calls and their saved-choice update
  expect(entries.every((e) => Array.isArray(e) && e[0] === 'consent')).toBe(true);
  expect(views.map((b) => JSON.parse(b) as unknown)).toEqual([{ sku: product!.sku }]);
  expect(personal).toEqual([]);
  expect(external).toEqual([]);
  await expect(page.locator('script[src*="googletagmanager"]')).toHaveCount(0);

  // the visitor then accepts everything in the bar on another page: what this page saw goes in now
  await page.context().clearCookies();
  await page.goto(sv + '/kategori/tradgard');
  await expect(page.getByTestId('consent-bar')).toBeVisible();
  await page.waitForTimeout(600);
  expect(await events(page, 'page_view')).toHaveLength(0);
  await page.getByTestId('consent-accept-all').click();
  expect((await oneEvent(page, 'page_view')).page_path).toBe('/kategori/tradgard');
  expect(await events(page, 'view_item_list')).toHaveLength(1);
});

/** The page as a storefront with a configured container would serve it, CSP recomputed by the host's own rule. */
async function withContainer(page: Page): Promise<string[]> {
  const loads: string[] = [];
  await page.route(`${sv}/kategori/tradgard`, async (route) => {
    // Node does not resolve *.localhost: fetch from 127.0.0.1 with the storefront's Host
    const res = await route.fetch({
      url: `http://127.0.0.1:${new URL(sv).port}/kategori/tradgard`,
      headers: { ...route.request().headers(), host: new URL(sv).host },
    });
    const html = (await res.text()).replace(
      /<script type="application\/json" id="pf-tracking-props">\{"gtm":null/,
      '<script type="application/json" id="pf-tracking-props">{"gtm":"GTM-TEST123"',
    );
    expect(html).toContain('"gtm":"GTM-TEST123"');
    await route.fulfill({ response: res, body: html, headers: { ...res.headers(), 'content-security-policy': htmlCspFor(html) } });
  });
  await page.route('https://www.googletagmanager.com/**', (route) => {
    loads.push(route.request().url());
    return route.fulfill({ contentType: 'text/javascript', body: 'window.__gtmRan = true;' });
  });
  return loads;
}

test('tag manager: none configured → nothing external even with consent; configured → loaded only after consent, CSP allows it', async ({
  page,
}) => {
  const external = externalRequests(page);
  await consentGiven(page, sv, 31);
  await page.goto(sv + '/kategori/tradgard');
  await hydrated(page);
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => JSON.parse(document.getElementById('pf-tracking-props')!.textContent!).gtm)).toBeNull();
  expect(external).toEqual([]);

  await page.context().clearCookies();
  const loads = await withContainer(page);
  await page.goto(sv + '/kategori/tradgard');
  await expect(page.getByTestId('consent-bar')).toBeVisible();
  await page.waitForTimeout(500);
  expect(loads).toEqual([]);
  await page.getByTestId('consent-accept-all').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __gtmRan?: boolean }).__gtmRan === true)).toBe(true);
  expect(loads).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-TEST123']);
  const start = (await dataLayer(page)).map((x) => x.entry as Entry).find((e) => e.event === 'gtm.js');
  expect(start?.['gtm.start']).toEqual(expect.any(Number));

  // only necessary: the container stays away
  await page.context().clearCookies();
  await consentGiven(page, sv, 1);
  loads.length = 0;
  await page.goto(sv + '/kategori/tradgard');
  await hydrated(page);
  await page.waitForTimeout(500);
  expect(loads).toEqual([]);
});

/** A product no other spec buys (not in stock) with `views` this hour and `bought` units in an order today. */
async function productWithActivity(index: number, views: number, bought: number) {
  return sqlite(async (db) => {
    const p = await db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .select(['p.sku', 't.slug'])
      .where('p.stock_status', '!=', 'in-stock')
      .orderBy('p.id', 'desc')
      .offset(index)
      .limit(1)
      .executeTakeFirstOrThrow();
    // rerunnable: this spec's earlier seeds of the product go first
    await db.deleteFrom('product_view_counts').where('sku', '=', p.sku).execute();
    await db.deleteFrom('orders').where('email', '=', 'social-proof@example.com').where('items', 'like', `%"${p.sku}"%`).execute();
    await db
      .insertInto('product_view_counts')
      .values({ locale: 'sv', sku: p.sku, hour: hourBucket(new Date()), views })
      .execute();
    await db
      .insertInto('orders')
      .values({
        id: `SP${Date.now()}${index}`,
        locale: 'sv',
        email: 'social-proof@example.com',
        customer_id: null,
        status: 'placed',
        currency: 'SEK',
        total: 1,
        items: JSON.stringify([{ sku: p.sku, name: 'x', quantity: bought, price: 1 }]),
        created_at: new Date().toISOString(),
      })
      .execute();
    return { sku: p.sku, url: sv + pathFor('product', 'sv', { slug: p.slug }) };
  });
}

test('social proof: shown after the wait above the thresholds with the variant shown, without shifting the page', async ({ page }) => {
  const p = await productWithActivity(0, 7, 3);
  await socialProofVariants(page, 'shown', 'shown');
  await consentGiven(page, sv, 1);
  await page.goto(p.url);
  await hydrated(page);
  const below = page.locator('.product__description');
  const before = (await below.boundingBox())!.y;
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('social-proof-viewed')).toHaveCount(0); // not before the wait
  // 7 seeded + this visit
  await expect(page.getByTestId('social-proof-viewed')).toHaveText('Visad 8 gånger det senaste dygnet', { timeout: 5000 });
  await expect(page.getByTestId('social-proof-bought')).toHaveText('3 sålda i dag');
  expect((await below.boundingBox())!.y).toBe(before);
  const slice = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:productpurchase')!) as Record<string, boolean>);
  expect(slice).toMatchObject({ productViewsRecently: true, itemsBoughtToday: true });
});

test('social proof: hidden with the variant hidden, and below the thresholds', async ({ page }) => {
  const busy = await productWithActivity(1, 40, 9);
  await socialProofVariants(page, 'hidden', 'hidden');
  await consentGiven(page, sv, 1);
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('/api/product-activity') && asked.push(r.url()));
  await page.goto(busy.url);
  await hydrated(page);
  await page.waitForTimeout(4000);
  await expect(page.getByTestId('social-proof').locator('*')).toHaveCount(0);
  expect(asked).toEqual([]); // hidden: the counts are not even asked for
  const slice = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:productpurchase')!) as Record<string, boolean>);
  expect(slice).toMatchObject({ productViewsRecently: false, itemsBoughtToday: false });

  const quiet = await productWithActivity(2, 3, 1);
  await page.unroute(/\/api\/experiments\?/);
  await page.evaluate(() => sessionStorage.clear());
  await socialProofVariants(page, 'shown', 'shown');
  await page.goto(quiet.url);
  await hydrated(page);
  await expect.poll(() => asked.length, { timeout: 6000 }).toBe(1);
  await page.waitForTimeout(500);
  // 4 views (3 + this one) and 1 sold: both under the thresholds (5 and 2)
  await expect(page.getByTestId('social-proof').locator('*')).toHaveCount(0);
});

/** The stock_dates experiment running with one variant for this tab. */
async function stockDatesVariant(page: Page, variant: string): Promise<void> {
  await page.route(/\/api\/experiments\?/, (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        version: `stock-${variant}`,
        experiments: [{ name: 'stock_dates', variants: [{ name: variant, weight: 1 }] }],
      }),
    }),
  );
}

test('stock status dates follow the stock_dates experiment through the productpurchase slice; the page override wins', async ({ page }) => {
  const backOrder = await sqlite((db) =>
    db
      .selectFrom('products as p')
      .innerJoin('product_translations as t', (j) => j.onRef('t.product_id', '=', 'p.id').on('t.locale', '=', 'sv'))
      .select('t.slug')
      .where('p.stock_status', '=', 'back-order-quick')
      .orderBy('p.id')
      .executeTakeFirstOrThrow(),
  );
  const url = sv + pathFor('product', 'sv', { slug: backOrder.slug });
  const label = page.getByTestId('stock-status').locator('.stock__label');
  const slice = () =>
    page.evaluate(
      () => (JSON.parse(localStorage.getItem('td02:productpurchase') ?? '{}') as { stockStatusDates?: boolean }).stockStatusDates,
    );
  await consentGiven(page, sv, 1);

  await stockDatesVariant(page, 'default_format');
  await page.goto(url);
  await expect(label).toHaveText('Slut i lager');
  await expect(page.getByTestId('delivery-estimate')).toHaveCount(0);
  await expect.poll(slice).toBe(false);
  // the next page of the tab holds the variant from the start
  await page.reload();
  await expect(label).toHaveText('Slut i lager');
  // this address's override wins over the variant
  await page.goto(url + '?stock_dates=days_date_format');
  await expect(label).toHaveText('Beställningsvara');
  await expect(page.getByTestId('delivery-estimate')).toHaveText(/^Leverans \S+ \d+ \S+ – \S+ \d+ \S+$/);
  await expect.poll(slice).toBe(true);

  const other = await page.context().newPage();
  await stockDatesVariant(other, 'days_date_format');
  await other.goto(url);
  await expect(other.getByTestId('stock-status').locator('.stock__label')).toHaveText('Beställningsvara');
  await expect(other.getByTestId('delivery-estimate')).toHaveText(/^Leverans \S+ \d+ \S+ – \S+ \d+ \S+$/);
  await expect.poll(() => other.evaluate(() => localStorage.getItem('td02:productpurchase'))).toContain('"stockStatusDates":true');
});

test('locale cookie: remembered for 365 days with the preferences consent, offered on the next visit; never without it', async ({
  page,
}) => {
  await consentGiven(page, sv, 31);
  await page.goto(sv + '/');
  await hydrated(page);
  await page.getByTestId('language-switcher').locator('a[data-locale="no"]').click();
  await page.waitForURL(/no\.localhost/);
  const cookie = (await page.context().cookies(sv)).find((c) => c.name === 'locale')!;
  expect(cookie).toMatchObject({ value: 'no', path: '/', sameSite: 'Lax', httpOnly: false, secure: false });
  const days = (cookie.expires - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);

  await page.goto(sv + '/');
  await hydrated(page);
  const hint = page.getByTestId('locale-hint');
  await expect(hint).toContainText(`Förra gången valde du ${LOCALES.no.name}.`);
  await expect(page.getByTestId('locale-hint-go')).toHaveAttribute('href', `${origin('no')}/`);
  await page.getByTestId('locale-hint-stay').click();
  await expect(hint).toHaveCount(0);
  expect((await page.context().cookies(sv)).find((c) => c.name === 'locale')?.value).toBe('sv');

  // only statistics: no preferences — a stored choice is forgotten, a new one is not stored
  await page.context().addCookies([{ name: 'locale', value: 'da', domain: 'sv.localhost', path: '/' }]);
  await consentGiven(page, sv, 5);
  await page.goto(sv + '/');
  await hydrated(page);
  await expect(page.getByTestId('locale-hint')).toHaveCount(0);
  expect((await page.context().cookies(sv)).find((c) => c.name === 'locale')).toBeUndefined();
  await page.getByTestId('language-switcher').locator('a[data-locale="da"]').click();
  await page.waitForURL(/da\.localhost/);
  expect((await page.context().cookies(sv)).find((c) => c.name === 'locale')).toBeUndefined();
});
