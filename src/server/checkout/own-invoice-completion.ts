/**
 * Completing a checkout paid by the shop's own invoice (docs/product/checkout.md#placing-the-order): the invoice
 * "provider" records the session and the order is made at once. Placing uses it, and so does a company admin's
 * approval of an order that waited (docs/adr/0034-company-order-approval.md), with the amount the admin approved.
 */
import type { Db } from '#server/db/connection.ts';
import { LOCALES } from '#lib/market/locales.ts';
import type { PaymentMethodView } from '#lib/api/checkout-contracts.ts';
import type { CartContext } from '#server/cart/cart-service.ts';
import type { PaymentProvider } from '#server/payments/payment-provider.ts';
import type { CheckoutRecord } from './checkout-repository.ts';
import type { CheckoutUrls } from './checkout-page-urls.ts';
import type { CheckoutQuote } from './checkout-quote.ts';
import { completeCheckout, type CompletionUnit } from './complete-checkout.ts';

export async function completeWithOwnInvoice(
  db: Db,
  c: CheckoutRecord,
  quote: CheckoutQuote,
  method: PaymentMethodView,
  provider: PaymentProvider,
  urls: CheckoutUrls,
  ctx: CartContext,
  /**
   * `approval`: the amount approved must be what the server prices it at now (else PriceChanged, nothing made), and
   * the decision is taken in the order's transaction (`unit`).
   */
  opts: { source: string; approvedMinor?: number; unit?: CompletionUnit } = { source: 'shopper' },
): Promise<{ orderNumber: string; created: boolean }> {
  const type = c.customer.type ?? 'consumer';
  const session = await provider.createSession({
    reference: c.id,
    checkoutId: c.id,
    locale: c.locale,
    currency: quote.totals.currency,
    amountMinor: quote.totals.total_minor,
    vatMinor: quote.totals.vat_minor,
    method: method.id,
    lines: [],
    customer: {
      type,
      email: c.customer.email!,
      mobile: c.customer.mobile!,
      firstName: c.customer.first_name!,
      lastName: c.customer.last_name!,
      street: c.customer.street!,
      postalCode: c.customer.postal_code!,
      city: c.customer.city!,
      countryCode: LOCALES[c.locale].countryCode,
      companyName: c.customer.company_name,
      organisationNumber: c.customer.organisation_number,
    },
    returnUrl: urls.confirmation(c.id),
    cancelUrl: urls.failed(c.id, 'cancelled'),
    notificationUrl: '',
  });
  return completeCheckout(
    db,
    c,
    {
      provider: 'invoice',
      status: 'authorized',
      amountMinor: opts.approvedMinor ?? null,
      sessionId: session.sessionId,
      providerReference: null,
    },
    opts.source,
    ctx,
    undefined,
    opts.unit,
  );
}
