/** A checkout id from a URL: base64url of 128 bits (checkout-repository.ts); anything else is simply not found. */
import { ApiFailure } from '#server/http/endpoint.ts';

export function checkoutIdParam(value: string | undefined): string {
  if (!value || !/^[A-Za-z0-9_-]{16,64}$/.test(value)) throw new ApiFailure(404, 'not_found', 'no such checkout in this storefront');
  return value;
}
