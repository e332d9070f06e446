import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vatBreakdown } from '#lib/checkout/vat-breakdown.ts';
import { vatFromGrossMinor } from '#lib/pricing/minor-units.ts';

describe('vatBreakdown', () => {
  it('single rate: VAT on the summed gross, shipping at the goods rate', () => {
    const result = vatBreakdown({
      lines: [
        { grossMinor: 12500, vatRate: 25 },
        { grossMinor: 2500, vatRate: 25 },
      ],
      shipping: { grossMinor: 4900, vatRate: 25 },
    });
    expect(result).toEqual({
      grossMinor: 19900,
      vatMinor: 3980,
      netMinor: 15920,
      byRate: [{ vatRate: 25, netMinor: 15920, vatMinor: 3980, grossMinor: 19900 }],
    });
  });

  it('VAT per rate on the sum, not per line (three lines of 1.99 at 25 %)', () => {
    // Per line: 3 × round(39.8) = 120; on the sum 597 × 0.2 = 119.4 → 119.
    const result = vatBreakdown({
      lines: [
        { grossMinor: 199, vatRate: 25 },
        { grossMinor: 199, vatRate: 25 },
        { grossMinor: 199, vatRate: 25 },
      ],
    });
    expect(result.vatMinor).toBe(119);
  });

  it('mixed rates: shipping split proportionally to the goods gross per rate', () => {
    const result = vatBreakdown({
      lines: [
        { grossMinor: 10000, vatRate: 25 },
        { grossMinor: 5000, vatRate: 12 },
      ],
      shipping: { grossMinor: 3000, vatRate: 25 },
    });
    expect(result.byRate).toEqual([
      { vatRate: 25, grossMinor: 12000, vatMinor: 2400, netMinor: 9600 }, // 10000 + 2000 shipping
      { vatRate: 12, grossMinor: 6000, vatMinor: 643, netMinor: 5357 }, // 5000 + 1000; 642.86
    ]);
    expect(result).toMatchObject({ grossMinor: 18000, vatMinor: 3043, netMinor: 14957 });
  });

  it('fees follow the goods like shipping; an odd unit goes to the larger remainder', () => {
    const result = vatBreakdown({
      lines: [
        { grossMinor: 3333, vatRate: 25.5 },
        { grossMinor: 3333, vatRate: 14 },
      ],
      shipping: { grossMinor: 690, vatRate: 25.5 },
      fees: [{ grossMinor: 311, vatRate: 25.5 }],
    });
    // 1001 over equal weights → 501 (25.5 %, listed first) + 500 (14 %).
    expect(result.byRate).toEqual([
      { vatRate: 25.5, grossMinor: 3834, vatMinor: 779, netMinor: 3055 }, // 779.02
      { vatRate: 14, grossMinor: 3833, vatMinor: 471, netMinor: 3362 }, // 470.72
    ]);
    expect(result).toMatchObject({ grossMinor: 7667, vatMinor: 1250, netMinor: 6417 });
  });

  it('falls back to the charge’s own rate when no goods carry a gross', () => {
    const result = vatBreakdown({ lines: [{ grossMinor: 0, vatRate: 25.5 }], shipping: { grossMinor: 4900, vatRate: 25.5 } });
    expect(result.byRate).toEqual([{ vatRate: 25.5, grossMinor: 4900, vatMinor: 996, netMinor: 3904 }]); // 995.62
    expect(vatBreakdown({ lines: [] })).toEqual({ grossMinor: 0, vatMinor: 0, netMinor: 0, byRate: [] });
  });

  it('treats 25.5 and 25.50 as one rate and orders rows by rate, highest first', () => {
    const result = vatBreakdown({
      lines: [
        { grossMinor: 100, vatRate: 12 },
        { grossMinor: 100, vatRate: 25.5 },
        { grossMinor: 100, vatRate: 25.5 },
        { grossMinor: 100, vatRate: 0 },
      ],
    });
    expect(result.byRate.map((r) => [r.vatRate, r.grossMinor])).toEqual([
      [25.5, 200],
      [12, 100],
      [0, 100],
    ]);
  });

  it('rejects negative or fractional amounts and unsupported rates', () => {
    expect(() => vatBreakdown({ lines: [{ grossMinor: -1, vatRate: 25 }] })).toThrow(RangeError);
    expect(() => vatBreakdown({ lines: [{ grossMinor: 1.5, vatRate: 25 }] })).toThrow(RangeError);
    expect(() => vatBreakdown({ lines: [{ grossMinor: 100, vatRate: 25.555 }] })).toThrow(RangeError);
    expect(() => vatBreakdown({ lines: [], shipping: { grossMinor: -100, vatRate: 25 } })).toThrow(RangeError);
  });

  it('rows always add up to the totals, and the gross is every input summed', () => {
    const amount = fc.record({ grossMinor: fc.integer({ min: 0, max: 10_000_000 }), vatRate: fc.constantFrom(0, 6, 12, 14, 21, 25, 25.5) });
    fc.assert(
      fc.property(
        fc.array(amount, { maxLength: 10 }),
        fc.option(amount, { nil: undefined }),
        fc.array(amount, { maxLength: 3 }),
        (lines, shipping, fees) => {
          const result = vatBreakdown({ lines, shipping, fees });
          const inputGross = [...lines, ...(shipping ? [shipping] : []), ...fees].reduce((s, a) => s + a.grossMinor, 0);
          expect(result.grossMinor).toBe(inputGross);
          expect(result.byRate.reduce((s, r) => s + r.grossMinor, 0)).toBe(result.grossMinor);
          expect(result.byRate.reduce((s, r) => s + r.vatMinor, 0)).toBe(result.vatMinor);
          expect(result.byRate.reduce((s, r) => s + r.netMinor, 0)).toBe(result.netMinor);
          expect(result.netMinor + result.vatMinor).toBe(result.grossMinor);
          for (const row of result.byRate) expect(row.vatMinor).toBe(vatFromGrossMinor(row.grossMinor, row.vatRate));
          // With goods, ancillary charges never create a rate the goods do not have.
          const goodsRates = new Set<number>(lines.filter((l) => l.grossMinor > 0).map((l) => l.vatRate));
          if (goodsRates.size > 0) for (const row of result.byRate) expect(goodsRates.has(row.vatRate)).toBe(true);
        },
      ),
    );
  });
});
