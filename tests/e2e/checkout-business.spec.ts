/** A business purchase: company and organisation number, prices ex VAT where the storefront allows it (docs/product/checkout.md#customer-fields). */
import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, expectCartEmptied, fillCustomer, payByInvoiceAndPlace, startCheckout } from './checkout-fixtures.ts';

const amount = (s: string | null) => Number((s ?? '').replace(/[^\d,]/g, '').replace(',', '.'));

test('sv: business buyer sees prices ex VAT and buys on a company invoice', async ({ page }) => {
  await consentGiven(page, origin('sv'));
  const [product] = await demoProducts('sv', 1);
  await startCheckout(page, 'sv', product);
  await expect(page.getByTestId('checkout-vat-mode')).toHaveAttribute('data-vat', 'incl');
  const inclUnit = amount(await page.getByTestId('checkout-line-unit-price').textContent());
  // a consumer is told of the right of withdrawal before placing; a business buyer is not (it does not apply)
  await expect(page.getByTestId('checkout-withdrawal-info')).toContainText('14 dagar');

  await fillCustomer(page, CUSTOMERS.sv, true);
  await expect(page.getByTestId('checkout-withdrawal-info')).toHaveCount(0);
  await expect(page.getByTestId('checkout-vat-mode')).toHaveAttribute('data-vat', 'excl');
  const exclUnit = amount(await page.getByTestId('checkout-line-unit-price').textContent());
  expect(exclUnit).toBeLessThan(inclUnit);
  expect(Math.abs(exclUnit * 1.25 - inclUnit)).toBeLessThanOrEqual(1.5); // whole kronor on both sides
  await expect(page.getByTestId('checkout-totals-net')).toBeVisible();
  await expect(page.getByTestId('checkout-vat-breakdown')).toContainText('25');
  // the business invoice, not the consumer one
  await expect(page.locator('[data-testid="checkout-payment-method"][data-method="invoice"]')).toHaveCount(0);
  await expect(page.locator('[data-testid="checkout-payment-method"][data-method="invoice-business"]')).toHaveCount(1);

  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  await expect(page.getByTestId('order-confirmation')).toHaveAttribute('data-customer-type', 'business');
  await expect(page.getByTestId('order-payment')).toHaveAttribute('data-method', 'invoice-business');
  await expect(page.getByTestId('order-number')).toHaveText(/^\d{7,}$/);
  await expectCartEmptied(page);
});

test('fi: no ex-VAT display (the storefront does not allow it), Y-tunnus accepted', async ({ page }) => {
  await consentGiven(page, origin('fi'));
  const [product] = await demoProducts('fi', 1);
  await startCheckout(page, 'fi', product);
  await fillCustomer(page, CUSTOMERS.fi, true);
  await expect(page.getByTestId('checkout-vat-mode')).toHaveAttribute('data-vat', 'incl');
  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  await expect(page.getByTestId('order-confirmation')).toHaveAttribute('data-customer-type', 'business');
});
