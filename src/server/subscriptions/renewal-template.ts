/** What a renewal checkout is made of, kept on the subscription (docs/product/subscriptions.md#renewals). */
import type { CheckoutCustomer } from '#lib/api/checkout-contracts.ts';

export interface RenewalTemplate {
  /** The first order's customer details: address, e-mail, customer type (business buyers stay business). */
  customer: Partial<CheckoutCustomer>;
  /** The first order's eel shipping option and service point, used again while eel still offers them. */
  shippingOptionId: string | null;
  servicePointId: string | null;
}

export function parseTemplate(json: string): RenewalTemplate {
  const t = JSON.parse(json) as Partial<RenewalTemplate>;
  return { customer: t.customer ?? {}, shippingOptionId: t.shippingOptionId ?? null, servicePointId: t.servicePointId ?? null };
}
