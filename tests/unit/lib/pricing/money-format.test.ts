import { describe, expect, it } from 'vitest';
import { currencyDigits } from '#lib/market/locales.ts';
import { formatPrice } from '#lib/pricing/money-format.ts';

describe('locale table', () => {
  it('formats prices with currency digits', () => {
    expect(currencyDigits('SEK')).toBe(0);
    expect(currencyDigits('EUR')).toBe(2);
    expect(formatPrice(1299, 'sv').replace(/\s/g, ' ')).toBe('1 299 kr');
    expect(formatPrice(1299.5, 'no').replace(/\s/g, ' ')).toMatch(/^1 (299|300) kr$/);
    expect(formatPrice(12.5, 'fi').replace(/\s/g, ' ')).toBe('12,50 €');
    expect(formatPrice(12.5, 'nl').replace(/\s/g, ' ')).toBe('€ 12,50');
    expect(formatPrice(99, 'da').replace(/\s/g, ' ')).toBe('99 kr.');
  });
});
