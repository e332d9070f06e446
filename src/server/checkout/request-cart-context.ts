/**
 * The logged-in customer behind a request (their personal discounts and CUSTOMERDISCOUNT), as the cart service takes it,
 * with their company's price terms (docs/adr/0035-company-prices.md): company and cart are both layer 4, so the terms
 * reach the cart through the context built here.
 */
import type { Db } from '#server/db/connection.ts';
import { customerOf } from '#server/auth/account-service.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import { companyTermsOf } from '#server/company/company-prices.ts';

export async function requestCartContext(db: Db, headers: Headers): Promise<CartContext> {
  const user = await customerOf(db, headers);
  const company = user ? await companyTermsOf(db, user.id) : null;
  return { customer: user ? { id: user.id, discounts: user.discount } : null, ...(company ? { company } : {}) };
}
