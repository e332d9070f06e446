/**
 * The logged-in customer behind a request (their personal discounts and CUSTOMERDISCOUNT), as the cart service takes it,
 * with their company's price terms (docs/adr/0035-company-prices.md): company and cart are both layer 4, so the terms
 * reach the cart through the context built here.
 */
import type { Db } from '#server/db/connection.ts';
import { customerById, customerOf, userOf } from '#server/auth/account-service.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import { companyTermsOf } from '#server/company/company-prices.ts';

export async function requestCartContext(db: Db, headers: Headers): Promise<CartContext> {
  const user = await customerOf(db, headers);
  return contextOf(db, user ? { id: user.id, discount: user.discount } : null);
}

/**
 * The same context for a customer named by id: an order a company admin approves is priced as its buyer's (ADR 0034),
 * company prices included, so the approved amount is what the buyer was shown.
 */
export async function cartContextOfCustomer(db: Db, customerId: number): Promise<CartContext> {
  const row = await customerById(db, customerId);
  return contextOf(db, row ? { id: row.id, discount: userOf(row).discount } : null);
}

async function contextOf(db: Db, user: { id: number; discount: Record<string, number> } | null): Promise<CartContext> {
  const company = user ? await companyTermsOf(db, user.id) : null;
  return { customer: user ? { id: user.id, discounts: user.discount } : null, ...(company ? { company } : {}) };
}
