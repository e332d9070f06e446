/**
 * Shared steps of the account, order and returns specs: logging the browser in, an order through the
 * checkout pages, staff's operator endpoint, and a short-lived handle on the test database.
 */
import { expect, type Page } from '@playwright/test';
import { LOCALES, type LocaleCode } from '#lib/market/locales.ts';
import { openDb, type Db } from '#server/db/connection.ts';
import { request } from '#tests/support/http.ts';
import { E2E_PORT, origin, TEST_OPERATOR_TOKEN, TEST_SQLITE_FILE } from '#tests/support/test-env.ts';
import { demoProducts, line } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, openCheckoutWith, payByInvoiceAndPlace } from './checkout-fixtures.ts';

/** Logs the browser in as the page does: POST /api/auth/login from the storefront, which sets the session cookies. */
export async function logInAs(page: Page, locale: LocaleCode, email: string, password: string): Promise<void> {
  await page.goto(origin(locale) + '/');
  const status = await page.evaluate(
    async ([url, body]) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
    [`/api/auth/login?locale=${locale}&sid=${LOCALES[locale].storeID}`, JSON.stringify({ email, password })] as const,
  );
  expect(status).toBe(200);
}

/** Places an order of one product through the checkout pages (invoice, home delivery) with `email`; answers its number. */
export async function placeOrder(page: Page, locale: LocaleCode, email: string, quantity = 1): Promise<string> {
  const [product] = await demoProducts(locale, 1);
  await openCheckoutWith(page, locale, [line(product!, quantity)]);
  await fillCustomer(page, { ...CUSTOMERS[locale], email });
  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  return (await page.getByTestId('order-number').textContent())!.trim();
}

/** POST /api/operator/{path} with staff's token, as an operator's tool calls it (Node reaches the storefront by its Host name); answers the body. */
export async function operator<T = unknown>(path: string, locale: LocaleCode = 'sv'): Promise<T> {
  const r = await request(`http://${locale}.localhost:${E2E_PORT}/api/operator/${path}?locale=${locale}&sid=${LOCALES[locale].storeID}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    body: '{}',
  });
  expect(r.status, r.body).toBe(200);
  return r.json<T>();
}

/** Runs `fn` on the e2e server's SQLite database, closed again afterwards. */
export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const { db } = openDb({ kind: 'sqlite', file: TEST_SQLITE_FILE });
  try {
    return await fn(db);
  } finally {
    await db.destroy();
  }
}
