import { describe, expect, it } from 'vitest';
import { allowedQuantity } from '#lib/cart/server-stock.ts';

describe('stock rules', () => {
  it('back-order is not capped by stock; NaN and negatives become 0', () => {
    expect(allowedQuantity(40, { orderable: true, stock_status: 'back-order-slow', stock_quantity: 0 }).quantity).toBe(40);
    expect(allowedQuantity(Number.NaN, { orderable: true, stock_status: 'in-stock', stock_quantity: 5 }).quantity).toBe(0);
    expect(allowedQuantity(-3, { orderable: true, stock_status: 'in-stock', stock_quantity: 5 }).quantity).toBe(0);
  });
});
