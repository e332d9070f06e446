/**
 * docs/product/cart.md#internal-carts: a server header marks a cart as internal. A cart is internal when the request carries the
 * header x-partsfront-internal equal to the configured PARTSFRONT_INTERNAL_TOKEN (staff tools, kiosks);
 * the answer then has x-be-internal: 1, which the client stores as its internal flag. Without a
 * configured token no cart is internal. Compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';

export const INTERNAL_REQUEST_HEADER = 'x-partsfront-internal';

export function isInternalRequest(headers: Headers, token = process.env.PARTSFRONT_INTERNAL_TOKEN): boolean {
  const sent = headers.get(INTERNAL_REQUEST_HEADER);
  if (!token || !sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
