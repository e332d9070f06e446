/**
 * The one interface every payment provider implements (docs/adr/0007-checkout-orders-and-money.md#providers):
 * the shop's own invoice, and adapters that speak a real provider's documented HTTP API (card and wallets,
 * pay-later, consumer and business invoice). Amounts are integer minor units (öre, cents), never floats.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

/** The six provider sessions a checkout records (cart state: payLater, shipping, card, invoice, invoiceConsumer, invoiceBusiness). */
export type PaymentSessionKind = 'payLater' | 'card' | 'invoice' | 'invoiceConsumer' | 'invoiceBusiness';

export interface PaymentLine {
  reference: string; // sku, or 'shipping' / 'discount'
  name: string;
  quantity: number;
  unitPriceMinor: number; // incl. VAT
  totalMinor: number; // incl. VAT, after discounts
  vatRate: number; // percent, e.g. 25 or 25.5
  vatMinor: number;
}

export interface PaymentCustomer {
  type: 'consumer' | 'business';
  email: string;
  mobile: string;
  firstName: string;
  lastName: string;
  street: string;
  postalCode: string;
  city: string;
  countryCode: string; // ISO 3166-1 alpha-2
  companyName?: string;
  organisationNumber?: string;
}

export interface CreatePaymentInput {
  /** The shop's id for this payment attempt: unique per attempt, stable across retries of one call. */
  reference: string;
  checkoutId: string;
  locale: LocaleCode;
  currency: 'SEK' | 'NOK' | 'DKK' | 'EUR';
  amountMinor: number;
  vatMinor: number;
  /** The storefront payment method the shopper chose (e.g. 'card', 'swish', 'vipps', 'mobilepay', 'dankort', 'ideal', 'klarna', 'invoice'). */
  method: string;
  lines: PaymentLine[];
  customer: PaymentCustomer;
  /** Where the provider's hosted page sends the shopper back (success and failure both land here; the shop reads the status). */
  returnUrl: string;
  /** Where the shopper goes on "cancel"/"back" in the hosted page. */
  cancelUrl: string;
  /** Where the provider posts notifications (webhooks) for this payment. */
  notificationUrl: string;
}

export type PaymentStatus =
  'pending' | 'authorized' | 'captured' | 'declined' | 'cancelled' | 'expired' | 'refunded' | 'partially_refunded';

export interface PaymentSession {
  /** The provider's id of this session/payment (recorded per provider with its locale on the checkout). */
  sessionId: string;
  status: PaymentStatus;
  /** Hosted page or wallet hand-off to send the shopper to; absent when no shopper step is needed (own invoice). */
  redirectUrl?: string;
}

export interface PaymentState {
  sessionId: string;
  status: PaymentStatus;
  amountMinor: number;
  currency: string;
  /** The provider's reference of the authorized payment (psp reference, order id …) used for capture/refund. */
  providerReference?: string;
  /** Why a payment failed, as a stable code the shop translates: 'declined', 'challenge_failed', 'cancelled', 'expired', 'provider_error'. */
  failureCode?: string;
  /**
   * Running totals where the provider cannot report them on a read (Adyen has no payment read):
   * adapters that track them return them from capture/refund, so a later call knows partial from full.
   */
  capturedMinor?: number;
  refundedMinor?: number;
}

export interface VerifiedNotification {
  /** Provider's id of the notification (deduplicated by the shop). */
  id: string;
  sessionId: string;
  /** The shop reference given at create time, when the provider echoes it. */
  reference?: string;
  status: PaymentStatus;
  amountMinor?: number;
  /** The provider's payment reference when the notification carries it (Adyen psp reference): needed to capture. */
  providerReference?: string;
  /** As PaymentState.failureCode, for a notification that reports a failure. */
  failureCode?: string;
  raw: unknown;
}

export interface PaymentProvider {
  readonly id: string; // 'invoice' (the shop's own), 'adyen', 'klarna', …
  readonly kind: PaymentSessionKind;
  createSession(input: CreatePaymentInput): Promise<PaymentSession>;
  /**
   * `returnParams`: the query the hosted page appended to returnUrl when the shopper came back. Optional;
   * Adyen can read a session only with its `sessionResult` from there (other providers ignore it).
   */
  readStatus(sessionId: string, returnParams?: URLSearchParams): Promise<PaymentState>;
  capture(state: PaymentState, amountMinor: number): Promise<PaymentState>;
  cancel(state: PaymentState): Promise<PaymentState>;
  refund(state: PaymentState, amountMinor: number, reference: string): Promise<PaymentState>;
  /**
   * Checks a notification's signature (or reads the status back from the provider) and returns what it says,
   * or null when it is not authentic. Never trusts an unsigned body.
   */
  verifyNotification(headers: Headers, rawBody: string): Promise<VerifiedNotification[] | null>;
}
