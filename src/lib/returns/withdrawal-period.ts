/**
 * The consumer's right of withdrawal from the conclusion of the contract (docs/product/legal.md#withdrawal-from-the-first-minute-consumer-rights-directive-201183eu-art-911a):
 * open from the moment the order is placed until 14 days after delivery (Directive 2011/83/EU art. 9), and 12
 * months longer where the shop did not inform about the right (art. 10). Before shipping a withdrawal cancels the
 * order; once shipped it becomes a return of the goods. Business buyers have no withdrawal right (the shop's own
 * return policy applies, docs/product/returns.md). Pure: "now" and the order's facts are passed in.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { OrderState } from '#lib/orders/order-states.ts';
import { orderDay } from '#lib/checkout/order-dates.ts';
import { isNonWorkingDay } from './public-holidays.ts';
import { returnDeadline, type CustomerKind } from './return-windows.ts';

/** Art. 10(1): the period expires 12 months from the end of the initial period when the shop did not inform. */
export const UNINFORMED_EXTENSION_MONTHS = 12;

/** `cancel`: not shipped yet, the order is cancelled and the money voided or refunded; `return`: the goods go back. */
export type WithdrawalPath = 'cancel' | 'return';

export type WithdrawalClosedReason = 'business_buyer' | 'not_placed' | 'cancelled' | 'expired';

export type WithdrawalPeriod =
  { open: true; path: WithdrawalPath; deadline: string | null } | { open: false; reason: WithdrawalClosedReason; deadline?: string };

export interface WithdrawalOrderFacts {
  status: OrderState;
  deliveredAt: string | null;
  customerType: CustomerKind;
  locale: LocaleCode;
  /** False when the shop did not give the information of art. 6(1)(h) (docs/product/legal.md). */
  informed: boolean;
}

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** Which way a withdrawal goes in this order state; null where there is nothing to withdraw from. */
export function withdrawalPath(status: OrderState): WithdrawalPath | null {
  switch (status) {
    case 'placed':
    case 'invoiced':
    case 'paid':
    case 'picked':
      return 'cancel';
    case 'shipped':
    case 'delivered':
      return 'return';
    default:
      return null;
  }
}

/** Adds whole calendar months to a day, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb). */
function addMonths(day: Date, months: number): Date {
  const y = day.getUTCFullYear();
  const m = day.getUTCMonth() + months;
  const lastOfMonth = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(Date.UTC(y, m, Math.min(day.getUTCDate(), lastOfMonth)));
}

/**
 * The last day ("YYYY-MM-DD", storefront's calendar) to withdraw from a delivered order: 14 days, moved to the
 * next working day (Regulation 1182/71 art. 3(4)); without the information, 12 months after that day, moved the same way.
 */
export function withdrawalDeadline(deliveredAt: string, locale: LocaleCode, informed: boolean): string {
  const initial = returnDeadline('withdrawal', deliveredAt, locale);
  if (informed) return initial;
  let last = addMonths(new Date(`${initial}T00:00:00Z`), UNINFORMED_EXTENSION_MONTHS);
  while (isNonWorkingDay(locale, last)) last = new Date(last.getTime() + DAY_MS);
  return isoDay(last);
}

/** Whether a consumer can withdraw now, which way it goes and until when (null: not delivered yet, no end known). */
export function withdrawalPeriod(order: WithdrawalOrderFacts, now: string): WithdrawalPeriod {
  if (order.customerType === 'business') return { open: false, reason: 'business_buyer' };
  if (order.status === 'cancelled') return { open: false, reason: 'cancelled' };
  const path = withdrawalPath(order.status);
  if (!path) return { open: false, reason: 'not_placed' };
  if (!order.deliveredAt) return { open: true, path, deadline: null };
  const deadline = withdrawalDeadline(order.deliveredAt, order.locale, order.informed);
  const today = isoDay(orderDay(now, order.locale));
  return today <= deadline ? { open: true, path: 'return', deadline } : { open: false, reason: 'expired', deadline };
}
