/**
 * The e-invoice's delivery on the back office's order page in a browser (docs/product/e-invoices.md#back-office): a
 * business buyer's own-invoice order placed through the sv pages as a guest (no company, so no Peppol participant
 * id) shows its delivery skipped with the reason and its download; "send again" goes through the confirm step and
 * records the reason again. axe's WCAG 2.1 A/AA rules on the order page and the confirm step: 0 findings.
 */
import { expect, test } from '@playwright/test';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, demoProducts } from './islands-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, payByInvoiceAndPlace, startCheckout } from './checkout-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

test('a business order: the e-invoice delivery skipped with its reason, sent again through the confirm step; accessible', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await consentGiven(page, origin('sv'));
  const [product] = await demoProducts('sv', 1);
  await startCheckout(page, 'sv', product!);
  await fillCustomer(page, CUSTOMERS.sv, true);
  await chooseShipping(page, 'home');
  await payByInvoiceAndPlace(page);
  const number = (await page.getByTestId('order-number').textContent())!.trim();

  await signInStaffPage(page, 'staff');
  await page.goto(`${ADMIN}/orders/${number}`);
  const delivery = page.getByTestId('bo-order-einvoice-delivery');
  await expect(delivery).toHaveAttribute('data-status', 'skipped');
  await expect(page.getByTestId('bo-order-einvoice-error')).toContainText('no Peppol participant id');
  await expect(page.getByTestId('bo-order-e-invoice')).toHaveAttribute('href', `/orders/${number}/e-invoice.xml`);
  expect(await wcagViolations(page)).toEqual([]);

  await page.locator('[data-testid="bo-order-action"][data-action="einvoice_send"]').click();
  await expect(page.getByTestId('bo-confirm')).toHaveAttribute('data-action', 'einvoice_send');
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByTestId('bo-confirm-yes').click();
  await expect(page.getByTestId('bo-order-notice')).toHaveAttribute('data-changed', '1');
  await expect(page.getByTestId('bo-order-einvoice-delivery')).toHaveAttribute('data-status', 'skipped');
});
