import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTotalAfterDiscount, spreadOrderDiscount } from '#lib/checkout/line-totals.ts';

describe('lineTotalAfterDiscount', () => {
  it('is unit × quantity − discount', () => {
    expect(lineTotalAfterDiscount({ unitGrossMinor: 19900, quantity: 3, discountMinor: 5000 })).toBe(54700);
    expect(lineTotalAfterDiscount({ unitGrossMinor: 1999, quantity: 2 })).toBe(3998);
    expect(lineTotalAfterDiscount({ unitGrossMinor: 1999, quantity: 2, discountMinor: 3998 })).toBe(0);
  });
  it('refuses a discount larger than the line, negative or fractional values', () => {
    expect(() => lineTotalAfterDiscount({ unitGrossMinor: 1999, quantity: 2, discountMinor: 3999 })).toThrow(RangeError);
    expect(() => lineTotalAfterDiscount({ unitGrossMinor: 1999, quantity: 2, discountMinor: -1 })).toThrow(RangeError);
    expect(() => lineTotalAfterDiscount({ unitGrossMinor: 1999, quantity: 0.5 })).toThrow(RangeError);
    expect(() => lineTotalAfterDiscount({ unitGrossMinor: 19.99, quantity: 1 })).toThrow(RangeError);
  });
});

describe('spreadOrderDiscount', () => {
  it('spreads an order discount in proportion to the lines', () => {
    expect(spreadOrderDiscount([10000, 5000, 0], 3000)).toEqual([2000, 1000, 0]);
    expect(spreadOrderDiscount([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(spreadOrderDiscount([999, 1], 1000)).toEqual([999, 1]);
    expect(spreadOrderDiscount([], 0)).toEqual([]);
    expect(() => spreadOrderDiscount([100], 101)).toThrow(RangeError);
    expect(() => spreadOrderDiscount([], 1)).toThrow(RangeError);
  });
  it('shares sum to the discount and never exceed their line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (lines, fraction) => {
          const total = lines.reduce((a, b) => a + b, 0);
          const discount = Math.floor(total * fraction);
          const shares = spreadOrderDiscount(lines, discount);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(discount);
          shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(lines[i]!));
        },
      ),
    );
  });
});
