import { expect, test, type Locator, type Page } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, line, seedCart, watchErrors, type DemoProduct } from './islands-fixtures.ts';

const sv = origin('sv');
const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const kr = (n: number) => `${Math.round(n).toLocaleString('sv-SE').replace(/\s/g, ' ')} kr`;
let products: DemoProduct[];
let tiered: DemoProduct;

test.beforeAll(async () => {
  products = await demoProducts('sv', 3);
  [tiered] = await demoProducts('sv', 1, { tiered: true });
});

async function open(page: Page) {
  await hydrated(page);
  await page.getByTestId('minicart-open').click();
  await expect(page.getByTestId('minicart')).toBeVisible();
}

test.beforeEach(async ({ page }) => consentGiven(page, sv));

/** Add the same product twice: the mini cart opens, and the second add merges into the first line. */
async function addTwiceMerges(page: Page, button: Locator): Promise<void> {
  await expect(button).toBeEnabled();
  await button.click();
  await expect(page.getByTestId('minicart')).toBeVisible();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await button.click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  await expect(page.getByTestId('minicart-qty')).toHaveValue('2');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
}

test('an empty cart shows the empty-cart text and count 0', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(sv + '/');
  await open(page);
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(page.getByTestId('minicart-empty')).toHaveText('Din varukorg är tom');
  await expect(page.getByTestId('minicart-line')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('minicart')).toBeHidden();
  expect(errors).toEqual([]);
});

test('lines show thumbnail, linked name, quantity × unit price, stock text; total and count', async ({ page }) => {
  const errors = watchErrors(page);
  const [a, b] = products;
  await seedCart(page, [line(a, 2), line(b, 1)]);
  await page.goto(sv + '/');
  await expect(page.getByTestId('cart-count')).toHaveText('3');
  await open(page);
  const lines = page.getByTestId('minicart-line');
  await expect(lines).toHaveCount(2);
  const first = lines.first();
  await expect(first.getByRole('link', { name: a.name })).toHaveAttribute('href', `/produkt/${a.slug}`);
  await expect(first.locator('img')).toHaveAttribute('src', a.thumb?.url ?? '/images/placeholder.svg');
  await expect(first.getByTestId('minicart-line-price')).toHaveText(new RegExp(`^2 × `));
  await expect(first).toContainText('I lager');
  const pa = line(a, 2).price;
  const pb = line(b, 1).price;
  expect(text(await page.getByTestId('minicart-total').textContent())).toBe(kr(2 * pa + pb));
  await expect(page.getByTestId('minicart-checkout')).toHaveAttribute('href', '/checkout');
  expect(errors).toEqual([]);
});

test('spinner: tier price on quantity change, debounced to one sync, remove at 0', async ({ page }) => {
  const syncs: unknown[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/sync-cart')) syncs.push(r.postDataJSON());
  });
  await seedCart(page, [line(tiered, 1)]);
  await page.goto(sv + '/');
  await open(page);
  const row = page.getByTestId('minicart-line');
  const tier2 = tiered.prices.n[1];
  // quick clicks, well within the 250 ms debounce
  await row.getByRole('button', { name: 'Öka antal' }).evaluate((b, n) => {
    for (let i = 1; i < n; i++) (b as HTMLButtonElement).click();
  }, tier2.q);
  await expect(row.getByTestId('minicart-qty')).toHaveValue(String(tier2.q));
  await expect(row.getByTestId('minicart-line-price')).toHaveText(new RegExp(`^${tier2.q} × ${kr(tier2.p)}$`));
  await expect.poll(() => syncs.length).toBe(1);
  await page.waitForTimeout(400);
  expect(syncs.length).toBe(1); // clicks within 250 ms of each other are one update
  expect((syncs[0] as { items: { quantity: number }[] }).items[0].quantity).toBe(tier2.q);
  // remove link: immediate, then the empty text
  await row.getByTestId('minicart-remove').click();
  await expect(page.getByTestId('minicart-line')).toHaveCount(0);
  await expect(page.getByTestId('minicart-empty')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('typed quantities are forced to integers in 0–5000; non-numeric removes; unchanged sends nothing', async ({ page }) => {
  const syncs: { items: { quantity: number }[] }[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/sync-cart')) syncs.push(r.postDataJSON());
  });
  await page.route('**/api/sync-cart**', (route) => route.abort()); // keep the local lines: this test is about the spinner
  await seedCart(page, [line(products[0], 2), line(products[1], 1)]);
  await page.goto(sv + '/');
  await open(page);
  const qty = page.getByTestId('minicart-qty').first();
  await qty.fill('7.6');
  await qty.blur();
  await expect(qty).toHaveValue('7');
  await qty.fill('99999');
  await qty.blur();
  await expect(qty).toHaveValue('5000');
  await expect.poll(() => syncs.at(-1)?.items[0].quantity).toBe(5000);
  const before = syncs.length;
  await qty.fill('5000');
  await qty.blur();
  await page.waitForTimeout(400);
  expect(syncs.length).toBe(before); // no update when the value is unchanged
  await qty.fill('abc'); // non-numeric → the minimum (0) → the line is removed
  await qty.blur();
  await expect(page.getByTestId('minicart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
});

test('cross-sell, upsell and coupon lines have a disabled spinner and are never merged', async ({ page }) => {
  const p = products[0];
  await page.route('**/api/sync-cart**', (route) => route.abort());
  await seedCart(page, [line(p, 1, 'cs', { cross_selling_product_id: 99 }), line(p, 1, 'cp', { added_by_coupon: 'FREEBIE' })]);
  await page.goto(sv + '/');
  await open(page);
  const spinners = page.getByTestId('minicart-qty');
  await expect(spinners).toHaveCount(2);
  await expect(spinners.nth(0)).toBeDisabled();
  await expect(spinners.nth(1)).toBeDisabled();
  await expect(page.getByTestId('minicart-remove')).toHaveCount(0);
});

test('the cart survives a reload', async ({ page }) => {
  await page.route('**/api/sync-cart**', (route) => route.abort());
  await seedCart(page, [line(products[0], 1)]);
  await page.goto(sv + '/');
  await open(page);
  await page.getByTestId('minicart-line').getByRole('button', { name: 'Öka antal' }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await open(page);
  await expect(page.getByTestId('minicart-qty')).toHaveValue('2');
});

test('two tabs stay in sync', async ({ context }) => {
  const a = await context.newPage();
  await a.route('**/api/sync-cart**', (route) => route.abort());
  await seedCart(a, [line(products[0], 1)]);
  await a.goto(sv + '/');
  const b = await context.newPage();
  await b.goto(sv + '/');
  await hydrated(b);
  await expect(b.getByTestId('cart-count')).toHaveText('1');
  await open(a);
  await a.getByTestId('minicart-line').getByRole('button', { name: 'Öka antal' }).click();
  await expect(a.getByTestId('cart-count')).toHaveText('2');
  await expect(b.getByTestId('cart-count')).toHaveText('2');
  await a.getByTestId('minicart-remove').click();
  await expect(b.getByTestId('cart-count')).toHaveText('0');
});

test('every change syncs with the server and the panel renders its answer', async ({ page }) => {
  const p = products[0];
  // a stale local price: the server's price for the line wins
  await seedCart(page, [line(p, 1, 'u1', { price: 1, ordinary_price: 1 })]);
  await page.goto(sv + '/');
  await open(page);
  const answer = page.waitForResponse((r) => r.url().includes('/api/sync-cart') && r.request().method() === 'POST');
  await page.getByTestId('minicart-line').getByRole('button', { name: 'Öka antal' }).click();
  const res = await answer;
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { uuid: string; price: number; quantity: number }[];
  expect(body[0]).toMatchObject({ uuid: 'u1', quantity: 2 });
  await expect(page.getByTestId('minicart-line-price')).toHaveText(`2 × ${kr(body[0].price)}`);
  expect(body[0].price).toBeGreaterThan(1);
});

test('adjusted quantities from the server are shown as a danger notice', async ({ page }) => {
  const p = products[0];
  await seedCart(page, [line(p, 1)]);
  await page.goto(sv + '/');
  await open(page);
  const qty = page.getByTestId('minicart-qty');
  await qty.fill(String(p.stock_quantity + 1000));
  await qty.blur();
  const notice = page.getByTestId('minicart-adjusted');
  await expect(notice).toBeVisible();
  await expect(notice).toHaveClass(/notice--danger/);
  // the server's warning arrives as a text key and is shown translated, never as the key
  const warning = page.getByTestId('minicart-notice');
  await expect(warning).toHaveText('Vi har inte så många i lager – antalet har justerats.');
  await expect(warning).toHaveClass(/notice--warning/);
});

test('header and footer widgets come from the widget API', async ({ page }) => {
  await page.goto(sv + '/');
  await open(page);
  await expect(page.getByTestId('minicart-header-widget')).not.toBeEmpty();
  await expect(page.getByTestId('minicart-footer-widget')).toContainText('30 dagars öppet köp och trygg betalning');
});

test('add to cart on a product page opens the mini cart and merges a second add', async ({ page }) => {
  const p = products[0];
  await page.goto(sv + p.url);
  const button = page.getByTestId('add-to-cart').first();
  await addTwiceMerges(page, button);
});

test('fast add-to-cart sends a product with variations to its page', async ({ page }) => {
  const [v] = await demoProducts('sv', 1, { variations: true });
  test.skip(!v, 'no product with variations in the demo catalogue');
  await page.goto(sv + '/sok?q=' + encodeURIComponent(v.sku));
  const card = page.locator(`[data-sku="${v.sku}"]`).first();
  const link = card.getByTestId('add-to-cart');
  await expect(link).toHaveAttribute('href', v.url);
});

test('add to cart from a search result card merges by product and shows the count', async ({ page }) => {
  const p = products[1];
  await page.route('**/api/sync-cart**', (route) => route.abort());
  await page.goto(sv + '/sok?q=' + encodeURIComponent(p.sku));
  const button = page.locator(`[data-sku="${p.sku}"]`).getByTestId('add-to-cart');
  await addTwiceMerges(page, button);
});
