/**
 * The renewal calendar of a subscription (docs/product/subscriptions.md#schedule), pure: calendar dates
 * (YYYY-MM-DD, UTC) stepped by whole months. The schedule keeps its anchor day: a subscription started on
 * 31 January renews on 30 April, then 31 July — a short month clamps one date, never the ones after it.
 */

/** Whole-month intervals a product may offer (the admin data is checked against these). */
export const MIN_INTERVAL_MONTHS = 1;
export const MAX_INTERVAL_MONTHS = 24;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= daysInMonth(y, mo);
}

function parts(date: string): [number, number, number] {
  const m = DATE.exec(date);
  if (!m) throw new RangeError(`not a calendar date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** The calendar date (UTC) of an instant. */
export function calendarDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function dayOfMonth(date: string): number {
  return parts(date)[2];
}

/** `date` plus `months`, on the anchor day or the month's last day when the month is shorter. */
export function addMonths(date: string, months: number, anchorDay = dayOfMonth(date)): string {
  const [y, m] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return `${pad(year, 4)}-${pad(month)}-${pad(Math.min(anchorDay, daysInMonth(year, month)))}`;
}

/** The first schedule date after `date` that is on or after `notBefore`. */
export function firstOnOrAfter(date: string, months: number, anchorDay: number, notBefore: string): string {
  let next = date;
  while (next < notBefore) next = addMonths(next, months, anchorDay);
  return next;
}

/** A new subscription: the first delivery is the order itself, the first renewal one interval later. */
export function firstSchedule(orderDate: string, months: number): { nextDue: string; anchorDay: number } {
  const anchorDay = dayOfMonth(orderDate);
  return { nextDue: addMonths(orderDate, months, anchorDay), anchorDay };
}

/**
 * After the renewal of `due` on `runDate`: one interval on, and past the run date — a run that was late
 * (the scheduler did not run for a while) makes one order, not one for every date it missed.
 */
export function afterRenewal(due: string, months: number, anchorDay: number, runDate: string): string {
  return firstOnOrAfter(addMonths(due, months, anchorDay), months, anchorDay, addDays(runDate, 1));
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return calendarDate(new Date(Date.UTC(y, m - 1, d + days)));
}
