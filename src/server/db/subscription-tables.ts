/** Kysely types of the subscription tables (migration 0011_subscriptions.sql, docs/product/subscriptions.md). */
export interface ProductSubscriptionIntervalsTable {
  product_id: number;
  months: number;
}
export interface SubscriptionsTable {
  id: string;
  locale: string;
  customer_id: number | null;
  email: string;
  product_id: number;
  sku: string;
  name: string;
  quantity: number;
  interval_months: number;
  /** 'active' | 'paused' | 'cancelled' */
  status: string;
  /** YYYY-MM-DD */
  next_due: string;
  anchor_day: number;
  last_delivery: string;
  source_order_id: string;
  source_line: number;
  /** JSON RenewalTemplate (src/server/subscriptions/renewal-template.ts) */
  renewal_template: string;
  created_at: string;
  updated_at: string;
}
export interface SubscriptionRenewalsTable {
  subscription_id: string;
  due_date: string;
  /** 'pending' | 'ordered' | 'failed' | 'skipped' */
  status: string;
  checkout_id: string | null;
  order_id: string | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}
export interface SubscriptionTables {
  product_subscription_intervals: ProductSubscriptionIntervalsTable;
  subscriptions: SubscriptionsTable;
  subscription_renewals: SubscriptionRenewalsTable;
}
