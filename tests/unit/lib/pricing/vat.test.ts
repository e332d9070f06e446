import { describe, expect, it } from 'vitest';
import { displayAmount, excludeVat, roundTo, vatPortion } from '#lib/pricing/vat.ts';

describe('VAT display and rounding', () => {
  it('rounds incl-VAT prices to the currency digits', () => {
    expect(displayAmount(149.6, 25, true, 'SEK')).toBe(150);
    expect(displayAmount(12.345, 25.5, true, 'EUR')).toBe(12.35);
  });
  it('divides by the VAT factor and rounds to 2 decimals when VAT is excluded', () => {
    expect(displayAmount(125, 25, false, 'SEK')).toBe(100);
    expect(displayAmount(199, 25, false, 'NOK')).toBe(159.2);
    expect(displayAmount(10, 25.5, false, 'EUR')).toBe(7.97);
    expect(excludeVat(121, 21)).toBeCloseTo(100);
    expect(vatPortion(125, 25)).toBeCloseTo(25);
  });
  it('rounds halves up', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(2.5, 0)).toBe(3);
  });
});
