/**
 * A checkout id from a URL: the shape the pages accept (isCheckoutIdShape), and at least as long as the ids
 * the server issues (base64url of 128 bits: 22 characters, checkout-repository.ts); anything else is not found.
 */
import { isCheckoutIdShape } from '#lib/checkout/failure-reasons.ts';
import { NotFoundError } from '#lib/errors/domain-errors.ts';

const MIN_LENGTH = 16;

export function checkoutIdParam(value: string | undefined): string {
  if (!isCheckoutIdShape(value) || value.length < MIN_LENGTH) throw new NotFoundError('no such checkout in this storefront');
  return value;
}
