/**
 * My account and guest order pages in the browser (docs/product/account-pages.md): an order placed at the
 * checkout is found after logging in from the account page's prompt, and by a guest with its number and
 * e-mail; the profile form answers in the storefront's rules and language; no serious axe findings.
 */
import { expect, test } from '@playwright/test';
import { checkoutMessage } from '#lib/checkout/problem-messages.ts';
import { DEMO_CUSTOMER } from '#server/seed/demo-customers.ts';
import { origin } from '#tests/support/test-env.ts';
import { consentGiven, hydrated, watchErrors } from './islands-fixtures.ts';
import { CUSTOMERS } from './checkout-fixtures.ts';
import { logInAs, placeOrder, withDb } from './account-fixtures.ts';
import { seriousAxe } from './a11y-fixtures.ts';

test('sv: an order placed at the checkout → login from the account page → orders → that order', async ({ page }) => {
  const errors = watchErrors(page);
  await consentGiven(page, origin('sv'));
  const number = await placeOrder(page, 'sv', DEMO_CUSTOMER.email);

  await page.goto(origin('sv') + '/my-account/orders');
  await expect(page.getByTestId('account-login-prompt')).toBeVisible();
  await hydrated(page);
  expect(await seriousAxe(page)).toEqual([]);
  await page.getByTestId('account-login-link').click();
  const dialog = page.getByTestId('login-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('input[name="email"]').fill(DEMO_CUSTOMER.email);
  await dialog.locator('input[name="password"]').fill(DEMO_CUSTOMER.password);
  await dialog.locator('button[type="submit"]').click();

  await page.waitForURL(origin('sv') + '/my-account/orders');
  const nav = page.getByTestId('account-nav');
  await expect(nav).toBeVisible();
  await expect(nav.locator('a[aria-current="page"]')).toHaveAttribute('data-route', 'my-account-orders');
  const row = page.locator(`[data-testid="account-order-row"][data-order-number="${number}"]`);
  await expect(page.getByTestId('account-orders')).toBeVisible();
  await expect(row.getByTestId('order-status')).toHaveText('Mottagen');
  expect(await seriousAxe(page)).toEqual([]);

  await row.getByTestId('account-order-link').click();
  await page.waitForURL(origin('sv') + `/my-account/orders/${number}`);
  const order = page.getByTestId('account-order');
  await expect(order).toHaveAttribute('data-order-number', number);
  await expect(order.getByTestId('order-line')).toHaveCount(1);
  await expect(order.getByTestId('order-payment')).toHaveAttribute('data-method', 'invoice');
  await expect(order.getByTestId('order-delivery-estimate')).toBeVisible();
  await expect(order.getByTestId('order-total')).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);

  await page.getByTestId('account-nav').locator('a[data-route="my-account"]').click();
  await expect(page.getByTestId('account-greeting')).toHaveText(`Hej ${DEMO_CUSTOMER.name}!`);
  await expect(page.locator(`[data-testid="account-order-row"][data-order-number="${number}"]`)).toBeVisible();
  expect(await seriousAxe(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('sv: a guest opens their order with its number and e-mail, and no other', async ({ page, browser }) => {
  await consentGiven(page, origin('sv'));
  const email = `guest-${Date.now().toString(36)}@example.se`;
  const number = await placeOrder(page, 'sv', email);

  // a fresh browser: no cookies, no stored state
  const context = await browser.newContext();
  const guest = await context.newPage();
  const errors = watchErrors(guest);
  await consentGiven(guest, origin('sv'));
  await guest.goto(origin('sv') + '/my-order');
  await hydrated(guest);
  const form = guest.getByTestId('guest-order-form');
  await expect(form).toBeVisible();
  expect(await seriousAxe(guest)).toEqual([]);

  await guest.getByTestId('guest-order-number').fill(number);
  await guest.getByTestId('guest-order-email').fill('someone.else@example.se');
  await guest.getByTestId('guest-order-submit').click();
  await expect(guest.getByTestId('guest-order-error')).toBeVisible();

  await guest.getByTestId('guest-order-email').fill(email.toUpperCase());
  await guest.getByTestId('guest-order-submit').click();
  await guest.waitForURL(origin('sv') + `/my-order/${number}`);
  await expect(guest.getByTestId('account-order')).toHaveAttribute('data-order-number', number);
  await expect(guest.getByTestId('order-line')).toHaveCount(1);
  expect(await seriousAxe(guest)).toEqual([]);

  // the seeded demo guest order exists, but this session names another one
  const other = await guest.goto(origin('sv') + '/my-order/1000017');
  expect(other?.status()).toBe(404);
  await expect(guest.getByTestId('guest-order-form')).toBeVisible();
  await expect(guest.getByTestId('account-order')).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

/** The "view your order" link of an order's confirmation e-mail, as the outbox holds it. */
async function confirmationLink(number: string): Promise<string> {
  const mail = await withDb((db) =>
    db.selectFrom('mail_outbox').select('text_body').where('dedupe_key', '=', `order_confirmation:${number}`).executeTakeFirstOrThrow(),
  );
  return /https?:\/\/\S+\/my-order\/\S+/.exec(mail.text_body)![0];
}

test("fi: a guest opens their order from the confirmation e-mail's link, once", async ({ page, browser }) => {
  await consentGiven(page, origin('fi'));
  const number = await placeOrder(page, 'fi', `guest-${Date.now().toString(36)}@example.fi`);
  const link = await confirmationLink(number);
  expect(new URL(link).pathname).toBe(`/my-order/${number}`);

  const context = await browser.newContext();
  const guest = await context.newPage();
  const errors = watchErrors(guest);
  await consentGiven(guest, origin('fi'));
  await guest.goto(link);
  await expect(guest.getByTestId('account-order')).toHaveCount(0);
  expect(await seriousAxe(guest)).toEqual([]);
  await guest.getByTestId('guest-order-link-open').click();
  await guest.waitForURL(origin('fi') + `/my-order/${number}`);
  await expect(guest.getByTestId('account-order')).toHaveAttribute('data-order-number', number);
  await expect(guest.getByTestId('order-line')).toHaveCount(1);

  // the same link in another browser: used up, the form with the number filled in
  const other = await browser.newContext();
  const second = await other.newPage();
  await second.goto(link);
  await expect(second.getByTestId('guest-order-link-refused')).toBeVisible();
  await expect(second.getByTestId('guest-order-number')).toHaveValue(number);
  expect(errors).toEqual([]);
  await context.close();
  await other.close();
});

for (const locale of ['sv', 'fi'] as const) {
  test(`${locale}: the profile form answers with the storefront's rules and language, then saves`, async ({ page }) => {
    const errors = watchErrors(page);
    const c = CUSTOMERS[locale];
    await consentGiven(page, origin(locale));
    await logInAs(page, locale, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    await page.goto(origin(locale) + '/my-account/profile/edit');
    const form = page.getByTestId('profile-form');
    await expect(form).toBeVisible();
    await expect(page.getByTestId('account-nav').locator('a[aria-current="page"]')).toHaveAttribute(
      'data-route',
      'my-account-profile-edit',
    );

    await page.getByTestId('profile-name').fill(DEMO_CUSTOMER.name);
    await page.getByTestId('profile-phone').fill(c.bad_mobile);
    await page.getByTestId('profile-street').fill(c.street);
    await page.getByTestId('profile-postal_code').fill(c.bad_postal_code);
    await page.getByTestId('profile-city').fill(c.city);
    await page.getByTestId('profile-type-business').check();
    await page.getByTestId('profile-company_name').fill(c.company_name);
    await page.getByTestId('profile-organisation_number').fill(c.organisation_number);
    await page.getByTestId('profile-save').click();

    await expect(page.getByTestId('profile-problems')).toBeVisible();
    const problem = (field: string) => page.locator(`[data-testid="profile-problem"][data-field="${field}"]`);
    await expect(problem('phone')).toHaveText(checkoutMessage(locale, 'mobile'));
    await expect(problem('postal_code')).toHaveText(checkoutMessage(locale, 'postal_code'));
    await expect(page.getByTestId('profile-postal_code')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('profile-street')).toHaveValue(c.street); // what was typed stays
    expect(await seriousAxe(page)).toEqual([]);

    await page.getByTestId('profile-phone').fill(c.mobile);
    await page.getByTestId('profile-postal_code').fill(c.postal_code);
    await page.getByTestId('profile-marketing_consent').check();
    await page.getByTestId('profile-save').click();
    await page.waitForURL(origin(locale) + '/my-account/profile/edit?saved=1');
    await expect(page.getByTestId('profile-saved')).toBeVisible();
    await expect(page.getByTestId('profile-problem')).toHaveCount(0);
    await expect(page.getByTestId('profile-type-business')).toBeChecked();
    await expect(page.getByTestId('profile-marketing_consent')).toBeChecked();
    await expect(page.getByTestId('profile-email')).toHaveValue(DEMO_CUSTOMER.email);
    expect(errors).toEqual([]);
  });
}
