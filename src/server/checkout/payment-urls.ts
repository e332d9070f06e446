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

/** GET /api/checkout/{id}/return: the provider appends its own parameters (Adyen sessionId + sessionResult, Klarna sid + token, Walley walley_token). */
export function paymentReturnUrl(locale: LocaleCode, checkoutId: string, kind: PaymentSessionKind): string {
  return `${origin(locale)}${API_PATHS.checkout.paymentReturn(checkoutId)}?${storeQuery(locale)}&kind=${kind}`;
}

/**
 * Where a hosted page's cancel / back button sends the shopper: the return URL marked `cancelled=1`, so a
 * payment the provider still reports as pending (Two leaves a cancelled order unverified) is cancelled by
 * the shop instead of being waited for. The provider's own answer still decides.
 */
export function paymentCancelUrl(locale: LocaleCode, checkoutId: string, kind: PaymentSessionKind): string {
  return `${paymentReturnUrl(locale, checkoutId, kind)}&cancelled=1`;
}

/** Walley and Two are told this URL per payment; Adyen's is configured per merchant account (sandbox-webhook.ts). */
export function notificationUrl(locale: LocaleCode, provider: string): string {
  return `${origin(locale)}${API_PATHS.paymentNotifications(provider)}?${storeQuery(locale)}`;
}
