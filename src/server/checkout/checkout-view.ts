/** The CheckoutView answer: the checkout as stored plus the server's quote of it, problems in the shopper's language. */
import type { CheckoutView } from '#lib/api/checkout-contracts.ts';
import { LOCALES } from '#lib/market/locales.ts';
import { customerProblems } from '#lib/checkout/customer-problems.ts';
import { checkoutMessage } from '#lib/checkout/problem-messages.ts';
import type { CheckoutRecord } from './checkout-repository.ts';
import type { CheckoutQuote } from './checkout-quote.ts';
import { paymentMethodsFor } from './payment-methods.ts';

export function checkoutView(c: CheckoutRecord, q: CheckoutQuote, orderNumber: string | null = null): CheckoutView {
  const type = c.customer.type ?? 'consumer';
  return {
    id: c.id,
    locale: c.locale,
    // an order waiting for (or declined by) a company admin is done as far as the checkout page goes: the
    // confirmation page says what became of it (docs/adr/0034-company-order-approval.md)
    status: c.status === 'open' || c.status === 'paying' ? c.status : 'completed',
    items: q.items,
    coupons: q.coupons,
    customer: c.customer,
    problems: customerProblems(c.locale, c.customer, false).map((p) => ({ field: p.field, message: checkoutMessage(c.locale, p.code) })),
    shipping_processor: c.shippingProcessor,
    shipping_options: q.shippingOptions.map((o) => ({
      id: o.id,
      carrier: o.carrier,
      name: o.name,
      kind: o.kind,
      price_minor: o.priceMinor,
      vat_rate: o.vatRate,
      min_days: o.minDays,
      max_days: o.maxDays,
      has_service_points: o.hasServicePoints,
    })),
    shipping_option_id: q.shipping?.id ?? null,
    service_points: q.servicePoints.map((p) => ({
      id: p.id,
      carrier: p.carrier,
      name: p.name,
      street: p.street,
      postal_code: p.postalCode,
      city: p.city,
      opening_hours: p.openingHours,
      distance_meters: p.distanceMeters,
    })),
    service_point_id: q.servicePoint?.id ?? null,
    payment_methods: paymentMethodsFor(c.locale).filter((m) => m.customer_types.includes(type)),
    payment_method: c.paymentMethod,
    totals: q.totals,
    prices_ex_vat: type === 'business' && LOCALES[c.locale].allowExVAT,
    order_number: orderNumber,
  };
}
