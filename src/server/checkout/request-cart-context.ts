/** The logged-in customer behind a request (their personal discounts and CUSTOMERDISCOUNT), as the cart service takes it. */
import type { Db } from '#server/db/connection.ts';
import { customerById, customerOf, userOf } from '#server/auth/account-service.ts';
import type { CartContext } from '#server/cart/cart-service.ts';

export async function requestCartContext(db: Db, headers: Headers): Promise<CartContext> {
  const user = await customerOf(db, headers);
  return { customer: user ? { id: user.id, discounts: user.discount } : null };
}

/** The same context for a customer named by id: an order a company admin approves is priced as its buyer's (ADR 0034). */
export async function cartContextOfCustomer(db: Db, customerId: number): Promise<CartContext> {
  const row = await customerById(db, customerId);
  return { customer: row ? { id: row.id, discounts: userOf(row).discount } : null };
}
