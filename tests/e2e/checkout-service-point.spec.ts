/** A service point is picked for a service-point option and shown on the confirmation (docs/product/checkout.md#shipping). */
import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, payByInvoiceAndPlace, startCheckout } from './checkout-fixtures.ts';

test('sv: a service point is required for a service-point option and shown on the confirmation', async ({ page }) => {
  await consentGiven(page, origin('sv'));
  const [product] = await demoProducts('sv', 1);
  await startCheckout(page, 'sv', product);
  await fillCustomer(page, CUSTOMERS.sv);
  // placing without a service point names the missing choice and focuses it
  const option = page.locator('[data-testid="checkout-shipping-option"][data-kind="service_point"]').first();
  await option.locator('input').check();
  await expect(page.getByTestId('checkout-service-point')).toBeVisible();
  await page.locator('[data-testid="checkout-payment-method"][data-provider="invoice"] input').check();
  await page.getByTestId('checkout-terms').check();
  await page.getByTestId('checkout-place-order').click();
  await expect(page.locator('[data-testid="checkout-field-problem"][data-field="service_point_id"]')).toBeVisible();
  await expect(page.getByTestId('checkout-service-point')).toBeFocused();
  await expect(page.getByTestId('checkout-error')).not.toBeEmpty();

  const shipping = await chooseShipping(page, 'service_point');
  await expect(page.locator('[data-testid="checkout-field-problem"][data-field="service_point_id"]')).toHaveCount(0);
  await payByInvoiceAndPlace(page);
  await expect(page.getByTestId('order-service-point')).toContainText(shipping.servicePoint!);
});
