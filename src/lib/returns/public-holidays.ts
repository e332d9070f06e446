/**
 * Public holidays that fall on weekdays in each storefront's country (docs/product/returns.md#deadlines).
 * Only used to extend a period whose last day is not a working day (EU Regulation 1182/71 art. 3(4)), so
 * Saturday/Sunday holidays (Swedish Midsummer Day, All Saints' Day) need no entry. Official holidays only;
 * de facto days off (Swedish Midsummer Eve, Christmas Eve, New Year's Eve) are listed too, because nobody
 * can post a return on them. Dates are UTC dates of the local calendar day.
 */
import type { LocaleCode } from '#lib/market/locales.ts';

const DAY_MS = 86_400_000;
const utc = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

/** Easter Sunday (Gregorian, anonymous algorithm of Meeus/Jones/Butcher). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

/** The first given weekday (0 = Sunday … 6 = Saturday) on or after a date. */
const weekdayOnOrAfter = (date: number, weekday: number) => date + ((weekday - new Date(date).getUTCDay() + 7) % 7) * DAY_MS;

function holidays(locale: LocaleCode, year: number): number[] {
  const easter = easterSunday(year);
  const fromEaster = (days: number) => easter + days * DAY_MS;
  const goodFriday = fromEaster(-2);
  const easterMonday = fromEaster(1);
  const ascension = fromEaster(39);
  const whitMonday = fromEaster(50);
  const christmas = [utc(year, 12, 25), utc(year, 12, 26)];
  switch (locale) {
    case 'sv':
      return [
        utc(year, 1, 1),
        utc(year, 1, 6),
        goodFriday,
        easterMonday,
        utc(year, 5, 1),
        ascension,
        utc(year, 6, 6),
        weekdayOnOrAfter(utc(year, 6, 19), 5), // Midsummer Eve: the Friday between 19 and 25 June
        utc(year, 12, 24),
        ...christmas,
        utc(year, 12, 31),
      ];
    case 'no':
      return [
        utc(year, 1, 1),
        fromEaster(-3),
        goodFriday,
        easterMonday,
        utc(year, 5, 1),
        utc(year, 5, 17),
        ascension,
        whitMonday,
        ...christmas,
      ];
    case 'da':
      return [
        utc(year, 1, 1),
        fromEaster(-3),
        goodFriday,
        easterMonday,
        ascension,
        whitMonday,
        utc(year, 6, 5),
        utc(year, 12, 24),
        ...christmas,
      ];
    case 'fi':
      return [
        utc(year, 1, 1),
        utc(year, 1, 6),
        goodFriday,
        easterMonday,
        utc(year, 5, 1),
        ascension,
        weekdayOnOrAfter(utc(year, 6, 19), 5), // Juhannusaatto: the Friday between 19 and 25 June
        utc(year, 12, 6),
        utc(year, 12, 24),
        ...christmas,
      ];
    case 'nl': {
      const kingsDay = utc(year, 4, 27);
      // King's Day moves to the 26th when the 27th is a Sunday.
      return [
        utc(year, 1, 1),
        goodFriday,
        easterMonday,
        new Date(kingsDay).getUTCDay() === 0 ? kingsDay - DAY_MS : kingsDay,
        ascension,
        whitMonday,
        ...christmas,
      ];
    }
  }
}

/** Is this UTC date a Saturday, Sunday or public holiday in the storefront's country? */
export function isNonWorkingDay(locale: LocaleCode, date: Date): boolean {
  const day = date.getUTCDay();
  if (day === 0 || day === 6) return true;
  const t = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return holidays(locale, date.getUTCFullYear()).includes(t);
}
