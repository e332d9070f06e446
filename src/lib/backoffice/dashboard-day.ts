/**
 * Days as staff read them (docs/product/back-office-data.md#days-and-time-zones): each storefront's own time zone
 * (STOREFRONT_TIME_ZONES of src/lib/checkout/order-dates.ts),
 * and the UTC instants a local calendar day spans there (23, 24 or 25 hours around daylight saving changes).
 */
/** The zone a filter over several storefronts reads its dates in: the shop's home. */
export const HOME_TIME_ZONE = 'Europe/Stockholm';

/** The zone's offset from UTC at `instant`, in milliseconds (Stockholm in summer: +7 200 000). */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The UTC instant of local midnight starting `date` (YYYY-MM-DD) in `timeZone`. */
export function localMidnightUtc(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // twice: the offset at the guess can differ from the one at the answer across a change of offset
  let instant = guess - offsetAt(guess, timeZone);
  instant = guess - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** The calendar date (YYYY-MM-DD) `instant` falls on in `timeZone`. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** The date after `date` (YYYY-MM-DD), by the calendar. */
export function nextDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** The local day `instant` falls on in `timeZone`, as the UTC interval [from, to). */
export function localDayOf(instant: Date, timeZone: string): { date: string; from: Date; to: Date } {
  const date = localDate(instant, timeZone);
  return { date, from: localMidnightUtc(date, timeZone), to: localMidnightUtc(nextDate(date), timeZone) };
}
