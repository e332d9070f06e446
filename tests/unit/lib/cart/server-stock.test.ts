import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allowedQuantitiesAcrossLines, allowedQuantity, CartNotice } from '#lib/cart/server-stock.ts';

describe('stock rules', () => {
  it('back-order is not capped by stock; NaN and negatives become 0', () => {
    expect(allowedQuantity(40, { orderable: true, stock_status: 'back-order-slow', stock_quantity: 0 }).quantity).toBe(40);
    expect(allowedQuantity(Number.NaN, { orderable: true, stock_status: 'in-stock', stock_quantity: 5 }).quantity).toBe(0);
    expect(allowedQuantity(-3, { orderable: true, stock_status: 'in-stock', stock_quantity: 5 }).quantity).toBe(0);
  });
});

describe('stock shared by the lines of one product', () => {
  const inStock = (stock_quantity: number) => ({ orderable: true, stock_status: 'in-stock', stock_quantity });

  it('five lines of a product with 1 in stock keep 1 in all: the first line gets it, the others 0 with the notice', () => {
    const d = allowedQuantitiesAcrossLines(Array.from({ length: 5 }, () => ({ key: 'P1', requested: 1, product: inStock(1) })));
    expect(d.map((x) => x?.quantity)).toEqual([1, 0, 0, 0, 0]);
    expect(d[0]).toEqual({ quantity: 1, adjusted: false, notice: null });
    expect(d[1]).toEqual({ quantity: 0, adjusted: true, notice: CartNotice.StockLimited });
  });

  it('earlier lines keep their quantity; a later line is reduced; other products and back-order are not touched', () => {
    const d = allowedQuantitiesAcrossLines([
      { key: 'A', requested: 3, product: inStock(5) },
      { key: 'B', requested: 4, product: inStock(4) },
      { key: 'A', requested: 4, product: inStock(5) },
      { key: 'A', requested: 1, product: inStock(5) },
      { key: 'C', requested: 40, product: { orderable: true, stock_status: 'back-order-slow', stock_quantity: 1 } },
      { key: 'C', requested: 40, product: { orderable: true, stock_status: 'back-order-slow', stock_quantity: 1 } },
      { key: 'X', requested: 2, product: undefined },
    ]);
    expect(d.map((x) => x?.quantity)).toEqual([3, 4, 2, 0, 40, 40, undefined]);
    expect(d[2]).toEqual({ quantity: 2, adjusted: true, notice: CartNotice.StockLimited });
  });

  it('never holds more than the stock of a product in all its lines, and never more than a line asked for', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ key: fc.constantFrom('A', 'B', 'C'), requested: fc.integer({ min: 0, max: 30 }) }), { maxLength: 12 }),
        fc.record({ A: fc.integer({ min: 1, max: 20 }), B: fc.integer({ min: 1, max: 20 }), C: fc.integer({ min: 1, max: 20 }) }),
        (lines, stock) => {
          const d = allowedQuantitiesAcrossLines(lines.map((l) => ({ ...l, product: inStock(stock[l.key]) })));
          for (const key of ['A', 'B', 'C'] as const) {
            const held = lines.reduce((sum, l, i) => sum + (l.key === key ? d[i]!.quantity : 0), 0);
            const asked = lines.reduce((sum, l) => sum + (l.key === key ? l.requested : 0), 0);
            expect(held).toBe(Math.min(asked, stock[key]));
          }
          lines.forEach((l, i) => {
            expect(d[i]!.quantity).toBeLessThanOrEqual(l.requested);
            expect(d[i]!.adjusted).toBe(d[i]!.quantity !== l.requested);
            if (d[i]!.adjusted) expect(d[i]!.notice).toBe(CartNotice.StockLimited);
          });
        },
      ),
    );
  });
});
