/** The "shipped" e-mail of an order, queued in the ship step's transaction, one per order (dedupe `shipped:<number>`). */
import type { OutgoingMail } from '#lib/mail/mail-message.ts';
import { shippedMail as renderShippedMail } from '#lib/mail/shipped-mail.ts';
import { pathFor } from '#lib/routing/routes.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import type { OrderRecord, OrderShipment } from '#server/orders/order-record.ts';

export function shippedMail(order: OrderRecord, shipment: OrderShipment): OutgoingMail {
  const d = order.details;
  const content = renderShippedMail(order.locale, {
    orderNumber: order.number,
    placedAt: order.placedAt,
    firstName: d.customer.first_name ?? '',
    shipping: d.shipping,
    carrier: shipment.carrier,
    trackingNumber: shipment.tracking_number,
    trackingUrl: shipment.tracking_url,
    servicePoint: shipment.service_point,
    trackOrderUrl: siteSettings().origins[order.locale] + pathFor('track-order-id', order.locale, { id: order.number }),
  });
  return { ...content, kind: 'shipped', locale: order.locale, to: order.email, dedupeKey: `shipped:${order.number}` };
}
