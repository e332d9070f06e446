import { describe, expect, it } from 'vitest';
import { couponCacheKey } from '#server/cart/coupon-sync-cache.ts';

const line = (sku: string, quantity: number, bundle?: [number, string]) => ({
  sku,
  quantity,
  ...(bundle ? { upselling_bundle_id: bundle[0], unique_bundle_id: bundle[1] } : {}),
});

describe('coupon sync cache key', () => {
  it('is the same for the same codes and lines in any order or case', () => {
    expect(couponCacheKey('sv', ['save10', 'GIFT3'], [line('A', 1), line('B', 2)])).toBe(
      couponCacheKey('sv', ['GIFT3', 'SAVE10'], [line('B', 2), line('A', 1)]),
    );
  });

  it('differs by storefront, quantity, bundle and the customer’s discounts', () => {
    const base = couponCacheKey('sv', ['SAVE10'], [line('A', 1)]);
    expect(couponCacheKey('fi', ['SAVE10'], [line('A', 1)])).not.toBe(base);
    expect(couponCacheKey('sv', ['SAVE10'], [line('A', 2)])).not.toBe(base);
    expect(couponCacheKey('sv', ['SAVE10'], [line('A', 1, [7, 'b1'])])).not.toBe(base);
    expect(couponCacheKey('sv', ['SAVE10'], [line('A', 1)], { customer: { id: 1, discounts: { A: 5 } } })).not.toBe(base);
  });

  it('stays short for a 200-line cart', () => {
    const cart = Array.from({ length: 200 }, (_, i) => line(`SKU-${i}`, i + 1));
    expect(couponCacheKey('sv', ['SAVE10'], cart).length).toBeLessThanOrEqual(43);
  });
});
