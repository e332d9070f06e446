import { describe, expect, it } from 'vitest';
import { bundledLines, bundleTotalsMinor, bundleUnitPrice, type StoredBundle } from '#lib/catalogue/accessories-bundles.ts';

const bundle: StoredBundle = {
  id: 7,
  product_id: 1,
  discount_percent: 15,
  lines: [
    { product_id: 1, sku: 'FILTER', quantity: 1 },
    { product_id: 2, sku: 'BAGS', quantity: 2 },
  ],
};
const bundles = new Map([[7, bundle]]);
const always = () => true;

describe('bundle unit price', () => {
  it('takes the percent off the ordinary tier price in exact minor units', () => {
    expect(bundleUnitPrice({ n: [{ q: 1, p: 149 }] }, 1, 15)).toBe(126.65);
    expect(bundleUnitPrice({ n: [{ q: 1, p: 12.95 }] }, 1, 10)).toBe(11.65); // 1295 − 129.5 → 1295 − 130 (half away from zero)
    expect(bundleUnitPrice({ n: [{ q: 1, p: 1 }] }, 1, 90)).toBe(0.1);
  });

  it('uses the tier for the bundle quantity', () => {
    const prices = {
      n: [
        { q: 1, p: 100 },
        { q: 2, p: 80 },
      ],
    };
    expect(bundleUnitPrice(prices, 1, 10)).toBe(90);
    expect(bundleUnitPrice(prices, 2, 10)).toBe(72);
  });

  it('gives the better of a running campaign and the bundle, never both', () => {
    const deep = { n: [{ q: 1, p: 100 }], c: [{ q: 1, p: 70, o: 100, d: 30 }] };
    const shallow = { n: [{ q: 1, p: 100 }], c: [{ q: 1, p: 95, o: 100, d: 5 }] };
    expect(bundleUnitPrice(deep, 1, 10)).toBe(70);
    expect(bundleUnitPrice(shallow, 1, 10)).toBe(90);
  });

  it('totals lines × quantity in minor units, with the ordinary total beside it', () => {
    expect(
      bundleTotalsMinor(
        [
          { prices: { n: [{ q: 1, p: 149 }] }, quantity: 1 },
          { prices: { n: [{ q: 1, p: 59 }] }, quantity: 2 },
        ],
        15,
      ),
    ).toEqual({ totalMinor: 12665 + 2 * 5015, ordinaryMinor: 14900 + 11800 });
  });
});

describe('which cart lines form a stored bundle', () => {
  const line = (sku: string, quantity: number, id: number | null = 7, instance: string | null = 'i1') => ({
    sku,
    quantity,
    upselling_bundle_id: id,
    unique_bundle_id: instance,
  });

  it('accepts a complete instance at the bundle quantities', () => {
    const found = bundledLines([line('FILTER', 1), line('BAGS', 2)], bundles, always);
    expect([...found.keys()]).toEqual([0, 1]);
    expect(found.get(1)).toBe(bundle);
  });

  it('refuses an unknown bundle id (forged)', () => {
    expect(bundledLines([line('FILTER', 1, 999), line('BAGS', 2, 999)], bundles, always).size).toBe(0);
  });

  it('refuses a line that is not part of the bundle, a missing line, a repeated line and a changed quantity', () => {
    expect(bundledLines([line('FILTER', 1), line('BAGS', 2), line('OTHER', 1)], bundles, always).size).toBe(0);
    expect(bundledLines([line('FILTER', 1)], bundles, always).size).toBe(0);
    expect(bundledLines([line('FILTER', 1), line('FILTER', 1)], bundles, always).size).toBe(0);
    expect(bundledLines([line('FILTER', 1), line('BAGS', 5)], bundles, always).size).toBe(0);
  });

  it('keeps instances apart: two complete instances count, a broken one does not spoil the other', () => {
    const lines = [
      line('FILTER', 1, 7, 'a'),
      line('BAGS', 2, 7, 'a'),
      line('FILTER', 1, 7, 'b'),
      line('BAGS', 2, 7, 'b'),
      line('FILTER', 1, 7, 'c'),
    ];
    expect([...bundledLines(lines, bundles, always).keys()]).toEqual([0, 1, 2, 3]);
  });

  it('refuses an instance with a line that cannot be sold as asked, and ignores removals and plain lines', () => {
    expect(bundledLines([line('FILTER', 1), line('BAGS', 2)], bundles, (i) => i !== 1).size).toBe(0);
    const found = bundledLines([line('FILTER', 1), line('BAGS', 2), line('BAGS', 0), line('FILTER', 3, null, null)], bundles, always);
    expect([...found.keys()]).toEqual([0, 1]);
  });
});
