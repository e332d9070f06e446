/** One row of the back office's order list (docs/product/back-office-data.md#order-list). */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { OrderState } from '#lib/orders/order-states.ts';

export interface OrderListRow {
  number: string;
  /** ISO 8601 UTC. */
  placedAt: string;
  storefront: LocaleCode;
  customerName: string;
  email: string;
  state: OrderState;
  /** The payment method's id ('card', 'klarna' …); null for orders made before checkout. */
  paymentMethod: string | null;
  /** The shipping option's id; null for orders made before checkout. */
  shippingOption: string | null;
  totalMinor: number;
  currency: string;
  lineCount: number;
}

export interface OrderListPage {
  rows: OrderListRow[];
  /** Every order the filter matches (for "page n of m"). */
  total: number;
  page: number;
  size: number;
  pages: number;
}
