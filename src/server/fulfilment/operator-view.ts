/** An order as the operator API and CLI show it (docs/product/api.md#operator-orders). */
import type { OperatorOrderView } from '#lib/api/operator-contracts.ts';
import type { OrderRecord } from '#server/orders/order-record.ts';

export function operatorView(o: OrderRecord): OperatorOrderView {
  const s = o.shipment;
  return {
    number: o.number,
    locale: o.locale,
    status: o.status,
    payment_status: o.paymentStatus,
    payment_provider: o.details.payment.provider,
    total_minor: o.totalMinor,
    currency: o.currency,
    placed_at: o.placedAt,
    delivered_at: o.deliveredAt,
    shipment: s && {
      provider: s.provider,
      carrier: s.carrier,
      tracking_number: s.tracking_number,
      tracking_url: s.tracking_url,
      label_url: s.label_url,
      service_point_id: s.service_point?.id ?? null,
      booked_at: s.booked_at,
    },
    events: o.events,
  };
}
