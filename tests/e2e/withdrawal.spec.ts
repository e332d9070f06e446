/**
 * Withdrawal from the first minute in the browser (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a): the
 * footer's entry on any page leads a guest to the order form and a logged-in customer to their orders; a guest
 * withdraws an order that has not been shipped through the confirm step and the order is cancelled; a shipped
 * one, opened with the postal code, becomes a return of all its lines. The WCAG 2.1 A/AA rule set runs on the
 * form, the confirm step and the acknowledgement in every storefront.
 */
import { expect, test, type Page } from '@playwright/test';
import { LOCALE_CODES, type LocaleCode } from '#lib/market/locales.ts';
import { CUSTOMERS } from '#tests/support/checkout-customers.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, watchErrors } from './islands-fixtures.ts';
import { logInAs, operator, placeOrder, withDb } from './account-fixtures.ts';
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

/** The footer's entry → the guest form (order number + `proof`) → the order → its return page, each checked by axe. */
async function openReturnPage(page: Page, locale: LocaleCode, number: string, proof: string): Promise<void> {
  await page.goto(origin(locale) + '/');
  await page.getByTestId('withdrawal-entry').click();
  await page.waitForURL(origin(locale) + '/my-order?withdraw');
  expect(await wcagViolations(page), `${locale} form`).toEqual([]);
  await page.getByTestId('guest-order-number').fill(number);
  await page.getByTestId('guest-order-email').fill(proof);
  await page.getByTestId('guest-order-submit').click();
  await page.waitForURL(origin(locale) + `/my-order/${number}`);
  await page.getByTestId('order-return-link').click();
  await page.waitForURL(origin(locale) + `/my-order/return/${number}`);
}

test('sv: a guest opens a shipped, not yet delivered order with the postal code and withdraws it as one return', async ({ page }) => {
  const errors = watchErrors(page);
  await consentGiven(page, origin('sv'));
  const email = `shipped-${Date.now()}@example.se`;
  const number = await placeOrder(page, 'sv', email, 2);
  for (const step of ['pick', 'ship']) await operator(`orders/${number}/${step}`);

  await openReturnPage(page, 'sv', number, CUSTOMERS.sv.postal_code.replace(' ', ''));
  expect(await wcagViolations(page)).toEqual([]);
  await page.getByTestId('withdrawal-button').click();
  const review = page.getByTestId('withdrawal-review');
  await expect(review.getByTestId('withdrawal-review-line')).toHaveText([/^\s*2 ×/]);
  await review.getByTestId('withdrawal-confirm').click();
  const rma = `RMA-${number}-1`;
  await expect(page.getByTestId('return-done')).toContainText(rma);
  await expect(page.getByTestId('return-nothing-left')).toBeVisible();
  const mail = await withDb((db) =>
    db
      .selectFrom('mail_outbox')
      .select(['kind', 'recipient', 'text_body'])
      .where('dedupe_key', '=', `withdrawal_acknowledgement:${rma}`)
      .execute(),
  );
  expect(mail).toHaveLength(1);
  expect(mail[0]).toMatchObject({ kind: 'withdrawal_acknowledgement', recipient: email });
  expect(mail[0]!.text_body).toContain(number);
  expect(errors).toEqual([]);
});

// sv is checked step by step above; each other storefront in its own test (and browser context)
for (const locale of LOCALE_CODES.filter((l) => l !== 'sv'))
  test(`${locale}: the withdrawal form, confirm step and acknowledgement pass the WCAG 2.1 A/AA rule set`, async ({ page }) => {
    await consentGiven(page, origin(locale));
    const email = `axe-${locale}-${Date.now()}@example.test`;
    const number = await placeOrder(page, locale, email, 1);
    await openReturnPage(page, locale, number, email);
    expect(await wcagViolations(page), `${locale} return page`).toEqual([]);
    await page.getByTestId('withdrawal-button').click();
    await expect(page.getByTestId('withdrawal-review')).toBeVisible();
    expect(await wcagViolations(page), `${locale} confirm step`).toEqual([]);
    await page.getByTestId('withdrawal-confirm').click();
    await expect(page.getByTestId('return-done')).toContainText(number);
    expect(await wcagViolations(page), `${locale} acknowledgement`).toEqual([]);
  });
