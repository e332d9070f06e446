/** The storefront pages a checkout ends on (docs/product/checkout.md#routes), as paths on the storefront's own domain. */
import type { LocaleCode } from '#lib/market/locales.ts';
import { pathFor } from '#lib/routing/routes.ts';

/** Where the browser goes when a checkout ends: placing, the provider's return and a refusal at once all use these. */
export interface CheckoutUrls {
  confirmation: (id: string) => string;
  failed: (id: string, reason: string) => string;
}

export function checkoutPageUrls(locale: LocaleCode): CheckoutUrls {
  return {
    confirmation: (id) => pathFor('checkout-confirmation-id', locale, { id }),
    failed: (id, reason) => `${pathFor('checkout-failed-id', locale, { id })}?reason=${encodeURIComponent(reason)}`,
  };
}
