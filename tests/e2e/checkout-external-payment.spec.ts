/**
 * A full purchase through a provider's hosted page on every storefront, a different method on each
 * (docs/product/checkout.md#payment; the pages are the sandbox's, sandbox/README.md#test-data): the
 * server sends the browser to the page for exactly its total, the provider sends it back, and the
 * confirmation shows the one order the server made.
 */
import { expect, test } from '@playwright/test';
import type { LocaleCode } from '#lib/market/locales.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, line, watchErrors } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, expectPaidOrder, fillCustomer, openCheckoutWith, placeToHostedPage } from './checkout-fixtures.ts';

interface Purchase {
  locale: LocaleCode;
  method: string;
  shipping: 'home' | 'service_point';
  /** The hosted page's title for the method. */
  page: string;
  /** What the shopper does there to approve: fields filled in (by label), options chosen, then the button. */
  approve: { fill?: Record<string, string>; choose?: Record<string, string>; button: string | RegExp };
}

const PURCHASES: Purchase[] = [
  { locale: 'sv', method: 'swish', shipping: 'home', page: 'Pay with Swish', approve: { button: 'Approve in Swish' } },
  { locale: 'no', method: 'vipps', shipping: 'service_point', page: 'Pay with Vipps', approve: { button: 'Approve in Vipps' } },
  {
    locale: 'da',
    method: 'dankort',
    shipping: 'home',
    page: 'Pay with Dankort',
    approve: { fill: { 'Card number': '5019 5555 4444 5555' }, button: /^Pay / },
  },
  { locale: 'fi', method: 'klarna', shipping: 'service_point', page: 'Pay later with Klarna', approve: { button: 'Approve purchase' } },
  {
    locale: 'nl',
    method: 'ideal',
    shipping: 'home',
    page: 'Pay with iDEAL',
    approve: { choose: { 'Choose your bank': 'Rabobank' }, button: 'Approve at the bank' },
  },
];

for (const p of PURCHASES) {
  test(`${p.locale}: ${p.method} through the hosted page → confirmation with the order for the checkout total, cart emptied`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    await consentGiven(page, origin(p.locale));
    const [product] = await demoProducts(p.locale, 1);
    const id = await openCheckoutWith(page, p.locale, [line(product!, 2)]);
    await fillCustomer(page, CUSTOMERS[p.locale]);
    const shipping = await chooseShipping(page, p.shipping);

    const paid = await placeToHostedPage(page, p.locale, id, p.method);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.page);
    for (const [label, value] of Object.entries(p.approve.fill ?? {})) await page.getByLabel(label).fill(value);
    for (const [label, option] of Object.entries(p.approve.choose ?? {})) await page.getByLabel(label).selectOption(option);
    await page.getByRole('button', { name: p.approve.button, exact: true }).click();

    await expectPaidOrder(page, id, paid, p.method);
    await expect(page.getByTestId('order-line')).toHaveCount(1);
    await expect(page.getByTestId('order-line').first()).toHaveAttribute('data-sku', product!.sku);
    if (shipping.servicePoint) await expect(page.getByTestId('order-service-point')).toContainText(shipping.servicePoint);
    expect(errors).toEqual([]);
  });
}
