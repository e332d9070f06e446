/** A full purchase with the shop's own invoice on every storefront (docs/product/checkout.md#steps). */
import { expect, test } from '@playwright/test';
import { LOCALE_CODES, LOCALES } from '#lib/market/locales.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, watchErrors } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, expectCartEmptied, fillCustomer, payByInvoiceAndPlace, startCheckout } from './checkout-fixtures.ts';

const squash = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

for (const locale of LOCALE_CODES) {
  // home delivery on three storefronts, a service point on the other two
  const kind = locale === 'no' || locale === 'fi' ? 'service_point' : 'home';
  test(`${locale}: product page → mini cart → checkout → own invoice (${kind}) → confirmation, cart emptied`, async ({ page }) => {
    const errors = watchErrors(page);
    await consentGiven(page, origin(locale));
    const [product] = await demoProducts(locale, 1);
    await startCheckout(page, locale, product);
    // on the checkout page the mini cart offers no checkout button
    await page.getByTestId('minicart-open').click();
    await expect(page.getByTestId('minicart')).toBeVisible();
    await expect(page.getByTestId('minicart-checkout')).toHaveCount(0);
    await page.keyboard.press('Escape');

    await fillCustomer(page, CUSTOMERS[locale]);
    const shipping = await chooseShipping(page, kind);
    const total = await payByInvoiceAndPlace(page);

    await expect(page.getByTestId('order-number')).toHaveText(/^\d{7,}$/);
    const lines = page.getByTestId('order-line');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toHaveAttribute('data-sku', product.sku);
    expect(squash(await page.getByTestId('order-total').textContent())).toBe(squash(total));
    expect(squash(total)).toContain(LOCALES[locale].currencySymbol);
    await expect(page.getByTestId('order-delivery-estimate')).toHaveAttribute('data-min-days', /\d+/);
    await expect(page.getByTestId('order-delivery-estimate')).not.toBeEmpty();
    await expect(page.getByTestId('order-shipping')).toContainText(shipping.text.split(' ')[0]);
    await expect(page.getByTestId('order-payment')).toHaveAttribute('data-method', 'invoice');
    if (shipping.servicePoint) await expect(page.getByTestId('order-service-point')).toContainText(shipping.servicePoint);
    await expectCartEmptied(page);
    expect(errors).toEqual([]);
  });
}
