/**
 * What every session the shop opens at an external provider for one checkout has (a payment attempt, or the
 * shipping processor's session), as the checkout row records it (docs/adr/0007-checkout-orders-and-money.md#providers).
 * The checkout's record (ProviderSessionRecord, src/server/checkout/checkout-repository.ts) adds the payment
 * fields and the shipping answer.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

export interface ProviderSession {
  id: string;
  locale: LocaleCode;
  provider: string;
  amountMinor: number;
  /**
   * The shop's reference: `${checkout id}.${attempt}` for a payment attempt (provider-side idempotency key),
   * the checkout id for the shipping session.
   */
  reference: string;
  openedAt?: string;
}
