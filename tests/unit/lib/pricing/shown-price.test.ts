import { describe, expect, it } from 'vitest';
import { formatShownPrice } from '#lib/pricing/shown-price.ts';

describe('a stored price as shown', () => {
  it('incl. VAT in the currency digits, ex VAT divided by the VAT factor', () => {
    expect(formatShownPrice(1249.6, 25, true, 'sv').replace(/\s/g, ' ')).toBe('1 250 kr');
    expect(formatShownPrice(1250, 25, false, 'sv').replace(/\s/g, ' ')).toBe('1 000 kr');
    expect(formatShownPrice(12.4, 24, false, 'fi').replace(/\s/g, ' ')).toBe('10,00 €');
    expect(formatShownPrice(12.5, 21, true, 'nl').replace(/\s/g, ' ')).toBe('€ 12,50');
  });
});
