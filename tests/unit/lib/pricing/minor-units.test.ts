import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocate,
  divideRounded,
  formatMinorUnits,
  multiplyMinor,
  netFromGrossMinor,
  parseMinorUnits,
  percentOfMinor,
  toMinorUnits,
  vatFromGrossMinor,
  vatRateHundredths,
} from '#lib/pricing/minor-units.ts';

describe('parseMinorUnits / toMinorUnits', () => {
  it('converts catalogue numbers exactly, without float drift', () => {
    expect(toMinorUnits(19.99)).toBe(1999);
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(toMinorUnits(1.1 * 3)).toBe(330);
    expect(toMinorUnits(4.35)).toBe(435);
    expect(toMinorUnits(1234567.89)).toBe(123456789);
    expect(toMinorUnits(-0.05)).toBe(-5);
    expect(toMinorUnits(499)).toBe(49900);
    expect(Object.is(toMinorUnits(-0), 0)).toBe(true);
  });
  it('converts decimal strings, including pg numeric padding', () => {
    expect(toMinorUnits('19.99')).toBe(1999);
    expect(toMinorUnits('19.9900')).toBe(1999);
    expect(toMinorUnits(' 19.9 ')).toBe(1990);
    expect(toMinorUnits('-0.05')).toBe(-5);
    expect(toMinorUnits('+7')).toBe(700);
    expect(toMinorUnits('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });
  it('rejects what is not an exact 2-decimal amount', () => {
    expect(parseMinorUnits(Number.NaN)).toEqual({ ok: false, reason: 'not_finite' });
    expect(parseMinorUnits(Number.POSITIVE_INFINITY)).toEqual({ ok: false, reason: 'not_finite' });
    expect(parseMinorUnits(1.005)).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(parseMinorUnits(19.991)).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(parseMinorUnits('19.995')).toEqual({ ok: false, reason: 'too_many_decimals' });
    expect(parseMinorUnits('19.9901')).toEqual({ ok: false, reason: 'too_many_decimals' });
    for (const bad of ['', '19,99', '1e3', '.5', '5.', '12 kr', '--1', '0x10']) {
      expect(parseMinorUnits(bad), bad).toEqual({ ok: false, reason: 'format' });
    }
    expect(parseMinorUnits(1e12)).toEqual({ ok: false, reason: 'out_of_range' });
    expect(parseMinorUnits('90071992547409.92')).toEqual({ ok: false, reason: 'out_of_range' });
    expect(() => toMinorUnits(1.005)).toThrow(RangeError);
  });
  it('round-trips every 2-decimal number and every formatted amount', () => {
    fc.assert(fc.property(fc.integer({ min: -1e11, max: 1e11 }), (minor) => toMinorUnits(minor / 100) === minor));
    fc.assert(fc.property(fc.maxSafeInteger(), (minor) => toMinorUnits(formatMinorUnits(minor)) === minor));
  });
});

describe('formatMinorUnits', () => {
  it('writes a plain 2-decimal string', () => {
    expect(formatMinorUnits(1999)).toBe('19.99');
    expect(formatMinorUnits(5)).toBe('0.05');
    expect(formatMinorUnits(-5)).toBe('-0.05');
    expect(formatMinorUnits(0)).toBe('0.00');
    expect(formatMinorUnits(49900)).toBe('499.00');
    expect(formatMinorUnits(-123456)).toBe('-1234.56');
    expect(() => formatMinorUnits(1.5)).toThrow(RangeError);
  });
});

describe('multiplyMinor', () => {
  it('multiplies by whole quantities only', () => {
    expect(multiplyMinor(1999, 3)).toBe(5997);
    expect(multiplyMinor(1999, 0)).toBe(0);
    expect(() => multiplyMinor(1999, 1.5)).toThrow(RangeError);
    expect(() => multiplyMinor(1999, -1)).toThrow(RangeError);
    expect(() => multiplyMinor(19.99, 2)).toThrow(RangeError);
    expect(() => multiplyMinor(Number.MAX_SAFE_INTEGER, 2)).toThrow(RangeError);
  });
});

describe('divideRounded (half away from zero)', () => {
  it('rounds halves away from zero and the rest to nearest', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(7n, 3n)).toBe(2n);
    expect(divideRounded(-7n, 3n)).toBe(-2n);
    expect(divideRounded(8n, 3n)).toBe(3n);
    expect(divideRounded(0n, 3n)).toBe(0n);
  });
});

describe('percentOfMinor', () => {
  it('takes a percentage with integer math, halves away from zero', () => {
    expect(percentOfMinor(1999, 10)).toBe(200); // 199.9
    expect(percentOfMinor(1000, 12.5)).toBe(125);
    expect(percentOfMinor(1003, 15)).toBe(150); // 150.45
    expect(percentOfMinor(5, 50)).toBe(3); // 2.5
    expect(percentOfMinor(-5, 50)).toBe(-3); // −2.5
    expect(percentOfMinor(10000, 25.5)).toBe(2550);
    expect(() => percentOfMinor(1000, 12.345)).toThrow(RangeError);
  });
});

describe('vatFromGrossMinor / netFromGrossMinor', () => {
  it('extracts VAT contained in a gross amount: gross × rate / (100 + rate)', () => {
    expect(vatFromGrossMinor(12500, 25)).toBe(2500);
    expect(vatFromGrossMinor(1999, 25)).toBe(400); // 399.8
    expect(vatFromGrossMinor(12100, 21)).toBe(2100);
    expect(vatFromGrossMinor(12550, 25.5)).toBe(2550);
    expect(vatFromGrossMinor(1000, 25.5)).toBe(203); // 203.19
    expect(vatFromGrossMinor(3, 25)).toBe(1); // 0.6
    expect(vatFromGrossMinor(2, 25)).toBe(0); // 0.4
    expect(vatFromGrossMinor(14, 12)).toBe(2); // exactly 1.5 → up
    expect(vatFromGrossMinor(-14, 12)).toBe(-2); // refunds mirror sales
    expect(vatFromGrossMinor(5000, 0)).toBe(0);
  });
  it('keeps net + VAT equal to the gross', () => {
    expect(netFromGrossMinor(12500, 25)).toBe(10000);
    expect(netFromGrossMinor(1999, 25)).toBe(1599);
    expect(netFromGrossMinor(1000, 25.5)).toBe(797);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.constantFrom(0, 6, 10, 12, 14, 21, 25, 25.5),
        (gross, rate) => netFromGrossMinor(gross, rate) + vatFromGrossMinor(gross, rate) === gross,
      ),
    );
  });
  it('rejects rates that are not 0–100 with ≤ 2 decimals', () => {
    expect(vatRateHundredths(25.5)).toBe(2550);
    expect(() => vatFromGrossMinor(100, -1)).toThrow(RangeError);
    expect(() => vatFromGrossMinor(100, 101)).toThrow(RangeError);
    expect(() => vatFromGrossMinor(100, 25.555)).toThrow(RangeError);
  });
});

describe('allocate (largest remainder)', () => {
  it('splits proportionally and gives leftover units to the largest remainders', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(100, [1, 2])).toEqual([33, 67]);
    expect(allocate(1000, [12500, 2500, 5000])).toEqual([625, 125, 250]);
    expect(allocate(10, [3, 3, 4])).toEqual([3, 3, 4]);
    expect(allocate(11, [3, 3, 4])).toEqual([3, 3, 5]); // remainders 0.3, 0.3, 0.4
    expect(allocate(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(allocate(10, [0, 5])).toEqual([0, 10]);
    expect(allocate(0, [3, 7])).toEqual([0, 0]);
    expect(allocate(5, [0, 0])).toEqual([3, 2]);
  });
  it('rejects bad weights', () => {
    expect(() => allocate(100, [])).toThrow(RangeError);
    expect(() => allocate(100, [1, -1])).toThrow(RangeError);
    expect(() => allocate(100, [1.5, 1])).toThrow(RangeError);
    expect(() => allocate(1.5, [1])).toThrow(RangeError);
  });
  it('always sums to the total, each part within one unit of its exact share', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 12 }).filter((w) => w.some((x) => x > 0)),
        (total, weights) => {
          const parts = allocate(total, weights);
          const sumWeights = BigInt(weights.reduce((a, b) => a + b, 0));
          expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
          parts.forEach((part, i) => {
            const diff = BigInt(part) * sumWeights - BigInt(total) * BigInt(weights[i]!);
            expect(diff < 0n ? -diff : diff).toBeLessThan(sumWeights);
            if (weights[i] === 0) expect(part).toBe(0);
          });
        },
      ),
    );
  });
});
