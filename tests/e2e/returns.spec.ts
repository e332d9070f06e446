/**
 * Returns and withdrawal in the browser (docs/product/returns.md): a customer returns a part from their order
 * page and sees the refund once staff have handled it; a guest withdraws within 14 days through the confirm
 * step and gets the acknowledgement e-mail; after 14 days only the 30-day return policy is offered.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, watchErrors } from './islands-fixtures.ts';
import { logInAs, operator, placeOrder, withDb } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';

/** An order placed through the checkout pages with `email` (2 units of one part), then picked, shipped and delivered. */
async function deliveredOrder(page: Page, email: string, quantity = 2): Promise<string> {
  const number = await placeOrder(page, 'sv', email, quantity);
  for (const step of ['pick', 'ship', 'deliver']) await operator(`orders/${number}/${step}`);
  return number;
}

test('sv: customer returns one part from the order page; once staff refund it, the refund shows under returns', async ({ page }) => {
  const errors = watchErrors(page);
  await consentGiven(page, origin('sv'));
  const number = await deliveredOrder(page, DEMO_CUSTOMER.email);
  await logInAs(page, 'sv', DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);

  await page.goto(origin('sv') + `/my-account/orders/${number}`);
  await page.getByTestId('order-return-link').click();
  await page.waitForURL(origin('sv') + `/my-account/orders/return/${number}`);
  const form = page.getByTestId('return-form');
  await expect(form.getByTestId('return-line')).toHaveCount(1);
  expect(await seriousAxe(page)).toEqual([]);
  // without a reason the policy return is refused with the reason named
  await form.getByTestId('return-line').locator('input').fill('1');
  await form.getByTestId('return-submit').click();
  await expect(page.getByTestId('return-error')).toHaveText('Välj en anledning till returen.');
  await page.getByTestId('return-line').locator('input').fill('1');
  await page.locator('#return-reason').selectOption('wrong_part');
  await page.getByTestId('return-submit').click();
  const done = page.getByTestId('return-done');
  await expect(done).toContainText(`RMA-${number}-1`);
  await expect(page.locator(`[data-testid="return-row"][data-rma="RMA-${number}-1"]`)).toHaveAttribute('data-status', 'requested');
  // one unit left to return
  await expect(page.getByTestId('return-line').locator('input')).toHaveAttribute('max', '1');

  for (const step of ['approve', 'receive', 'refund']) await operator(`returns/RMA-${number}-1/${step}`);
  await page.getByTestId('account-nav').locator('a[data-route="my-account-returns"]').click();
  const row = page.locator(`[data-testid="return-row"][data-rma="RMA-${number}-1"]`);
  await expect(row).toHaveAttribute('data-status', 'refunded');
  await expect(row.getByTestId('return-status')).toContainText('Återbetald');
  await expect(row.getByTestId('return-refund')).toContainText('Återbetalt');
  expect(Number(await row.getByTestId('return-refund').getAttribute('data-amount-minor'))).toBeGreaterThan(0);
  expect(await seriousAxe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('sv: a guest withdraws within 14 days through the confirm step and gets the acknowledgement; after 14 days only a return', async ({
  page,
  browser,
}) => {
  await consentGiven(page, origin('sv'));
  const email = `withdraw-${Date.now()}@example.se`;
  const number = await deliveredOrder(page, email, 1);
  await page.goto(origin('sv') + '/my-order');
  await page.getByTestId('guest-order-number').fill(number);
  await page.getByTestId('guest-order-email').fill(email);
  await page.getByTestId('guest-order-submit').click();
  await page.waitForURL(origin('sv') + `/my-order/${number}`);
  await page.getByTestId('order-return-link').click();
  await page.waitForURL(origin('sv') + `/my-order/return/${number}`);

  await page.getByTestId('return-line').locator('input').fill('1');
  await page.getByTestId('withdrawal-button').click();
  const review = page.getByTestId('withdrawal-review');
  await expect(review.getByTestId('withdrawal-review-line')).toHaveCount(1);
  expect(await withDb((db) => db.selectFrom('order_returns').select('id').where('order_id', '=', number).execute())).toEqual([]); // not yet
  expect(await seriousAxe(page)).toEqual([]);
  await review.getByTestId('withdrawal-confirm').click();
  await expect(page.getByTestId('return-done')).toContainText(`RMA-${number}-1`);
  await expect(page.getByTestId('return-nothing-left')).toBeVisible();
  const mail = await withDb((db) =>
    db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'subject'])
      .where('dedupe_key', '=', `withdrawal_acknowledgement:RMA-${number}-1`)
      .execute(),
  );
  expect(mail).toEqual([
    { kind: 'withdrawal_acknowledgement', recipient: email, subject: `Vi har tagit emot ditt ångrande – RMA-${number}-1` },
  ]);

  // a second order, delivered 20 days ago: the withdrawal period is over, the 30-day return policy is not
  // (a new browser: the cart fixture seeds a tab's cart once)
  const later = await (await browser.newContext()).newPage();
  await consentGiven(later, origin('sv'));
  const late = await deliveredOrder(later, email, 1);
  await withDb((db) =>
    db
      .updateTable('orders')
      .set({ delivered_at: new Date(Date.now() - 20 * 86_400_000).toISOString() })
      .where('id', '=', late)
      .execute(),
  );
  await later.goto(origin('sv') + '/my-order');
  await later.getByTestId('guest-order-number').fill(late);
  await later.getByTestId('guest-order-email').fill(email);
  await later.getByTestId('guest-order-submit').click();
  await later.waitForURL(origin('sv') + `/my-order/${late}`);
  await later.goto(origin('sv') + `/my-order/return/${late}`);
  await expect(later.getByTestId('withdrawal-closed')).toHaveAttribute('data-reason', 'expired');
  await expect(later.getByTestId('withdrawal-button')).toHaveCount(0);
  await expect(later.getByTestId('return-submit')).toBeVisible();
});
