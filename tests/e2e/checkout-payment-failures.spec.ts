/**
 * When a payment does not go through (docs/product/checkout.md#failed-page): the failed page says why and
 * what to do in the storefront's language, the way back leads to the same checkout with the cart intact,
 * and paying again makes exactly one order (the sandbox's hosted pages and test data: sandbox/README.md).
 */
import { expect, test, type Page } from '@playwright/test';
import { nextStep, type FailureReason } from '#lib/checkout/failure-reasons.ts';
import { STRINGS } from '#lib/market/i18n.ts';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hostGet, line, watchErrors } from './islands-fixtures.ts';
import {
  checkoutApi,
  chooseShipping,
  CUSTOMERS,
  expectPaidOrder,
  fillCustomer,
  openCheckoutWith,
  ordersOf,
  placeToHostedPage,
  SANDBOX,
} from './checkout-fixtures.ts';

const CARDS = { approve: '4111 1111 1111 1111', decline: '4000 0000 0000 0002', challenge: '4212 3456 7891 0006' };

async function payByCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** A checkout with one line, the customer and home delivery filled in; returns its id. */
async function readyCheckout(page: Page, locale: LocaleCode, email = CUSTOMERS[locale].email): Promise<string> {
  await consentGiven(page, origin(locale));
  const [product] = await demoProducts(locale, 1);
  const id = await openCheckoutWith(page, locale, [line(product!, 1)]);
  await fillCustomer(page, { ...CUSTOMERS[locale], email });
  await chooseShipping(page, 'home');
  return id;
}

/** On the failed page of this checkout with a reason the server chose from `expected`: its texts, in the storefront's language. */
async function expectFailedPage(page: Page, locale: LocaleCode, id: string, expected: FailureReason[]): Promise<FailureReason> {
  await page.waitForURL(new RegExp(`/checkout/failed/${id}\\?reason=`));
  const failed = page.getByTestId('checkout-failed');
  await expect(failed).toBeVisible();
  const reason = (await failed.getAttribute('data-reason')) as FailureReason;
  expect(expected).toContain(reason);
  const texts = STRINGS[locale].checkout.failed;
  await expect(page.getByTestId('checkout-failed-reason')).toHaveText(texts.reasons[reason]);
  await expect(page.getByTestId('checkout-failed-next')).toHaveText(texts.next[nextStep(reason)]);
  await expect(page.getByTestId('cart-count')).toHaveText('1'); // the cart is untouched
  expect(await ordersOf(id)).toEqual([]);
  return reason;
}

/** The failed page's way back: the same checkout, its line and what was typed still there. */
async function backToCheckout(page: Page, locale: LocaleCode, id: string, email = CUSTOMERS[locale].email): Promise<void> {
  await page.getByTestId('checkout-failed-back').click();
  await page.waitForURL(new RegExp(`/checkout/${id}$`));
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(page.getByTestId('checkout-email')).toHaveValue(email);
}

test('nl: a declined card → the failed page in Dutch → back to the same checkout → an approved card makes one order', async ({ page }) => {
  const errors = watchErrors(page);
  const id = await readyCheckout(page, 'nl');
  const first = await placeToHostedPage(page, 'nl', id, 'card');
  await payByCard(page, CARDS.decline);
  await expectFailedPage(page, 'nl', id, ['declined']);

  await backToCheckout(page, 'nl', id);
  const second = await placeToHostedPage(page, 'nl', id, 'card');
  expect(second.hostedUrl).not.toBe(first.hostedUrl); // a new payment, the refused one is closed
  expect(second.totalMinor).toBe(first.totalMinor);
  await payByCard(page, CARDS.approve);
  await expectPaidOrder(page, id, second, 'card');
  expect(errors).toEqual([]);
});

test('fi: a 3-D Secure challenge cancelled → the failed page in Finnish, the cart intact', async ({ page }) => {
  const id = await readyCheckout(page, 'fi');
  await placeToHostedPage(page, 'fi', id, 'card');
  await payByCard(page, CARDS.challenge);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('3-D Secure 2 challenge');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  // the session result says refused (declined); a notification would say challenge_failed
  await expectFailedPage(page, 'fi', id, ['declined', 'challenge_failed']);
  await backToCheckout(page, 'fi', id);
});

test('da: a challenge left until the session expires → back in the shop the checkout is open again, paying again works', async ({
  page,
}) => {
  const id = await readyCheckout(page, 'da');
  const first = await placeToHostedPage(page, 'da', id, 'card');
  await payByCard(page, CARDS.challenge);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('3-D Secure 2 challenge');
  const sessionId = decodeURIComponent(new URL(first.hostedUrl).pathname.split('/').pop()!);
  const expired = await fetch(`${SANDBOX}/adyen/_sandbox/expire`, { method: 'POST', body: JSON.stringify({ sessionId }) });
  expect(expired.status).toBe(200);
  // too late: the provider's page says the session is closed; its refusal notification reopens the checkout
  await page.getByRole('button', { name: 'Complete', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment session closed');
  await page.goto(`${origin('da')}/checkout/${id}`);
  await expect(page.getByTestId('checkout-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect.poll(async () => (await checkoutApi(page, 'da', id)).status).toBe('open');
  const second = await placeToHostedPage(page, 'da', id, 'card');
  expect(second.hostedUrl).not.toBe(first.hostedUrl);
  await payByCard(page, CARDS.approve);
  await expectPaidOrder(page, id, second, 'card');
});

test('no: Klarna refuses the denied test person → the failed page in Norwegian, the cart intact', async ({ page }) => {
  const email = 'ola.nordmann+denied@example.no';
  const id = await readyCheckout(page, 'no', email);
  await placeToHostedPage(page, 'no', id, 'klarna');
  await expect(page.getByLabel(/test person/)).toHaveValue('declined'); // Klarna's +denied convention
  await page.getByRole('button', { name: 'Approve purchase', exact: true }).click();
  await expectFailedPage(page, 'no', id, ['declined']);
  await backToCheckout(page, 'no', id, email);
});

test('the failed page explains every reason with a next step in each language, an unknown one generically', async ({ request }) => {
  // server-rendered text only: read the HTML (no browser needed) for 5 storefronts × 3 reasons
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  for (const locale of LOCALE_CODES) {
    const texts = STRINGS[locale].checkout.failed;
    for (const [query, reason] of [
      ['price_changed', 'price_changed'],
      ['pending', 'pending'],
      ['no-such-reason', 'unknown'],
    ] as const) {
      const res = await hostGet(request, locale, `/checkout/failed/abcdefghijklmnop?reason=${query}`);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const title = reason === 'pending' ? texts.pending_title : texts.title;
      expect(html).toContain(`data-reason="${reason}"`);
      expect(html).toContain(`<h1>${escape(title)}</h1>`);
      expect(html).toMatch(new RegExp(`data-testid="checkout-failed-reason"[^>]*>${escape(texts.reasons[reason])}</p>`));
      expect(html).toContain(`data-testid="checkout-failed-next">${escape(texts.next[nextStep(reason)])}</p>`);
      expect(html).toMatch(/href="\/checkout\/abcdefghijklmnop" data-testid="checkout-failed-back"/);
    }
  }
});
