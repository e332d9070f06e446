/** Kysely types of back-in-stock requests (migration 0034_stock_alerts.sql, docs/product/parts-finder.md#back-in-stock). */
export interface StockAlertsTable {
  id: string;
  product_id: number;
  locale: string;
  /** Lower-cased; null once the request has ended. */
  email: string | null;
  confirm_token_hash: string;
  consent_text: string;
  consent_version: string;
  consented_at: string;
  created_at: string;
  confirmed_at: string | null;
  notified_at: string | null;
  ended_at: string | null;
  ended_reason: string | null;
  unsubscribe_token: string;
}
export interface StockAlertTables {
  stock_alerts: StockAlertsTable;
}
