/**
 * The guest order forms' request (docs/product/accounts.md#login-dialog), for islands: no zod here, whose eval
 * probe would break the storefronts' strict CSP (docs/product/security.md).
 */
import type { OrderLoginRequest } from '#lib/api/auth-contracts.ts';

/** The guest forms' one field takes the e-mail or the postal code of the order's address: an '@' tells which. */
export function orderLoginRequest(orderId: string, emailOrPostalCode: string): OrderLoginRequest {
  const proof = emailOrPostalCode.trim();
  return { order_id: orderId.trim(), ...(proof.includes('@') ? { email: proof } : { postal_code: proof }) };
}
