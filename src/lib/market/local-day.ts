/**
 * Local days (docs/product/back-office-data.md#days-and-time-zones): each storefront's one time zone, and the UTC
 * instants a local calendar day spans there (23, 24 or 25 hours around daylight saving changes). The order
 * confirmation, "bought today" and the back office's days all count days this one way.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

/** Each storefront's country has one time zone. */
export const STOREFRONT_TIME_ZONES: Readonly<Record<LocaleCode, string>> = {
  sv: 'Europe/Stockholm',
  no: 'Europe/Oslo',
  da: 'Europe/Copenhagen',
  fi: 'Europe/Helsinki',
  nl: 'Europe/Amsterdam',
};

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
  return wallClockUtc(Date.UTC(y, m - 1, d), timeZone);
}

/** The UTC instant at which the zone's clock shows `asUtc` (a wall-clock time written as if it were UTC). */
function wallClockUtc(asUtc: number, timeZone: string): Date {
  // twice: the offset at the guess can differ from the one at the answer across a change of offset
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
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

/** The UTC instant of a wall-clock time `YYYY-MM-DDTHH:MM` (an <input type="datetime-local"> value) in `timeZone`; undefined when malformed. */
export function localTimeUtc(dateTime: string, timeZone: string): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(dateTime);
  if (!m) return undefined;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const asUtc = Date.UTC(y, mo - 1, d, h, mi);
  if (new Date(asUtc).getUTCMonth() !== mo - 1 || h > 23 || mi > 59) return undefined;
  return wallClockUtc(asUtc, timeZone);
}

/** `instant` as a wall-clock `YYYY-MM-DDTHH:MM` in `timeZone` (the value a datetime-local input shows). */
export function localDateTime(instant: Date, timeZone: string): string {
  return `${localDate(instant, timeZone)}T${new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant)}`;
}
