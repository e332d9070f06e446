/** Queues a return's e-mails (docs/product/returns.md#e-mails): one per return and step, through the outbox. */
import type { Db } from '#server/db/connection.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { formatPlacedAt } from '#lib/checkout/order-dates.ts';
import { SELLERS } from '#lib/payments/seller-details.ts';
import { returnMail, type ReturnMailKind } from '#lib/mail/return-mails.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';
import type { ReturnRecord } from './return-record.ts';

/** `hasAccount`: the order belongs to a customer account (its link goes to my account, else to the guest order). */
export async function queueReturnMail(
  db: Db,
  kind: ReturnMailKind,
  order: OrderRecord,
  r: ReturnRecord,
  hasAccount: boolean,
  now: Date,
): Promise<void> {
  const seller = SELLERS[order.locale];
  const page = hasAccount
    ? pathFor('my-account-orders-return-id', order.locale, { id: order.number })
    : pathFor('my-order-return-id', order.locale, { id: order.number });
  const content = returnMail(kind, order.locale, {
    rma: r.rma,
    orderNumber: order.number,
    firstName: order.details.customer.first_name ?? '',
    lines: r.lines.map((l) => ({ name: order.details.lines[l.line]?.name ?? l.sku, sku: l.sku, quantity: l.quantity })),
    refundMinor: r.refundGoodsMinor + r.refundShippingMinor,
    returnAddress: `${seller.legalName}, ${seller.street}, ${seller.postalCity}, ${seller.country}`,
    orderUrl: siteSettings().origins[order.locale] + page,
    returnCode: r.returnShipment ? { carrier: r.returnShipment.carrier, code: r.returnShipment.code } : null,
    // The acknowledgement names the date and time of the withdrawal (Directive 2011/83/EU art. 11a).
    ...(kind === 'withdrawal_acknowledgement' ? { withdrawnAt: formatPlacedAt(r.createdAt, order.locale) } : {}),
  });
  await enqueueMail(db, { ...content, kind, locale: order.locale, to: order.email, dedupeKey: `${kind}:${r.rma}` }, { now });
}
