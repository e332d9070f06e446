/** Storefront days (docs/product/back-office-data.md#days-and-time-zones), across daylight saving changes. */
import { describe, expect, it } from 'vitest';
import { localDate, localDateTime, localDayOf, localMidnightUtc, localTimeUtc, nextDate } from '#lib/market/local-day.ts';

describe('storefront days', () => {
  it('"today" starts at local midnight of the storefront', () => {
    // Stockholm is UTC+1 in November: midnight is 23:00 UTC the day before
    expect(localDayOf(new Date('2026-11-24T15:10:00Z'), 'Europe/Stockholm').from.toISOString()).toBe('2026-11-23T23:00:00.000Z');
    expect(localDayOf(new Date('2026-11-24T22:30:00Z'), 'Europe/Helsinki').from.toISOString()).toBe('2026-11-24T22:00:00.000Z');
    // summer time: UTC+2
    expect(localDayOf(new Date('2026-07-01T00:30:00Z'), 'Europe/Amsterdam').from.toISOString()).toBe('2026-06-30T22:00:00.000Z');
    // the day clocks went forward, read in the afternoon: midnight was still winter time
    expect(localDayOf(new Date('2026-03-29T15:00:00Z'), 'Europe/Stockholm').from.toISOString()).toBe('2026-03-28T23:00:00.000Z');
  });

  it('local midnight in winter and summer', () => {
    expect(localMidnightUtc('2026-01-15', 'Europe/Stockholm').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(localMidnightUtc('2026-07-15', 'Europe/Stockholm').toISOString()).toBe('2026-07-14T22:00:00.000Z');
    expect(localMidnightUtc('2026-07-15', 'Europe/Helsinki').toISOString()).toBe('2026-07-14T21:00:00.000Z');
  });

  it('the day clocks go forward has 23 hours, back 25', () => {
    const spring = localDayOf(new Date('2026-03-29T12:00:00Z'), 'Europe/Stockholm');
    expect(spring).toEqual({
      date: '2026-03-29',
      from: new Date('2026-03-28T23:00:00.000Z'),
      to: new Date('2026-03-29T22:00:00.000Z'),
    });
    const autumn = localDayOf(new Date('2026-10-25T12:00:00Z'), 'Europe/Oslo');
    expect(autumn.to.getTime() - autumn.from.getTime()).toBe(25 * 3_600_000);
  });

  it('a late UTC evening is already tomorrow in Helsinki', () => {
    const at = new Date('2026-11-26T22:30:00Z');
    expect(localDate(at, 'Europe/Stockholm')).toBe('2026-11-26');
    expect(localDate(at, 'Europe/Helsinki')).toBe('2026-11-27');
    expect(nextDate('2026-12-31')).toBe('2027-01-01');
  });

  it('reads a wall-clock time (a scheduled publish) in the zone, in winter and summer time, and writes it back', () => {
    expect(localTimeUtc('2026-12-01T08:30', 'Europe/Stockholm')?.toISOString()).toBe('2026-12-01T07:30:00.000Z');
    expect(localTimeUtc('2026-07-01T08:30', 'Europe/Stockholm')?.toISOString()).toBe('2026-07-01T06:30:00.000Z');
    expect(localTimeUtc('2026-02-30T08:30', 'Europe/Stockholm')).toBeUndefined();
    expect(localTimeUtc('2026-12-01 08:30', 'Europe/Stockholm')).toBeUndefined();
    expect(localDateTime(new Date('2026-12-01T07:30:00Z'), 'Europe/Stockholm')).toBe('2026-12-01T08:30');
    expect(localDateTime(new Date('2026-07-01T22:05:00Z'), 'Europe/Stockholm')).toBe('2026-07-02T00:05');
  });
});
