/**
 * Subscriptions in the browser (docs/product/subscriptions.md): the product page's interval choice puts a
 * subscribed line in the cart beside a one-off line of the same product, the demo customer checks out, and
 * /my-account/subscriptions lists the one subscription the order made; skip moves the next delivery, cancel
 * ends it.
 */
import { expect, test } from '@playwright/test';
import type { LocaleCode } from '#lib/market/locales.ts';
import { addMonths } from '#lib/subscriptions/schedule.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated, watchErrors, type DemoProduct } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, payByInvoiceAndPlace } from './checkout-fixtures.ts';
import { logInAs, withDb } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';

/** An in-stock product that offers 3, 6 and 12 months (the seeded filters). */
async function subscribable(locale: LocaleCode): Promise<DemoProduct> {
  const offers = await withDb((db) =>
    db.selectFrom('product_subscription_intervals').select(['product_id', 'months']).where('months', '=', 3).execute(),
  );
  const ids = new Set(offers.map((o) => o.product_id));
  const product = (await demoProducts(locale, 10_000)).find((p) => ids.has(p.product_id));
  if (!product) throw new Error('no subscribable product in the test catalogue');
  return product;
}

test('sv: a filter every 3 months → checkout as the demo customer → listed → skip → cancel', async ({ page }) => {
  const errors = watchErrors(page);
  const sv = origin('sv');
  await consentGiven(page, sv);
  const product = await subscribable('sv');
  await logInAs(page, 'sv', DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

  // product page: the interval choice, then a one-off of the same product as its own line
  await page.goto(sv + product.url);
  await hydrated(page);
  const choice = page.getByTestId('subscription-choice');
  await expect(choice.getByTestId('subscription-option')).toHaveCount(3);
  expect(await seriousAxe(page, '[data-testid="subscription-choice"]')).toEqual([]);
  await choice.getByLabel('Var 3:e månad').check();
  await page.getByTestId('add-to-cart').first().click();
  const minicart = page.getByTestId('minicart');
  await expect(minicart).toBeVisible();
  await expect(minicart.locator('.minicart__sub')).toHaveText('Prenumeration: Var 3:e månad');
  await page.keyboard.press('Escape');
  await choice.getByLabel('Engångsköp').check();
  await page.getByTestId('add-to-cart').first().click();
  await expect(minicart.getByTestId('minicart-line')).toHaveCount(2);
  await expect(minicart.locator('.minicart__sub')).toHaveCount(1);

  // checkout: both lines, the subscribed one named
  await minicart.getByTestId('minicart-checkout').click();
  await expect(page).toHaveURL(/\/checkout\/[A-Za-z0-9_-]{8,}$/);
  await expect(page.getByTestId('checkout-line')).toHaveCount(2);
  await expect(page.locator('.checkout-line__sub')).toHaveText('Prenumeration: Var 3:e månad');
  await fillCustomer(page, { ...CUSTOMERS.sv, email: DEMO_CUSTOMER.email });
  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  const number = (await page.getByTestId('order-number').textContent())!.trim();

  // my account: the one subscription of that order
  await page.goto(sv + '/my-account/subscriptions');
  await expect(page.getByTestId('subscriptions')).toBeVisible();
  const row = page.locator(`[data-testid="subscription-row"][data-order-number="${number}"]`);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('subscription-status')).toHaveText('Aktiv');
  await expect(row.getByTestId('subscription-interval')).toHaveText('Var 3:e månad');
  const today = new Date().toISOString().slice(0, 10);
  await expect(row.getByTestId('subscription-next-due')).toHaveAttribute('datetime', addMonths(today, 3));
  expect(await seriousAxe(page, '[data-testid="subscriptions"]')).toEqual([]);

  // skip the next delivery: the one after it becomes the next
  await row.getByTestId('subscription-skip').click();
  await page.waitForURL(sv + '/my-account/subscriptions?done=skip');
  await expect(page.getByTestId('subscription-done')).toHaveText('Nästa leverans hoppas över.');
  await expect(row.getByTestId('subscription-next-due')).toHaveAttribute('datetime', addMonths(today, 6));

  // cancel: ended, no more actions
  await row.getByTestId('subscription-cancel').click();
  await page.waitForURL(sv + '/my-account/subscriptions?done=cancel');
  await expect(row).toHaveAttribute('data-status', 'cancelled');
  await expect(row.getByTestId('subscription-status')).toHaveText('Avslutad');
  await expect(row.getByTestId('subscription-skip')).toHaveCount(0);
  await expect(row.getByTestId('subscription-cancel')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('sv: the subscriptions page asks a visitor who is not logged in to log in', async ({ page }) => {
  const response = await page.goto(origin('sv') + '/my-account/subscriptions');
  expect(response!.headers()['cache-control']).toBe('no-store');
  await expect(page.getByTestId('account-login-prompt')).toBeVisible();
  await expect(page.getByTestId('subscriptions')).toHaveCount(0);
});
