/** Kysely types of returns (migration 0014_returns.sql, docs/product/returns.md). */
export interface OrderReturnsTable {
  /** The RMA number. */
  id: string;
  order_id: string;
  sequence: number;
  kind: string;
  status: string;
  reason: string | null;
  comment: string | null;
  /** JSON [{ line, sku, quantity }]. */
  lines: string;
  currency: string;
  refund_goods_minor: number;
  refund_shipping_minor: number;
  requested_by: string;
  return_carrier: string | null;
  return_code: string | null;
  return_tracking_url: string | null;
  created_at: string;
  updated_at: string;
  refunded_at: string | null;
}
export interface ReturnTables {
  order_returns: OrderReturnsTable;
}
