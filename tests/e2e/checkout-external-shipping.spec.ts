/**
 * The `external` shipping processor from the experiment override (docs/product/checkout.md#shipping,
 * client-state.md#experiments-and-overrides): `?shipping_processor=external` on a storefront page is kept
 * for the tab, the checkout opened from the mini cart records it, Ingrid (the sandbox emulator) offers the
 * options and the service points, and the chosen one is on the confirmation.
 */
import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, hydrated } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, expectCartEmptied, fillCustomer, payByInvoiceAndPlace, startCheckout } from './checkout-fixtures.ts';

test('sv: ?shipping_processor=external → Ingrid in the checkout, a service point from its list on the confirmation', async ({ page }) => {
  await consentGiven(page, origin('sv'));
  const [, , product] = await demoProducts('sv', 3);
  await page.goto(`${origin('sv')}/?shipping_processor=external`);
  await hydrated(page);
  const overrides = await page.evaluate(() => JSON.parse(sessionStorage.getItem('td02:experiment') ?? '{}').overrides as unknown);
  expect(overrides).toMatchObject({ shipping_processor: 'external' });

  // The product page has no override in its URL: the tab's experiment slice carries it to the checkout.
  await startCheckout(page, 'sv', product);
  const cartState = await page.evaluate(() => JSON.parse(localStorage.getItem('td02:cart') ?? '{}') as { shippingProcessor?: unknown });
  expect(cartState.shippingProcessor).toBe('external');
  await fillCustomer(page, CUSTOMERS.sv);

  // Ingrid's categories for Sweden (sandbox/README.md), not eel's.
  const options = page.getByTestId('checkout-shipping-option');
  await expect(options.first()).toHaveAttribute('data-option-id', 'se-postnord-pickup');
  const ids = await options.evaluateAll((els) => els.map((el) => el.getAttribute('data-option-id')));
  expect(ids).toEqual(['se-postnord-pickup', 'se-instabox-locker', 'se-postnord-mailbox', 'se-budbee-home', 'se-budbee-express']);

  const shipping = await chooseShipping(page, 'service_point');
  expect(shipping.text).toBe('PostNord Ombud');
  await expect(page.getByTestId('checkout-service-point')).toHaveValue(/^postnord-se-/);
  await expect(page.getByTestId('checkout-service-point').locator('option:not([disabled])')).toHaveCount(5);

  await payByInvoiceAndPlace(page);
  await expect(page.getByTestId('order-shipping')).toHaveText('PostNord Ombud');
  await expect(page.getByTestId('order-service-point')).toContainText(shipping.servicePoint!);
  await expect(page.getByTestId('order-service-point')).toHaveAttribute('data-service-point-id', /^postnord-se-/);
  await expectCartEmptied(page);
});
