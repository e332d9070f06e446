/**
 * The back office's returns page in a browser (docs/product/back-office.md#returns): a guest withdraws a shipped
 * order on the storefront, staff find the withdrawal on /returns, mark it received and refund it through the
 * confirm steps, and the shopper's return page shows the refund; a customer is found and anonymised through the
 * confirm step. axe's WCAG 2.1 A/AA rules on every page and every confirm step: 0 findings.
 */
import { expect, test } from '@playwright/test';
import { CUSTOMERS } from '#tests/support/checkout-customers.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven } from './islands-fixtures.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { operator, placeOrder, withDb } from './account-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';

test('a shipped order withdrawn → received → refunded on /returns with confirm steps; the shopper sees the refund', async ({ page }) => {
  await consentGiven(page, origin('sv'));
  const email = `bo-returns-${Date.now()}@example.se`;
  const number = await placeOrder(page, 'sv', email, 1);
  for (const step of ['pick', 'ship']) await operator(`orders/${number}/${step}`);

  // the shopper withdraws: the guest form with the postal code, the return page, the confirm step
  await page.goto(origin('sv') + '/my-order?withdraw');
  await page.getByTestId('guest-order-number').fill(number);
  await page.getByTestId('guest-order-email').fill(CUSTOMERS.sv.postal_code.replace(' ', ''));
  await page.getByTestId('guest-order-submit').click();
  await page.waitForURL(origin('sv') + `/my-order/${number}`);
  await page.goto(origin('sv') + `/my-order/return/${number}`);
  await page.getByTestId('withdrawal-button').click();
  await page.getByTestId('withdrawal-review').getByTestId('withdrawal-confirm').click();
  const rma = `RMA-${number}-1`;
  await expect(page.getByTestId('return-done')).toContainText(rma);

  // staff, in another tab of the same browser (the admin host has its own cookie)
  const bo = await page.context().newPage();
  await signInStaffPage(bo, 'staff');
  await bo.goto(`${ADMIN}/returns?state=approved`);
  await expect(bo.getByTestId('bo-returns')).toBeVisible();
  expect(await wcagViolations(bo)).toEqual([]);
  const row = bo.locator(`[data-testid="bo-return-row"][data-rma="${rma}"]`);
  await expect(row).toHaveAttribute('data-kind', 'withdrawal');
  await expect(row.getByTestId('bo-return-withdrawal')).toBeVisible();

  await row.locator('[data-testid="bo-return-action"][data-action="receive"]').click();
  const confirm = bo.getByTestId('bo-confirm');
  await expect(confirm).toContainText(rma);
  expect(await wcagViolations(bo)).toEqual([]);
  await confirm.getByTestId('bo-confirm-yes').click();
  await expect(bo.getByTestId('bo-returns-notice')).toContainText(`${rma} marked received.`);
  expect(await wcagViolations(bo)).toEqual([]);
  const received = bo.locator(`[data-testid="bo-return-row"][data-rma="${rma}"]`);
  await expect(received).toHaveAttribute('data-state', 'received');

  await received.locator('[data-testid="bo-return-action"][data-action="refund"]').click();
  await expect(bo.getByTestId('bo-confirm')).toContainText('through the payment provider');
  expect(await wcagViolations(bo)).toEqual([]);
  await bo.getByTestId('bo-confirm').getByTestId('bo-confirm-yes').click();
  await expect(bo.getByTestId('bo-returns-notice')).toContainText(`${rma} refunded.`);
  const refunded = bo.locator(`[data-testid="bo-return-row"][data-rma="${rma}"]`);
  await expect(refunded).toHaveAttribute('data-state', 'refunded');
  await expect(refunded.getByTestId('bo-return-action')).toHaveCount(0);

  // the shopper's return page shows it refunded
  await page.reload();
  const mine = page.locator(`[data-testid="return-row"][data-rma="${rma}"]`);
  await expect(mine).toHaveAttribute('data-status', 'refunded');
  await expect(mine.getByTestId('return-refund')).toBeVisible();
});

test('customers: search → the customer → Anonymise with its confirm step naming what is kept → the data gone', async ({ page }) => {
  const email = `bo-anon-${Date.now()}@example.se`;
  const account = (await withDb((db) => createCustomer(db, email, 'Erika Raderas')))!;
  await signInStaffPage(page, 'staff');

  await page.goto(`${ADMIN}/customers`);
  await expect(page.getByTestId('bo-customers')).toBeVisible();
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByTestId('bo-customers-q').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.locator(`[data-testid="bo-customer-row"][data-id="${account.id}"]`);
  await expect(row).toContainText(email);
  expect(await wcagViolations(page)).toEqual([]);
  await row.getByRole('link', { name: 'Erika Raderas' }).click();

  await expect(page.getByTestId('bo-customer-email')).toHaveText(email);
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByTestId('bo-customer-anonymise').click();
  const confirm = page.getByTestId('bo-confirm');
  await expect(confirm).toContainText('Kept, as bookkeeping law requires');
  expect(await wcagViolations(page)).toEqual([]);
  await confirm.getByTestId('bo-confirm-yes').click();

  await expect(page.getByTestId('bo-customers-notice')).toBeVisible();
  await expect(page.getByTestId('bo-customer')).toHaveAttribute('data-anonymised', '1');
  await expect(page.getByTestId('bo-customer-email')).toHaveText(`erased-${account.id}@erased.invalid`);
  await expect(page.getByTestId('bo-customer-anonymise')).toHaveCount(0);
  expect(await wcagViolations(page)).toEqual([]);
  await page.goto(`${ADMIN}/customers?q=${encodeURIComponent(email)}`);
  await expect(page.getByTestId('bo-customers-empty')).toBeVisible();
});
