/** Kysely types of e-invoice deliveries (migration 0043_einvoice_deliveries.sql, docs/product/e-invoices.md). */
export interface EInvoiceDeliveriesTable {
  id: string;
  order_id: string;
  /** invoice | credit-note:<cancel or RMA> (src/server/einvoice/delivery-queue.ts). */
  document: string;
  /** queued | sending | sent | delivered | failed | skipped (src/lib/einvoice/delivery-status.ts). */
  status: string;
  receiver: string | null;
  provider_id: string | null;
  attempts: number;
  next_attempt_at: string;
  claimed_at: string | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}
export interface EInvoiceTables {
  einvoice_deliveries: EInvoiceDeliveriesTable;
}
