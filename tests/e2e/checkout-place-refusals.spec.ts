/**
 * Place order refused for a field (docs/product/checkout.md#placing-the-order), e.g. after another tab
 * changed the checkout: the server's message in the error area, the field it names (`error.field`) marked
 * (aria-invalid) and focused, the mark gone once the field is put right.
 */
import { expect, test } from '@playwright/test';
import { checkoutMessage } from '#lib/checkout/problem-messages.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts, line, watchErrors } from './islands-fixtures.ts';
import { checkoutApi, chooseShipping, CUSTOMERS, fillCustomer, openCheckoutWith, ordersOf } from './checkout-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';

test('sv: place order refused for a field changed in another tab → the message, the field marked and focused', async ({ page }) => {
  const errors = watchErrors(page);
  await consentGiven(page, origin('sv'));
  const [product] = await demoProducts('sv', 1);
  const id = await openCheckoutWith(page, 'sv', [line(product!, 1)]);
  await fillCustomer(page, CUSTOMERS.sv);
  await chooseShipping(page, 'home');
  await page.locator('[data-testid="checkout-payment-method"][data-method="invoice"] input').check();
  await page.getByTestId('checkout-terms').check();
  await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);
  const error = page.getByTestId('checkout-error');
  const place = () => page.getByTestId('checkout-place-order').click();

  // another tab saves a mobile the server refuses: this page still shows the old one until placing
  await checkoutApi(page, 'sv', id, { customer: { mobile: CUSTOMERS.sv.bad_mobile } });
  await place();
  await expect(error).toHaveText(checkoutMessage('sv', 'mobile'));
  const mobile = page.getByTestId('checkout-mobile');
  await expect(mobile).toHaveValue(CUSTOMERS.sv.bad_mobile); // what the server has, shown
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  await expect(mobile).toBeFocused();
  await mobile.fill('070-765 43 21');
  await mobile.blur();
  await expect(mobile).not.toHaveAttribute('aria-invalid');

  // another tab picks a service-point option without choosing the point
  const view = await checkoutApi(page, 'sv', id);
  const pickup = view.shipping_options.find((o) => o.has_service_points)!;
  await checkoutApi(page, 'sv', id, { shipping_option_id: pickup.id });
  await place();
  await expect(error).toHaveText(checkoutMessage('sv', 'service_point'));
  const point = page.getByTestId('checkout-service-point');
  await expect(point).toHaveAttribute('aria-invalid', 'true');
  await expect(point).toBeFocused();
  await chooseShipping(page, 'service_point');
  await expect(point).not.toHaveAttribute('aria-invalid');

  // another tab clears the payment method
  await checkoutApi(page, 'sv', id, { payment_method: null });
  await place();
  await expect(error).toHaveText(checkoutMessage('sv', 'payment_method'));
  const methods = page.getByTestId('checkout-payment-method').locator('input');
  await expect(methods.first()).toBeFocused();
  await expect(methods.first()).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('fieldset[role="radiogroup"]:has([data-testid="checkout-payment-method"])')).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  expect(await seriousAxe(page)).toEqual([]); // the marked radio group included
  await page.locator('[data-testid="checkout-payment-method"][data-method="invoice"] input').check();
  await expect(methods.first()).not.toHaveAttribute('aria-invalid');

  // all put right: the order goes through
  await expect(page.locator('.checkout-totals.is-busy')).toHaveCount(0);
  await place();
  await page.waitForURL(new RegExp(`/checkout/confirmation/${id}$`));
  expect(await ordersOf(id)).toHaveLength(1);
  expect(errors).toEqual([]);
});
