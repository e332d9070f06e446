import { describe, expect, it } from 'vitest';
import { paymentLines } from '#lib/checkout/payment-lines.ts';
import { vatBreakdown } from '#lib/checkout/vat-breakdown.ts';

function linesFor(goods: { sku: string; quantity: number; totalMinor: number; vatRate: number }[], shippingMinor: number) {
  const shipping = { name: 'Ombud', grossMinor: shippingMinor, vatRate: 25 };
  const vat = vatBreakdown({ lines: goods.map((g) => ({ grossMinor: g.totalMinor, vatRate: g.vatRate })), shipping });
  const lines = paymentLines({ goods: goods.map((g) => ({ ...g, name: g.sku })), shipping, byRate: vat.byRate });
  return { lines, vat };
}

describe('payment lines', () => {
  it('sum to the checkout total and its VAT, one line per goods line plus shipping', () => {
    const { lines, vat } = linesFor(
      [
        { sku: 'A', quantity: 3, totalMinor: 3 * 3333, vatRate: 25 },
        { sku: 'B', quantity: 1, totalMinor: 1999, vatRate: 25 },
        { sku: 'C', quantity: 7, totalMinor: 7 * 101, vatRate: 25 },
      ],
      4900,
    );
    expect(lines.map((l) => l.reference)).toEqual(['A', 'B', 'C', 'shipping']);
    expect(lines.reduce((s, l) => s + l.totalMinor, 0)).toBe(vat.grossMinor);
    expect(lines.reduce((s, l) => s + l.vatMinor, 0)).toBe(vat.vatMinor);
    for (const l of lines) {
      expect(l.unitPriceMinor * l.quantity).toBe(l.totalMinor);
      expect(Math.abs(l.vatMinor - (l.totalMinor * 25) / 125)).toBeLessThanOrEqual(1.5);
    }
  });

  it('splits shipping over the goods VAT rates like the VAT breakdown, and leaves free shipping out', () => {
    const goods = [
      { sku: 'food', quantity: 1, totalMinor: 10_000, vatRate: 12 },
      { sku: 'part', quantity: 2, totalMinor: 30_000, vatRate: 25 },
    ];
    const { lines, vat } = linesFor(goods, 4999);
    const shipping = lines.filter((l) => l.reference === 'shipping');
    expect(shipping.map((l) => [l.vatRate, l.totalMinor])).toEqual([
      [25, 3749],
      [12, 1250],
    ]);
    for (const row of vat.byRate) {
      const ofRate = lines.filter((l) => l.vatRate === row.vatRate);
      expect(ofRate.reduce((s, l) => s + l.totalMinor, 0)).toBe(row.grossMinor);
      expect(ofRate.reduce((s, l) => s + l.vatMinor, 0)).toBe(row.vatMinor);
    }
    expect(linesFor(goods, 0).lines.some((l) => l.reference === 'shipping')).toBe(false);
  });
});
