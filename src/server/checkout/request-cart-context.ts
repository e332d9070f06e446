/** The logged-in customer behind a request (their personal discounts and CUSTOMERDISCOUNT), as the cart service takes it. */
import type { Db } from '#server/db/connection.ts';
import { customerOf } from '#server/auth/account-service.ts';
import type { CartContext } from '#server/cart/cart-service.ts';

export async function requestCartContext(db: Db, headers: Headers): Promise<CartContext> {
  const user = await customerOf(db, headers);
  return { customer: user ? { id: user.id, discounts: user.discount } : null };
}
