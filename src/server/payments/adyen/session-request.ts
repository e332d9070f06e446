/**
 * The POST /sessions body for Hosted Checkout (`mode: hosted`): one payment method per session, the
 * one the shopper picked in our checkout. Simplification: no lineItems (Adyen needs them only for
 * buy-now-pay-later methods, which go through Klarna here) and no billing address (not needed for
 * cards and wallets; Adyen's address wants street and house number apart, which we do not keep).
 */
import type { CreatePaymentInput } from '../payment-provider.ts';
import { adyenMethodType, shopperOf } from './payment-methods.ts';

export function sessionRequestBody(input: CreatePaymentInput, merchantAccount: string): Record<string, unknown> {
  const { shopperLocale, countryCode } = shopperOf(input.locale);
  return {
    merchantAccount,
    mode: 'hosted',
    amount: { value: input.amountMinor, currency: input.currency },
    reference: input.reference,
    merchantOrderReference: input.checkoutId,
    // Adyen appends sessionId and sessionResult to this URL when the shopper comes back.
    returnUrl: input.returnUrl,
    allowedPaymentMethods: [adyenMethodType(input.locale, input.method, input.currency)],
    countryCode,
    shopperLocale,
    channel: 'Web',
    shopperEmail: input.customer.email,
    telephoneNumber: input.customer.mobile,
    shopperName: { firstName: input.customer.firstName, lastName: input.customer.lastName },
    // Authorise now, capture on shipment (the account default may be immediate capture).
    additionalData: { manualCapture: 'true' },
  };
}
