/** What the back office's dashboard counts (docs/product/back-office-data.md#dashboard), as plain data. */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { OrderState } from '#lib/orders/order-states.ts';

/** Orders that count as sold today: placed and not (yet) cancelled. An unpaid checkout's order is not a sale. */
export const SOLD_STATES: readonly OrderState[] = ['placed', 'invoiced', 'paid', 'picked', 'shipped', 'delivered'];
/** Orders waiting to be picked: placed, paid or invoiced, not picked yet (picking a placed order invoices it first). */
export const TO_PICK_STATES: readonly OrderState[] = ['placed', 'invoiced', 'paid'];
/** Returns and withdrawals someone still has to act on. */
export const OPEN_RETURN_STATES = ['requested', 'approved', 'received'] as const;

export interface StorefrontDay {
  storefront: LocaleCode;
  /** The storefront's local date "today" is. */
  date: string;
  orders: number;
  revenueMinor: number;
  currency: string;
}

export interface DashboardSummary {
  today: StorefrontDay[];
  toPick: number;
  openReturns: number;
  openWithdrawals: number;
  failedMails: number;
  clientErrors24h: number;
}
