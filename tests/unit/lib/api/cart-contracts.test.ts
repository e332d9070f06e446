import { describe, expect, it } from 'vitest';
import { syncCartRequestSchema } from '#lib/api/cart-contracts.ts';
import { MAX_CART_LINES } from '#lib/api/common.ts';

describe('request schemas', () => {
  it('sync-cart accepts the full form and the atc preload form, normalizing coupon objects to codes', () => {
    expect(syncCartRequestSchema.parse({ items: [{ sku: 'A', quantity: 2 }], checkout_order_id: null })).toEqual({
      items: [{ sku: 'A', quantity: 2 }],
      checkout_order_id: null,
    });
    expect(syncCartRequestSchema.parse({ items: [], coupons: ['X', { code: 'Y', applied: true }] }).coupons).toEqual(['X', 'Y']);
  });
  it.each([
    [{ items: [{ sku: 'A', quantity: -1 }] }],
    [{ items: [{ sku: 'A', quantity: 1.5 }] }],
    [{ items: [{ sku: 'A', quantity: '2' }] }],
    [{ items: [{ sku: '', quantity: 1 }] }],
    [{ items: 'all' }],
    [{}],
    [{ items: Array.from({ length: MAX_CART_LINES + 1 }, () => ({ sku: 'A', quantity: 1 })) }],
  ])('sync-cart rejects %j', (body) => {
    expect(syncCartRequestSchema.safeParse(body).success).toBe(false);
  });
});
