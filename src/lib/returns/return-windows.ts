/**
 * How long a delivered order can be sent back (docs/product/returns.md#deadlines). Two rights, counted from
 * the local calendar day of delivery:
 * - the consumer's right of withdrawal: 14 days (Directive 2011/83/EU art. 9(2)(b)); the period starts the day
 *   after delivery and, when its last day is a Saturday, Sunday or public holiday, ends with the next working
 *   day (Regulation 1182/71 art. 3(4)). No reason needed; consumers only.
 * - the shop's own return policy ("30 days open purchase", as the top bar promises): 30 days, for consumers
 *   and business buyers, with a reason.
 * Pure: "now" and the delivery time are passed in.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { orderDay } from '#lib/checkout/order-dates.ts';
import { isNonWorkingDay } from './public-holidays.ts';

export const WITHDRAWAL_DAYS = 14;
/** The number the top bar's selling point promises in every storefront (a unit test keeps them equal). */
export const RETURN_POLICY_DAYS = 30;

export type ReturnKind = 'withdrawal' | 'return';
export type CustomerKind = 'consumer' | 'business';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The last day ("YYYY-MM-DD", storefront's calendar) a return of this kind may be made for a delivery. */
export function returnDeadline(kind: ReturnKind, deliveredAt: string, locale: LocaleCode): string {
  const delivered = orderDay(deliveredAt, locale);
  let last = new Date(delivered.getTime() + (kind === 'withdrawal' ? WITHDRAWAL_DAYS : RETURN_POLICY_DAYS) * DAY_MS);
  if (kind === 'withdrawal') while (isNonWorkingDay(locale, last)) last = new Date(last.getTime() + DAY_MS);
  return isoDay(last);
}

export type ReturnWindow =
  | { open: true; kind: ReturnKind; deadline: string }
  | { open: false; kind: ReturnKind; reason: 'not_delivered' | 'business_buyer' | 'expired'; deadline?: string };

/** Whether a return of this kind can be requested now, and until when. */
export function returnWindow(
  kind: ReturnKind,
  order: { deliveredAt: string | null; customerType: CustomerKind; locale: LocaleCode },
  now: string,
): ReturnWindow {
  if (kind === 'withdrawal' && order.customerType === 'business') return { open: false, kind, reason: 'business_buyer' };
  if (!order.deliveredAt) return { open: false, kind, reason: 'not_delivered' };
  const deadline = returnDeadline(kind, order.deliveredAt, order.locale);
  const today = isoDay(orderDay(now, order.locale));
  return today <= deadline ? { open: true, kind, deadline } : { open: false, kind, reason: 'expired', deadline };
}
