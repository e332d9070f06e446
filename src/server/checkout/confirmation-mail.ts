/**
 * The order confirmation e-mail for an order being created (docs/product/emails.md#order-confirmation),
 * rendered from the same snapshot the order row stores and queued in the completing transaction.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { OutgoingMail } from '#lib/mail/mail-message.ts';
import { orderConfirmationMail } from '#lib/mail/order-confirmation-mail.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import type { OrderDetails } from '#server/orders/order-details.ts';

/** `orderUrl`: where "view your order" leads; by default the confirmation page (the guest order link, account-pages.md). */
export function confirmationMail(
  locale: LocaleCode,
  orderNumber: string,
  placedAt: string,
  d: OrderDetails,
  orderUrl?: string,
): OutgoingMail {
  const origin = siteSettings().origins[locale];
  const content = orderConfirmationMail(locale, {
    orderNumber,
    placedAt,
    firstName: d.customer.first_name ?? '',
    items: d.lines,
    totals: d.totals,
    shipping: d.shipping,
    servicePoint: d.shipping.service_point,
    paymentName: d.payment.method_name,
    invoiceReference: d.invoice_reference?.display ?? null,
    orderUrl: orderUrl ?? origin + pathFor('checkout-confirmation-id', locale, { id: d.checkout_id }),
    invoiceUrl: d.invoice_reference ? origin + pathFor('checkout-invoice-id', locale, { id: d.checkout_id }) : null,
    withdrawalUrl: `${origin}${pathFor('my-order-id', locale)}?withdraw`,
  });
  return { ...content, kind: 'order_confirmation', locale, to: d.customer.email ?? '', dedupeKey: `order_confirmation:${orderNumber}` };
}
