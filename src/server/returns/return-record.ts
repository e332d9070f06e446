/** An order's returns as stored (order_returns) and as the API shows them (docs/product/returns.md). */
import type { Db } from '#server/db/connection.ts';
import type { OrderReturnsTable } from '#server/db/return-tables.ts';
import type { ReturnReason, ReturnView } from '#lib/api/return-contracts.ts';
import type { ReturnLine } from '#lib/returns/return-lines.ts';
import type { ReturnKind } from '#lib/returns/return-windows.ts';
import type { ReturnState } from '#lib/returns/return-states.ts';
import type { OrderLineDetail } from '#server/orders/order-details.ts';

export interface ReturnRecord {
  rma: string;
  orderNumber: string;
  sequence: number;
  kind: ReturnKind;
  status: ReturnState;
  reason: ReturnReason | null;
  comment: string | null;
  lines: ReturnLine[];
  currency: string;
  refundGoodsMinor: number;
  refundShippingMinor: number;
  createdAt: string;
  refundedAt: string | null;
  /** The prepaid return: carrier and return code, when the shipping provider booked one. */
  returnShipment: { carrier: string; code: string; trackingUrl: string | null } | null;
}

export const recordOf = (row: OrderReturnsTable): ReturnRecord => ({
  rma: row.id,
  orderNumber: row.order_id,
  sequence: row.sequence,
  kind: row.kind as ReturnKind,
  status: row.status as ReturnState,
  reason: row.reason as ReturnReason | null,
  comment: row.comment,
  lines: JSON.parse(row.lines) as ReturnLine[],
  currency: row.currency,
  refundGoodsMinor: row.refund_goods_minor,
  refundShippingMinor: row.refund_shipping_minor,
  createdAt: row.created_at,
  refundedAt: row.refunded_at,
  returnShipment:
    row.return_carrier && row.return_code
      ? { carrier: row.return_carrier, code: row.return_code, trackingUrl: row.return_tracking_url }
      : null,
});

/** The order's returns, oldest first (the order refunds are computed in). */
export async function returnsOfOrder(db: Db, orderNumber: string): Promise<ReturnRecord[]> {
  const rows = await db.selectFrom('order_returns').selectAll().where('order_id', '=', orderNumber).orderBy('sequence').execute();
  return rows.map(recordOf);
}

export async function readReturn(db: Db, rma: string): Promise<ReturnRecord | undefined> {
  const row = await db.selectFrom('order_returns').selectAll().where('id', '=', rma).executeTakeFirst();
  return row ? recordOf(row) : undefined;
}

export function returnView(r: ReturnRecord, orderLines: readonly OrderLineDetail[]): ReturnView {
  return {
    rma: r.rma,
    order_number: r.orderNumber,
    kind: r.kind,
    status: r.status,
    reason: r.reason,
    comment: r.comment,
    lines: r.lines.map((l) => ({ ...l, name: orderLines[l.line]?.name ?? l.sku })),
    currency: r.currency,
    refund: {
      goods_minor: r.refundGoodsMinor,
      shipping_minor: r.refundShippingMinor,
      total_minor: r.refundGoodsMinor + r.refundShippingMinor,
    },
    created_at: r.createdAt,
    refunded_at: r.refundedAt,
    return_shipment: r.returnShipment
      ? { carrier: r.returnShipment.carrier, code: r.returnShipment.code, tracking_url: r.returnShipment.trackingUrl }
      : null,
  };
}
