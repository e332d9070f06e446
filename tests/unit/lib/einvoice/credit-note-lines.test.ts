/** What a refunded return's credit note credits (docs/product/e-invoices.md#credit-notes). */
import { describe, expect, it } from 'vitest';
import { returnCredit } from '#lib/einvoice/credit-note-lines.ts';
import type { EInvoiceLine } from '#lib/einvoice/ubl-invoice.ts';

const LINES: EInvoiceLine[] = [
  { sku: 'A', name: 'Filter', quantity: 3, totalMinor: 29_997, vatRate: 25 },
  { sku: 'B', name: 'Bok', quantity: 2, totalMinor: 1_000, vatRate: 6 },
];

describe('returnCredit', () => {
  it('the returned units at the refunded amount, lines adding up to it exactly, VAT per rate', () => {
    const c = returnCredit(LINES, {
      lines: [
        { line: 0, quantity: 2 },
        { line: 1, quantity: 1 },
      ],
      goodsMinor: 20_497,
      shippingMinor: 0,
    });
    expect(c.lines.map((l) => [l.sku, l.quantity, l.totalMinor, l.vatRate])).toEqual([
      ['A', 2, 19_997, 25],
      ['B', 1, 500, 6],
    ]);
    expect(c.lines.reduce((s, l) => s + l.totalMinor, 0)).toBe(20_497);
    expect(c.rates).toEqual([
      { rate: 25, netMinor: 15_998, vatMinor: 3_999, grossMinor: 19_997 },
      { rate: 6, netMinor: 472, vatMinor: 28, grossMinor: 500 },
    ]);
  });

  it('a delivery refund is credited as shipping, split over the rates like the order', () => {
    const c = returnCredit(LINES, { lines: [{ line: 0, quantity: 3 }], goodsMinor: 29_997, shippingMinor: 4_900 });
    expect(c.rates).toEqual([{ rate: 25, netMinor: 27_918, vatMinor: 6_979, grossMinor: 34_897 }]);
  });

  it('refuses a return without lines', () => {
    expect(() => returnCredit(LINES, { lines: [], goodsMinor: 0, shippingMinor: 0 })).toThrow(RangeError);
  });
});
