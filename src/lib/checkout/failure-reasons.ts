/**
 * Why a payment did not complete, as the failed page's `reason` query names it (docs/product/checkout.md#failed-page),
 * and what the shopper does next. The codes are every reason the server sends there: the providers' failure
 * codes (declined, challenge_failed, cancelled, expired, provider_error), the completion's refusals
 * (price_changed, out_of_stock) and a return the provider could not yet confirm (pending). Anything else
 * (a hand-edited URL, a status without a code) is `unknown` and gets a generic text, never an empty one.
 */
export const FAILURE_REASONS = [
  'declined',
  'challenge_failed',
  'cancelled',
  'expired',
  'provider_error',
  'out_of_stock',
  'price_changed',
  'pending',
] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number] | 'unknown';

export function failureReason(query: string | null | undefined): FailureReason {
  return (FAILURE_REASONS as readonly string[]).includes(query ?? '') ? (query as FailureReason) : 'unknown';
}

/**
 * The next step the page offers (locale key `checkout.failed.next.<step>`): try again, wait for a provider
 * that is down, check a new total or the stock left, or wait for a payment still being confirmed (paying
 * again then would only be cancelled: docs/adr/0007-checkout-orders-and-money.md#external-payments-adyen-klarna-walley-two).
 */
export const NEXT_STEPS = ['retry', 'retry_later', 'check_total', 'check_cart', 'wait'] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

const NEXT: Record<FailureReason, NextStep> = {
  declined: 'retry',
  challenge_failed: 'retry',
  cancelled: 'retry',
  expired: 'retry',
  provider_error: 'retry_later',
  out_of_stock: 'check_cart',
  price_changed: 'check_total',
  pending: 'wait',
  unknown: 'retry',
};

export function nextStep(reason: FailureReason): NextStep {
  return NEXT[reason];
}

/**
 * A checkout id as it may appear in a page path: what the server issues is URL-safe and at most 64
 * characters (the contracts' limit); anything else cannot be a checkout and gets the not-found page.
 */
export function isCheckoutIdShape(id: string | undefined): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id);
}
