/**
 * The track-order read model (docs/product/fulfilment.md#track-order): finds an order by its number and the
 * e-mail or postal code it was placed with, and reduces it to what the timeline shows — steps with dates, the
 * delivery window, carrier, tracking number and link, service point. No names, addresses or lines: only what
 * the shopper typed and where the parcel goes. The account and guest order pages show the same component.
 */
import type { Db } from '#server/db/connection.ts';
import type { ServicePointView } from '#lib/api/checkout-contracts.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { parseOrderNumber } from '#lib/orders/order-number.ts';
import { deliveryWindow } from '#lib/checkout/order-dates.ts';
import { orderTimeline, type TimelineStep } from '#lib/orders/timeline.ts';
import { readOrder, type OrderRecord } from './order-record.ts';

export interface OrderTimelineView {
  number: string;
  locale: LocaleCode;
  steps: TimelineStep[];
  /** The shipping option as the shopper chose it, and its delivery window in working days from the order day. */
  shipping: { carrier: string; name: string; min_days: number; max_days: number };
  estimate: { from: string; to: string };
  shipment: { carrier: string; tracking_number: string; tracking_url: string | null } | null;
  servicePoint: ServicePointView | null;
}

export function orderTimelineView(o: OrderRecord): OrderTimelineView {
  const shipping = o.details.shipping;
  return {
    number: o.number,
    locale: o.locale,
    steps: orderTimeline({
      status: o.status,
      placedAt: o.placedAt,
      paymentProvider: o.details.payment.provider,
      events: o.events,
      shipment: o.shipment,
      deliveredAt: o.deliveredAt,
    }),
    shipping: { carrier: shipping.carrier, name: shipping.name, min_days: shipping.min_days, max_days: shipping.max_days },
    estimate: deliveryWindow(o.placedAt, shipping.min_days, shipping.max_days, o.locale),
    shipment: o.shipment && {
      carrier: o.shipment.carrier,
      tracking_number: o.shipment.tracking_number,
      tracking_url: o.shipment.tracking_url,
    },
    servicePoint: o.shipment?.service_point ?? shipping.service_point,
  };
}

/** For a page that has already authorised the visitor for this order (account, guest order): its timeline. */
export async function timelineOfOrder(db: Db, number: string): Promise<OrderTimelineView | undefined> {
  const order = await readOrder(db, number);
  return order && orderTimelineView(order);
}

const normalEmail = (s: string) => s.trim().toLowerCase();
const normalPostal = (s: string) => s.replace(/[\s-]+/g, '').toUpperCase();

/** Whether `contact` (what the shopper typed) is the order's e-mail or its delivery postal code. */
export function contactMatches(o: OrderRecord, contact: string): boolean {
  const typed = contact.trim();
  if (!typed) return false;
  if (typed.includes('@')) return normalEmail(typed) === normalEmail(o.email);
  const postal = o.details.customer.postal_code ?? '';
  return postal !== '' && normalPostal(typed) === normalPostal(postal);
}

/**
 * The order of this storefront with this number and contact, or undefined — the same undefined for an unknown
 * number, a mistyped one, another storefront's and a wrong e-mail or postal code, so none can be told apart.
 */
export async function findTrackedOrder(
  db: Db,
  locale: LocaleCode,
  number: string,
  contact: string,
): Promise<OrderTimelineView | undefined> {
  const parsed = parseOrderNumber(number);
  const order = await readOrder(db, parsed.ok ? parsed.orderNumber : '0');
  if (!order || order.locale !== locale || !contactMatches(order, contact)) return undefined;
  return orderTimelineView(order);
}
