/**
 * Withdrawal from the first minute in the browser (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a): the
 * footer's entry on any page leads a guest to the order form and a logged-in customer to their orders; a guest
 * withdraws an order that has not been shipped through the confirm step and the order is cancelled.
 */
import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, watchErrors } from './islands-fixtures.ts';
import { logInAs, placeOrder, withDb } from './account-fixtures.ts';
import { wcagViolations } from './a11y-fixtures.ts';

test('sv: a guest withdraws a just-placed order from the footer entry through the confirm step', async ({ page }) => {
  const errors = watchErrors(page);
  await consentGiven(page, origin('sv'));
  const email = `first-minute-${Date.now()}@example.se`;
  const number = await placeOrder(page, 'sv', email, 1);

  await page.goto(origin('sv') + '/');
  const entry = page.getByTestId('withdrawal-entry');
  await expect(entry).toHaveText('Ångra ett köp');
  await entry.click();
  await page.waitForURL(origin('sv') + '/my-order?withdraw');
  expect(await wcagViolations(page)).toEqual([]); // the withdrawal form, like every page type (docs/product/legal.md)
  await page.getByTestId('guest-order-number').fill(number);
  await page.getByTestId('guest-order-email').fill(email);
  await page.getByTestId('guest-order-submit').click();
  await page.waitForURL(origin('sv') + `/my-order/${number}`);
  await page.getByTestId('order-return-link').click();
  await page.waitForURL(origin('sv') + `/my-order/return/${number}`);
  expect(await wcagViolations(page)).toEqual([]);

  await page.getByTestId('withdrawal-button').click();
  const review = page.getByTestId('withdrawal-review');
  await expect(review.getByTestId('withdrawal-review-line')).toHaveCount(1);
  expect(await wcagViolations(page)).toEqual([]);
  await review.getByTestId('withdrawal-confirm').click();
  await expect(page.getByTestId('return-done')).toContainText(number);
  expect(await wcagViolations(page)).toEqual([]);
  await expect(page.getByTestId('withdrawal-button')).toHaveCount(0);
  const row = await withDb((db) => db.selectFrom('orders').select('status').where('id', '=', number).executeTakeFirstOrThrow());
  expect(row.status).toBe('cancelled');
  const mail = await withDb((db) =>
    db.selectFrom('mail_outbox').select(['kind', 'recipient']).where('dedupe_key', '=', `withdrawal_acknowledgement:${number}`).execute(),
  );
  expect(mail).toEqual([{ kind: 'withdrawal_acknowledgement', recipient: email }]);
  expect(errors).toEqual([]);
});

test('sv: the footer entry takes a logged-in customer to their orders', async ({ page }) => {
  await consentGiven(page, origin('sv'));
  await logInAs(page, 'sv', DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await page.goto(origin('sv') + '/');
  await page.getByTestId('withdrawal-entry').click();
  await page.waitForURL(origin('sv') + '/my-account/orders');
});
