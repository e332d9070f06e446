/**
 * The shop URLs a payment provider is given: the public storefront origin (siteSettings), never the
 * request's Host, since the provider's page sends the shopper's browser there and the provider posts there.
 * Every /api/* URL carries the storefront's locale + sid (docs/product/api.md#common-rules).
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { API_PATHS } from '#lib/api/paths.ts';
import { storeQuery } from '#lib/api/common.ts';
import type { PaymentSessionKind } from '#server/payments/payment-provider.ts';
import { siteSettings } from '#server/market/site-settings.ts';

const origin = (locale: LocaleCode): string => siteSettings().origins[locale];

/** GET /api/checkout/{id}/return: the provider appends its own parameters (Adyen sessionId + sessionResult, Klarna sid + token). */
export function paymentReturnUrl(locale: LocaleCode, checkoutId: string, kind: PaymentSessionKind): string {
  return `${origin(locale)}${API_PATHS.checkout.paymentReturn(checkoutId)}?${storeQuery(locale)}&kind=${kind}`;
}

export function notificationUrl(locale: LocaleCode, provider: string): string {
  return `${origin(locale)}${API_PATHS.paymentNotifications(provider)}?${storeQuery(locale)}`;
}
