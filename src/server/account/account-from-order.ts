/**
 * "Create an account with this order" (docs/product/accounts.md#account-at-checkout), called once when a checkout
 * becomes an order, inside the completing transaction: if the box was ticked and the order's e-mail has no
 * account, an account without a password is created, the order linked to it, and the set-password e-mail
 * queued. An e-mail that already has an account gets nothing extra and no order is linked to it: the shopper
 * might not be its owner, and the answer must not reveal that the account exists.
 */
import type { Db } from '#server/db/connection.ts';
import type { CheckoutCustomer } from '#lib/api/checkout-contracts.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { createCustomer, sendAccountLink } from '#server/auth/account-links.ts';
import { linkOrderToCustomer } from '#server/orders/order-writes.ts';

export async function createAccountForOrder(
  db: Db,
  input: { orderNumber: string; checkout: { locale: LocaleCode; customer: Partial<CheckoutCustomer> }; at: string },
): Promise<boolean> {
  const { customer, locale } = input.checkout;
  if (customer.create_account !== true || !customer.email) return false;
  const now = Date.parse(input.at);
  const name = `${customer.first_name ?? ''} ${customer.last_name ?? ''}`.trim();
  const created = await createCustomer(db, customer.email, name, now);
  if (!created) return false;
  await linkOrderToCustomer(db, input.orderNumber, created.id);
  await sendAccountLink(db, locale, 'set_password', created, now);
  return true;
}
