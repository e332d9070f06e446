import { describe, expect, it } from 'vitest';
import { formatStaffMoney } from '#lib/backoffice/staff-money.ts';

const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatStaffMoney', () => {
  it('shows two decimals and the currency code in the staff language', () => {
    expect(plain(formatStaffMoney(149_950, 'SEK', 'en'))).toBe('SEK 1,499.50');
    expect(plain(formatStaffMoney(149_950, 'SEK', 'sv'))).toBe('1 499,50 SEK');
    expect(plain(formatStaffMoney(5, 'EUR', 'en'))).toBe('EUR 0.05');
    expect(plain(formatStaffMoney(-1000, 'NOK', 'en'))).toBe('-NOK 10.00');
  });
});
