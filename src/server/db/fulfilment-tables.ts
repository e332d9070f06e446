/** Kysely types of fulfilment (migration 0010_fulfilment.sql, docs/product/fulfilment.md). */
export interface OrderShipmentsTable {
  order_id: string;
  provider: string;
  shipment_id: string | null;
  carrier: string;
  tracking_number: string;
  tracking_url: string | null;
  label_url: string | null;
  /** JSON of the order's ServicePointView, or null. */
  service_point: string | null;
  booked_at: string;
}
export interface FulfilmentTables {
  order_shipments: OrderShipmentsTable;
}
