/**
 * One order as fulfilment reads it (docs/product/fulfilment.md): the row, its snapshot (orders.details),
 * its events and its shipment. Shared by the operator steps, the CLI and the track-order read model.
 */
import type { Db } from '#server/db/connection.ts';
import type { OrderShipmentsTable } from '#server/db/fulfilment-tables.ts';
import type { OrderEventsTable } from '#server/db/schema.ts';
import type { OrderState, PaymentState } from '#lib/orders/order-states.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ServicePointView } from '#lib/api/checkout-contracts.ts';
import { parseOrderDetails, type OrderDetails } from './order-details.ts';

/** An event as the timeline reads it (without its own and its order's ids). */
export type OrderEventRow = Omit<OrderEventsTable, 'id' | 'order_id'>;

/** The order's shipment with its service point parsed. */
export type OrderShipment = Omit<OrderShipmentsTable, 'order_id' | 'service_point'> & { service_point: ServicePointView | null };

export interface OrderRecord {
  number: string;
  locale: LocaleCode;
  email: string;
  status: OrderState;
  paymentStatus: PaymentState | null;
  currency: string;
  totalMinor: number;
  placedAt: string;
  deliveredAt: string | null;
  /** When the shop informed about the right of withdrawal (art. 10 record); null: not informed. */
  withdrawalInformedAt: string | null;
  /** The account the order belongs to; null for a guest order. */
  customerId: number | null;
  details: OrderDetails;
  events: OrderEventRow[];
  shipment: OrderShipment | null;
}

export const shipmentOf = (row: OrderShipmentsTable): OrderShipment => ({
  provider: row.provider,
  shipment_id: row.shipment_id,
  carrier: row.carrier,
  tracking_number: row.tracking_number,
  tracking_url: row.tracking_url,
  label_url: row.label_url,
  service_point: row.service_point ? (JSON.parse(row.service_point) as ServicePointView) : null,
  booked_at: row.booked_at,
});

export async function readShipment(db: Db, number: string): Promise<OrderShipment | null> {
  const row = await db.selectFrom('order_shipments').selectAll().where('order_id', '=', number).executeTakeFirst();
  return row ? shipmentOf(row) : null;
}

/** A step's events share one time: the order they happen in is the states' own (settled, captured, then picked). */
const LIFECYCLE = ['placed', 'pending', 'authorized', 'invoiced', 'paid', 'captured', 'picked', 'shipped', 'delivered', 'cancelled'];
const rank = (state: string) => (LIFECYCLE.includes(state) ? LIFECYCLE.indexOf(state) : LIFECYCLE.length);
const byTimeThenLifecycle = (a: OrderEventRow, b: OrderEventRow) =>
  Date.parse(a.at) - Date.parse(b.at) || rank(a.to_state) - rank(b.to_state);

/** The order with this number, or undefined (orders made before checkout, without a snapshot total, too). */
export async function readOrder(db: Db, number: string): Promise<OrderRecord | undefined> {
  const row = await db.selectFrom('orders').selectAll().where('id', '=', number).executeTakeFirst();
  if (!row || row.total_minor === null || !row.checkout_id) return undefined;
  const events = await db
    .selectFrom('order_events')
    .select(['at', 'kind', 'from_state', 'to_state', 'event', 'source'])
    .where('order_id', '=', number)
    .execute();
  events.sort(byTimeThenLifecycle);
  return {
    number: row.id,
    locale: row.locale as LocaleCode,
    email: row.email,
    status: row.status as OrderState,
    paymentStatus: row.payment_status as PaymentState | null,
    currency: row.currency,
    totalMinor: Number(row.total_minor),
    placedAt: row.created_at,
    deliveredAt: row.delivered_at,
    withdrawalInformedAt: row.withdrawal_informed_at,
    customerId: row.customer_id,
    details: parseOrderDetails(row.details),
    events,
    shipment: await readShipment(db, number),
  };
}
