import { describe, expect, it } from 'vitest';
import { invoiceAmounts, linePrice } from '#lib/einvoice/invoice-amounts.ts';
import { vatBreakdown } from '#lib/checkout/vat-breakdown.ts';

const rows = (lines: { totalMinor: number; vatRate: number }[], shipping?: { grossMinor: number; vatRate: number }) =>
  vatBreakdown({ lines: lines.map((l) => ({ grossMinor: l.totalMinor, vatRate: l.vatRate })), shipping }).byRate.map((r) => ({
    rate: r.vatRate,
    netMinor: r.netMinor,
    vatMinor: r.vatMinor,
    grossMinor: r.grossMinor,
  }));

describe('invoiceAmounts', () => {
  it('keeps the order total and each rate taxable amount to the unit, with lines + charges = taxable', () => {
    // random orders: 1–6 lines at two rates, with and without shipping
    let seed = 7;
    const rnd = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let run = 0; run < 500; run++) {
      const lines = Array.from({ length: 1 + rnd(6) }, () => {
        const quantity = 1 + rnd(7);
        return { quantity, totalMinor: (1 + rnd(99_999)) * quantity, vatRate: rnd(3) === 0 ? 12 : 25.5 };
      });
      const shipping = rnd(2) ? { grossMinor: 1 + rnd(19_900), vatRate: 25.5 } : undefined;
      const r = rows(lines, shipping);
      const a = invoiceAmounts(lines, r);
      const gross = lines.reduce((s, l) => s + l.totalMinor, 0) + (shipping?.grossMinor ?? 0);
      expect(a.payableMinor).toBe(gross);
      expect(a.taxExclusiveMinor).toBe(a.lineExtensionMinor + a.chargeTotalMinor);
      for (const t of a.taxes) {
        const lineNet = a.lines.filter((l) => l.vatRate === t.vatRate).reduce((s, l) => s + l.netMinor, 0);
        const chargeNet = a.charges.filter((c) => c.vatRate === t.vatRate).reduce((s, c) => s + c.netMinor, 0);
        expect(lineNet + chargeNet).toBe(t.taxableMinor);
        // EN 16931 BR-CO-17: VAT = taxable × rate, within a unit of the currency
        expect(Math.abs(t.vatMinor - (t.taxableMinor * t.vatRate) / 100)).toBeLessThan(100);
      }
      // each line's net is its gross less its VAT, give or take the rounding a rate leaves on its last line
      lines.forEach((l, i) => expect(Math.abs(a.lines[i]!.netMinor - (l.totalMinor * 100) / (100 + l.vatRate))).toBeLessThan(3));
    }
  });

  it('puts shipping as a charge at each goods rate, split as the order split it', () => {
    const lines = [
      { quantity: 1, totalMinor: 12_500, vatRate: 25 },
      { quantity: 2, totalMinor: 11_200, vatRate: 12 },
    ];
    const a = invoiceAmounts(lines, rows(lines, { grossMinor: 4_900, vatRate: 25 }));
    expect(a.lines.map((l) => l.netMinor)).toEqual([10_000, 10_000]);
    expect(a.charges.map((c) => c.vatRate)).toEqual([25, 12]);
    expect(a.chargeTotalMinor).toBe(a.taxExclusiveMinor - 20_000);
    expect(a.payableMinor).toBe(12_500 + 11_200 + 4_900);
  });

  it('refuses a line whose rate the breakdown does not have', () => {
    expect(() => invoiceAmounts([{ quantity: 1, totalMinor: 100, vatRate: 25 }], [])).toThrow(/no row for the rate 25/);
  });
});

describe('linePrice', () => {
  it('states an exact unit price, else the line net as the price of its quantity', () => {
    expect(linePrice(30_000, 3)).toEqual({ amount: '100.00', baseQuantity: 1 });
    expect(linePrice(1_001, 4)).toEqual({ amount: '2.5025', baseQuantity: 1 });
    expect(linePrice(1_000, 3)).toEqual({ amount: '10.00', baseQuantity: 3 });
  });
});
