/**
 * Issue 28's company journey in the browser (docs/product/company-accounts.md#approval, ADR 0034): the admin invites a
 * buyer with a spending limit, the buyer joins by the e-mail's link, orders above the limit (told on the checkout page,
 * the confirmation says the order waits), the admin approves on /my-account/company, and the order is placed as the
 * company's for the total the buyer saw, the buyer mailed. Every new page state passes axe.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { hashPassword } from '#server/auth/passwords.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import { createCompany } from '#server/company/company-accounts.ts';
import { origin } from '#tests/support/test-env.ts';
import { swedishOrgNumber } from '#tests/support/org-numbers.ts';
import { consentGiven, demoProducts, line, watchErrors } from './islands-fixtures.ts';
import { logInAs, withDb } from './account-fixtures.ts';
import { chooseShipping, CUSTOMERS, fillCustomer, openCheckoutWith } from './checkout-fixtures.ts';
import { seriousAxe, wcagViolations } from './a11y-fixtures.ts';
import { ADMIN, signInStaffPage } from './backoffice-fixtures.ts';

const sv = origin('sv');
const run = Date.now();
const PASSWORD = 'company approval 1';
const adminEmail = `approver-${run}@example.se`;
const buyerEmail = `buyer-${run}@example.se`;

const amountMinor = (s: string | null) => Math.round(Number((s ?? '').replace(/[^\d,]/g, '').replace(',', '.')) * 100);

async function signedIn(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await consentGiven(page, sv);
  await logInAs(page, 'sv', email, PASSWORD);
  return page;
}

test('sv: invite → the buyer joins → orders above the limit → the admin approves → the order is placed', async ({ browser }) => {
  const companyName = `Fastighetsdrift ${run} AB`;
  await withDb(async (db) => {
    for (const [email, name] of [
      [adminEmail, 'Ada Admin'],
      [buyerEmail, 'Bo Buyer'],
    ]) {
      const c = (await createCustomer(db, email!, name!))!;
      await db
        .updateTable('customers')
        .set({ password_hash: await hashPassword(PASSWORD) })
        .where('id', '=', c.id)
        .execute();
      // the founding through the page is company-account.spec.ts's
      if (email === adminEmail)
        await createCompany(db, 'sv', c.id, {
          name: companyName,
          organisationNumber: swedishOrgNumber(run + 7),
          billing: { street: 'Driftvägen 3', postalCode: '111 22', city: 'Stockholm' },
        });
    }
  });

  // the admin invites a buyer who may order up to 10 kronor without approval
  const admin = await signedIn(browser, adminEmail);
  const adminErrors = watchErrors(admin);
  await admin.goto(sv + '/my-account/company');
  await expect(admin.getByTestId('company-approvals-none')).toBeVisible();
  const invite = admin.getByTestId('company-invite-form');
  await invite.getByLabel('E-post').fill(buyerEmail);
  await invite.getByLabel('Roll').selectOption('buyer');
  await invite.getByLabel('Beställningsgräns (SEK)').fill('10');
  await invite.getByTestId('company-invite-send').click();
  await expect(admin.getByTestId('company-done')).toHaveText('Inbjudan är skickad.');
  const token = await withDb(async (db) => {
    const mail = await db.selectFrom('mail_outbox').select('text_body').where('recipient', '=', buyerEmail).executeTakeFirstOrThrow();
    return /invitation=([\w-]+)/.exec(mail.text_body)![1]!;
  });

  // the buyer joins by the link
  const buyer = await signedIn(browser, buyerEmail);
  const buyerErrors = watchErrors(buyer);
  await buyer.goto(`${sv}/my-account/company?invitation=${token}`);
  await buyer.getByTestId('company-accept').click();
  await expect(buyer.getByTestId('company-details')).toHaveAttribute('data-role', 'buyer');

  // the buyer orders above the limit: told first, then the order waits
  const [product] = await demoProducts('sv', 1);
  const checkoutId = await openCheckoutWith(buyer, 'sv', [line(product!, 2)]);
  await expect(buyer.getByTestId('checkout-company-notice')).toHaveAttribute('data-kind', 'limit');
  await expect(buyer.getByTestId('checkout-company-notice')).toContainText(companyName);
  expect(await seriousAxe(buyer)).toEqual([]);
  await fillCustomer(buyer, { ...CUSTOMERS.sv, email: buyerEmail }, true);
  await chooseShipping(buyer, 'home');
  const invoice = buyer.locator('[data-testid="checkout-payment-method"][data-method="invoice-business"]');
  await invoice.locator('input').check();
  await expect(invoice.locator('input')).toBeChecked();
  await buyer.getByTestId('checkout-terms').check();
  await expect(buyer.locator('.checkout-totals.is-busy')).toHaveCount(0);
  const total = amountMinor(await buyer.getByTestId('checkout-total').textContent());
  expect(total).toBeGreaterThan(10_00);
  await buyer.getByTestId('checkout-place-order').click();
  await buyer.waitForURL(new RegExp(`/checkout/confirmation/${checkoutId}$`));
  await expect(buyer.getByTestId('order-awaiting-approval')).toHaveAttribute('data-status', 'waiting');
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText('Ordern väntar på godkännande');
  expect(await seriousAxe(buyer)).toEqual([]);
  expect(await withDb((db) => db.selectFrom('orders').select('id').where('checkout_id', '=', checkoutId).execute())).toEqual([]);

  // the admin sees it waiting and approves it
  await admin.goto(sv + '/my-account/company');
  const waiting = admin.getByTestId('company-approval');
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toHaveAttribute('data-total-minor', String(total));
  await expect(waiting).toContainText('Bo Buyer');
  expect(await seriousAxe(admin)).toEqual([]);
  await waiting.getByTestId('company-approve').click();
  await expect(admin.getByTestId('company-done')).toHaveText('Ordern är godkänd och lagd.');
  await expect(admin.getByTestId('company-approvals-none')).toBeVisible();

  // the order exists, the company's, for the total the buyer saw; the buyer is mailed
  const { order, mails } = await withDb(async (db) => ({
    order: await db
      .selectFrom('orders')
      .select(['id', 'total_minor', 'company_id', 'status'])
      .where('checkout_id', '=', checkoutId)
      .executeTakeFirstOrThrow(),
    mails: await db.selectFrom('mail_outbox').select(['kind', 'text_body']).where('recipient', '=', buyerEmail).execute(),
  }));
  expect(Number(order.total_minor)).toBe(total);
  expect(order.company_id).not.toBeNull();
  expect(order.status).toBe('placed');
  expect(mails.map((m) => m.kind).sort()).toEqual(['company_approval_decision', 'company_invite', 'order_confirmation']);
  expect(mails.find((m) => m.kind === 'company_approval_decision')!.text_body).toContain(order.id);

  // the buyer's account: the order, and the request approved
  await buyer.goto(sv + '/my-account/orders');
  await expect(buyer.locator(`[data-testid="account-order-row"][data-order-number="${order.id}"]`)).toBeVisible();
  await expect(buyer.getByTestId('account-approval')).toHaveAttribute('data-status', 'approved');
  expect(await seriousAxe(buyer)).toEqual([]);
  expect(adminErrors).toEqual([]);
  expect(buyerErrors).toEqual([]);

  // the back office's order page shows the company it was placed for, and who placed it (docs/product/back-office.md)
  const staff = await (await browser.newContext()).newPage();
  await signInStaffPage(staff, 'staff');
  await staff.goto(`${ADMIN}/orders/${order.id}`);
  await expect(staff.getByTestId('bo-order-company-name')).toHaveText(companyName);
  await expect(staff.getByTestId('bo-order-company-org')).toHaveText(/^\d{6}-?\d{4}$/);
  await expect(staff.getByTestId('bo-order-company-placed-by')).toContainText('Bo Buyer');
  expect(await wcagViolations(staff)).toEqual([]);
});
