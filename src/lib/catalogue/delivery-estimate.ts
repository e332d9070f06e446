/**
 * Delivery estimate in working days (docs/product/delivery-estimates.md): in-stock 1–3, back-order-quick 4–6, back-order-slow 5–7,
 * weekends skipped. Other statuses show their own text. Pure: "today" is always passed in, because static
 * HTML is rendered long before the visitor's day (the page computes dates client-side from the counts).
 */
export const DELIVERY_WINDOWS: Readonly<Record<string, { min: number; max: number }>> = {
  'in-stock': { min: 1, max: 3 },
  'back-order-quick': { min: 4, max: 6 },
  'back-order-slow': { min: 5, max: 7 },
};

export type DeliveryEstimate =
  | { kind: 'window'; status: string; min: number; max: number; from: Date; to: Date }
  /** No dates: the status shows its own text (on-order, discontinued …). */
  | { kind: 'status'; status: string };

const isWeekend = (d: Date) => d.getUTCDay() === 0 || d.getUTCDay() === 6;

/** Calendar date `n` working days after `day` (a UTC date; weekends skipped, `day` itself not counted). */
export function addWorkingDays(day: Date, n: number): Date {
  const d = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (!isWeekend(d)) left--;
  }
  return d;
}

export function isBackOrder(status: string): boolean {
  return status.startsWith('back-order');
}

/**
 * The estimate for a stock status on a given day. With delivery dates off (stock_dates experiment /
 * override `default_format`), a back-order status is shown as out of stock (docs/product/delivery-estimates.md#dates-off-back-order-as-out-of-stock).
 */
export function deliveryEstimate(status: string, today: Date, datesOn = true): DeliveryEstimate {
  if (!datesOn && isBackOrder(status)) return { kind: 'status', status: 'out-of-stock' };
  const w = DELIVERY_WINDOWS[status];
  if (!w) return { kind: 'status', status };
  return { kind: 'window', status, min: w.min, max: w.max, from: addWorkingDays(today, w.min), to: addWorkingDays(today, w.max) };
}

/** Home-page style shows only the end date; the product page shows the range. */
export function deliveryDates(e: DeliveryEstimate, style: 'range' | 'end'): Date[] {
  if (e.kind !== 'window') return [];
  return style === 'end' ? [e.to] : [e.from, e.to];
}

/** A date as the visitor's storefront writes it (e.g. "fre 4 dec."), UTC so it never shifts a day. */
export function formatDeliveryDate(d: Date, iso: string): string {
  return new Intl.DateTimeFormat(iso, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(d);
}
