import { describe, expect, it } from 'vitest';
import { easterSunday, isNonWorkingDay } from '#lib/returns/public-holidays.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

describe('public holidays', () => {
  it('finds Easter Sunday', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => iso(easterSunday(Number(y))))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('knows the moving and fixed weekday holidays per country', () => {
    expect(isNonWorkingDay('sv', day('2026-04-03'))).toBe(true); // Good Friday
    expect(isNonWorkingDay('sv', day('2026-04-06'))).toBe(true); // Easter Monday
    expect(isNonWorkingDay('sv', day('2026-05-14'))).toBe(true); // Ascension
    expect(isNonWorkingDay('sv', day('2026-06-19'))).toBe(true); // Midsummer Eve (Friday 19–25 June)
    expect(isNonWorkingDay('sv', day('2026-06-18'))).toBe(false);
    expect(isNonWorkingDay('no', day('2026-04-02'))).toBe(true); // Maundy Thursday
    expect(isNonWorkingDay('no', day('2026-05-25'))).toBe(true); // Whit Monday
    expect(isNonWorkingDay('sv', day('2026-05-25'))).toBe(false); // not in Sweden
    expect(isNonWorkingDay('da', day('2026-06-05'))).toBe(true); // Constitution Day
    expect(isNonWorkingDay('fi', day('2026-12-07'))).toBe(false);
    expect(isNonWorkingDay('fi', day('2025-12-05'))).toBe(false);
    expect(isNonWorkingDay('fi', day('2024-12-06'))).toBe(true); // Independence Day
    expect(isNonWorkingDay('nl', day('2025-04-26'))).toBe(true); // King's Day moved: the 27th was a Sunday
    expect(isNonWorkingDay('nl', day('2026-04-27'))).toBe(true);
  });

  it('counts Saturdays and Sundays as non-working, ordinary weekdays as working', () => {
    expect(isNonWorkingDay('sv', day('2026-11-28'))).toBe(true);
    expect(isNonWorkingDay('nl', day('2026-11-29'))).toBe(true);
    expect(isNonWorkingDay('da', day('2026-11-24'))).toBe(false);
  });
});
