import { describe, expect, it } from 'vitest';
import { netLineTotals, refundFor, type OrderAmounts } from '#lib/returns/refund-amounts.ts';

const order: OrderAmounts = {
  lines: [
    { sku: 'A', name: 'A', quantity: 3, total_minor: 1000 },
    { sku: 'B', name: 'B', quantity: 1, total_minor: 333 },
  ],
  discount_minor: 100,
  shipping_minor: 4900,
};

describe('net line totals', () => {
  it('spreads the order discount in proportion, adding up to the discount exactly', () => {
    const net = netLineTotals(order);
    expect(net).toEqual([925, 308]);
    expect(1000 + 333 - net.reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('without a discount the line totals stand', () => {
    expect(netLineTotals({ ...order, discount_minor: 0 })).toEqual([1000, 333]);
  });
});

describe('refunds', () => {
  it('returning a line one unit at a time refunds exactly its net amount in the end', () => {
    const parts: number[] = [];
    const earlier: { line: number; sku: string; quantity: number }[][] = [];
    for (let i = 0; i < 3; i++) {
      const lines = [{ line: 0, sku: 'A', quantity: 1 }];
      parts.push(refundFor(order, earlier, { kind: 'return', lines }, false).goods_minor);
      earlier.push(lines);
    }
    expect(parts).toEqual([308, 308, 309]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(925);
  });

  it('a withdrawal of the whole order refunds the standard delivery too, once', () => {
    const all = [
      { line: 0, sku: 'A', quantity: 3 },
      { line: 1, sku: 'B', quantity: 1 },
    ];
    expect(refundFor(order, [], { kind: 'withdrawal', lines: all }, false)).toEqual({
      goods_minor: 1233,
      shipping_minor: 4900,
      total_minor: 6133,
    });
    expect(refundFor(order, [], { kind: 'withdrawal', lines: all }, true).shipping_minor).toBe(0);
  });

  it('a partial withdrawal or a policy return refunds no delivery', () => {
    expect(refundFor(order, [], { kind: 'withdrawal', lines: [{ line: 1, sku: 'B', quantity: 1 }] }, false)).toEqual({
      goods_minor: 308,
      shipping_minor: 0,
      total_minor: 308,
    });
    const all = [
      { line: 0, sku: 'A', quantity: 3 },
      { line: 1, sku: 'B', quantity: 1 },
    ];
    expect(refundFor(order, [], { kind: 'return', lines: all }, false).shipping_minor).toBe(0);
  });

  it('the withdrawal that completes earlier returns refunds the delivery', () => {
    const first = [{ line: 0, sku: 'A', quantity: 3 }];
    expect(refundFor(order, [first], { kind: 'withdrawal', lines: [{ line: 1, sku: 'B', quantity: 1 }] }, false)).toEqual({
      goods_minor: 308,
      shipping_minor: 4900,
      total_minor: 5208,
    });
  });
});
