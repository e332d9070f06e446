/**
 * Helpers of the checkout e2e specs: the customer data per storefront (tests/support/checkout-customers.ts,
 * shared with the API suites) and the steps of a purchase through the real pages.
 */
import { expect, type Page } from '@playwright/test';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { ADDRESS_FIELDS, type TestCustomer } from '#tests/support/checkout-customers.ts';
import type { CheckoutView, PlaceOrderResponse, UpdateCheckoutRequest } from '#lib/api/checkout-contracts.ts';
import type { CartItem } from '#lib/cart/client-rules.ts';
import { parseOrderNumber } from '#lib/orders/order-number.ts';
import { openDb } from '#server/db/connection.ts';
import { formatAmount } from '#sandbox/shared/html-page.ts';
import { E2E_SANDBOX_PORT, origin, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { hydrated, seedCart, type DemoProduct } from './islands-fixtures.ts';

export { CUSTOMERS, type TestCustomer } from '#tests/support/checkout-customers.ts';

export const testId = (field: string) => `checkout-${field.replace(/_/g, '-')}`;

/** Product page → add to cart → mini cart → its checkout button → /checkout/{id}. Returns the checkout id. */
export async function startCheckout(page: Page, locale: LocaleCode, product: DemoProduct): Promise<string> {
  await page.goto(origin(locale) + product.url);
  await hydrated(page);
  await page.getByTestId('add-to-cart').first().click();
  await expect(page.getByTestId('minicart')).toBeVisible();
  const button = page.getByTestId('minicart-checkout');
  await expect(button).toHaveAttribute('href', '/checkout');
  await button.click();
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Fills the customer fields (a business buyer first switches the type and adds company and organisation number). */
export async function fillCustomer(page: Page, c: TestCustomer, business = false): Promise<void> {
  if (business) {
    await page.getByTestId('checkout-customer-type').locator('input[value="business"]').check();
    await page.getByTestId('checkout-company-name').fill(c.company_name);
    await page.getByTestId('checkout-organisation-number').fill(c.organisation_number);
  }
  for (const field of ADDRESS_FIELDS) {
    const input = page.getByTestId(testId(field));
    await input.fill(c[field]);
    await input.blur();
  }
  await expect(page.getByTestId('checkout-field-problem')).toHaveCount(0);
}

/** Picks the first option of a kind; a service-point option also gets its first service point. Returns the option's label text. */
export async function chooseShipping(page: Page, kind: 'home' | 'service_point'): Promise<{ text: string; servicePoint?: string }> {
  const option = page.locator(`[data-testid="checkout-shipping-option"][data-kind="${kind}"]`).first();
  await expect(option).toBeVisible();
  await option.locator('input').check();
  await expect(option.locator('input')).toBeChecked();
  const text = (await option.locator('.choice__name').textContent())!.trim();
  if (kind !== 'service_point') return { text };
  const select = page.getByTestId('checkout-service-point');
  await expect(select.locator('option:not([disabled])').first()).toBeAttached();
  const value = await select.locator('option:not([disabled])').first().getAttribute('value');
  await select.selectOption(value!);
  await expect(select).toHaveValue(value!);
  const name = (await select.locator(`option[value="${value}"]`).textContent())!.split(' – ')[0];
  return { text, servicePoint: name };
}

/** The shop's own invoice (consumer or business), the terms, place order → the confirmation page. */
export async function payByInvoiceAndPlace(page: Page): Promise<string> {
  const invoice = page.locator('[data-testid="checkout-payment-method"][data-provider="invoice"]').first();
  await invoice.locator('input').check();
  await expect(invoice.locator('input')).toBeChecked();
  await page.getByTestId('checkout-terms').check();
  // wait until the last choice is saved (the totals stop being busy) before reading the total to pay
  await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);
  const total = (await page.getByTestId('checkout-total').textContent())!;
  await page.getByTestId('checkout-place-order').click();
  await page.waitForURL(/\/checkout\/confirmation\/[A-Za-z0-9_-]+$/);
  await expect(page.getByTestId('order-confirmation')).toBeVisible();
  return total;
}

/** After the order: no lines in the cart and no checkout held (the confirmation's completeCheckout()). */
export async function expectCartEmptied(page: Page): Promise<void> {
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('td02:cart') ?? '{}') as { items?: unknown[]; checkoutID?: unknown },
  );
  expect(stored.items).toEqual([]);
  expect(stored.checkoutID).toBeNull();
}

// ---- External payments through the providers' hosted pages (sandbox/README.md#test-data) ----

/** The sandbox inside the e2e server (scripts/e2e-server.mjs): the hosted pages' origin and its controls. */
export const SANDBOX = `http://127.0.0.1:${E2E_SANDBOX_PORT}`;

/** Opens /checkout with `items` already in the cart (no product page on the way): continues at /checkout/{id}. Returns the id. */
export async function openCheckoutWith(page: Page, locale: LocaleCode, items: CartItem[]): Promise<string> {
  await seedCart(page, items);
  await page.goto(origin(locale) + '/checkout');
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(items.length);
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** A checkout call from the page's origin, as another tab of the shopper would make it (GET without a body). */
export async function checkoutApi(page: Page, locale: LocaleCode, id: string, body?: UpdateCheckoutRequest): Promise<CheckoutView> {
  const url = `/api/checkout/${id}?locale=${locale}&sid=${LOCALES[locale].storeID}`;
  const init = body && { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const answer = await page.evaluate(
    async ([u, i]) => {
      const r = await fetch(u, i ?? undefined);
      return { status: r.status, json: (await r.json()) as unknown };
    },
    [url, init ?? null] as const,
  );
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json as CheckoutView;
}

export interface HostedPayment {
  /** The checkout total as the page showed it before paying. */
  total: string;
  /** The server's total and currency for it, as the provider must be asked to charge. */
  totalMinor: number;
  currency: string;
  /** The chosen method's name on the checkout. */
  methodName: string;
  /** The hosted page the server sent the browser to. */
  hostedUrl: string;
}

/** Chooses an external method, accepts the terms and places: the browser lands on the provider's hosted page. */
export async function placeToHostedPage(page: Page, locale: LocaleCode, id: string, method: string): Promise<HostedPayment> {
  const choice = page.locator(`[data-testid="checkout-payment-method"][data-method="${method}"]`);
  await choice.locator('input').check();
  await expect(choice.locator('input')).toBeChecked();
  const terms = page.getByTestId('checkout-terms');
  if (!(await terms.isChecked())) await terms.check();
  await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);
  const total = (await page.getByTestId('checkout-total').textContent())!;
  const methodName = (await choice.locator('.choice__name').textContent())!.trim();
  const view = await checkoutApi(page, locale, id);
  expect(view.payment_method).toBe(method);
  // the server's answer, read on its way to the page (the page navigates away before a response could be read)
  let answer: PlaceOrderResponse | undefined;
  const place = `**/api/checkout/${id}/place?*`;
  await page.route(place, async (route) => {
    // Node does not resolve *.localhost the way Chromium does: the same request to 127.0.0.1 with the Host kept
    const url = new URL(route.request().url());
    const host = url.host;
    url.hostname = '127.0.0.1';
    const response = await route.fetch({ url: url.href, headers: { ...route.request().headers(), host } });
    answer = (await response.json()) as PlaceOrderResponse;
    await route.fulfill({ response });
  });
  await page.getByTestId('checkout-place-order').click();
  await page.waitForURL((u) => u.origin === SANDBOX);
  await page.unroute(place);
  expect(answer?.order_number).toBeNull(); // nothing is ordered before the provider says so
  expect(answer?.redirect_url).toBe(page.url());
  // the provider was asked for exactly the server's total
  await expect(page.locator('main')).toContainText(formatAmount(view.totals.total_minor, view.totals.currency));
  return {
    total,
    totalMinor: view.totals.total_minor,
    currency: view.totals.currency,
    methodName,
    hostedUrl: page.url(),
  };
}

/** Orders made from a checkout, as the database has them. */
export async function ordersOf(checkoutId: string) {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    return await db
      .selectFrom('orders')
      .select(['id', 'total_minor', 'payment_status', 'details'])
      .where('checkout_id', '=', checkoutId)
      .execute();
  } finally {
    await db.destroy();
  }
}

const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/**
 * Back from the hosted page on the confirmation of this checkout: a valid order number, the total shown
 * before paying, the method, the cart emptied; the database holds exactly that one order.
 */
export async function expectPaidOrder(page: Page, id: string, paid: HostedPayment, method: string): Promise<string> {
  await page.waitForURL(new RegExp(`/checkout/confirmation/${id}$`));
  await expect(page.getByTestId('order-confirmation')).toBeVisible();
  const number = (await page.getByTestId('order-number').textContent())!.trim();
  expect(parseOrderNumber(number)).toMatchObject({ ok: true, orderNumber: number });
  expect(squash(await page.getByTestId('order-total').textContent())).toBe(squash(paid.total));
  await expect(page.getByTestId('order-total')).toHaveAttribute('data-amount-minor', String(paid.totalMinor));
  await expect(page.getByTestId('order-payment')).toHaveAttribute('data-method', method);
  await expect(page.getByTestId('order-payment')).toHaveText(paid.methodName);
  await expectCartEmptied(page);
  const orders = await ordersOf(id);
  expect(orders.map((o) => [o.id, Number(o.total_minor)])).toEqual([[number, paid.totalMinor]]);
  expect(JSON.parse(orders[0]!.details).payment).toMatchObject({ method });
  return number;
}
