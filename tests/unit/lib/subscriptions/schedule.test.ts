import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  addMonths,
  afterRenewal,
  daysInMonth,
  firstOnOrAfter,
  firstSchedule,
  isCalendarDate,
} from '#lib/subscriptions/schedule.ts';

describe('subscription schedule: month arithmetic', () => {
  it('adds whole months on the same day of the month', () => {
    expect(addMonths('2026-11-24', 3)).toBe('2027-02-24');
    expect(addMonths('2026-01-15', 12)).toBe('2027-01-15');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
  });

  it('clamps to the last day of a shorter month and keeps the anchor day afterwards', () => {
    const first = firstSchedule('2027-01-31', 1);
    expect(first).toEqual({ nextDue: '2027-02-28', anchorDay: 31 });
    expect(addMonths(first.nextDue, 1, first.anchorDay)).toBe('2027-03-31');
    expect(addMonths('2027-01-31', 3, 31)).toBe('2027-04-30');
    expect(addMonths('2027-04-30', 3, 31)).toBe('2027-07-31');
  });

  it('knows leap years', () => {
    expect(addMonths('2027-11-29', 3, 29)).toBe('2028-02-29');
    expect(addMonths('2026-11-29', 3, 29)).toBe('2027-02-28');
    expect(daysInMonth(2100, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
  });

  it('never lands on an invalid date and moves forward by the interval (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2000, max: 2100 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 1, max: 24 }),
        (y, m, anchor, months) => {
          const start = `${y}-${String(m).padStart(2, '0')}-${String(Math.min(anchor, daysInMonth(y, m))).padStart(2, '0')}`;
          const next = addMonths(start, months, anchor);
          expect(isCalendarDate(next)).toBe(true);
          expect(next > start).toBe(true);
          const [ny, nm] = next.split('-').map(Number);
          expect((ny - y) * 12 + (nm - m)).toBe(months);
        },
      ),
    );
  });

  it('validates calendar dates', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('26-01-01')).toBe(false);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('subscription schedule: due dates', () => {
  it('first renewal is one interval after the order', () => {
    expect(firstSchedule('2026-11-24', 6)).toEqual({ nextDue: '2027-05-24', anchorDay: 24 });
  });

  it('after a renewal on time, the next due date is one interval on', () => {
    expect(afterRenewal('2027-02-24', 3, 24, '2027-02-24')).toBe('2027-05-24');
  });

  it('after a late run, missed dates are not made up: the next due date is past the run date', () => {
    // due in February, the scheduler did not run until August: one order, next due in November
    expect(afterRenewal('2027-02-24', 3, 24, '2027-08-30')).toBe('2027-11-24');
    expect(afterRenewal('2027-02-24', 3, 24, '2027-05-24')).toBe('2027-08-24');
  });

  it('firstOnOrAfter steps by the interval until the date is reached', () => {
    expect(firstOnOrAfter('2027-01-31', 1, 31, '2027-04-15')).toBe('2027-04-30');
    expect(firstOnOrAfter('2027-06-01', 3, 1, '2027-01-01')).toBe('2027-06-01');
  });
});
