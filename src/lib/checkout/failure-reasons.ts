/**
 * Why a payment did not complete, as the failed page's `reason` query names it (docs/product/checkout.md).
 * The codes are the payment providers' failure codes plus out_of_stock; anything else is shown as a
 * provider error, so a hand-edited URL never shows an empty message.
 */
export const FAILURE_REASONS = ['declined', 'challenge_failed', 'cancelled', 'expired', 'provider_error', 'out_of_stock'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export function failureReason(query: string | null | undefined): FailureReason {
  return (FAILURE_REASONS as readonly string[]).includes(query ?? '') ? (query as FailureReason) : 'provider_error';
}

/**
 * A checkout id as it may appear in a page path: what the server issues is URL-safe and at most 64
 * characters (the contracts' limit); anything else cannot be a checkout and gets the not-found page.
 */
export function isCheckoutIdShape(id: string | undefined): id is string {
  return typeof id === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(id);
}
