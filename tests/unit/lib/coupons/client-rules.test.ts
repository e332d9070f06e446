import { describe, expect, it } from 'vitest';
import {
  addCoupon,
  buyXGetYMet,
  cachedCoupons,
  COUPON_CACHE_MS,
  couponCacheKey,
  enforceBuyXGetY,
  itemDiscountPercent,
  removeCoupon,
  replaceBySync,
  type Coupon,
} from '#lib/coupons/client-rules.ts';
import type { CartItem } from '#lib/cart/client-rules.ts';

const item = (product_id: number, quantity: number, group_id: number | null = 1, discount_category: string | null = 'A') =>
  ({ product_id, sku: `S${product_id}`, quantity, group_id, discount_category }) as CartItem;

describe('coupon store rules', () => {
  it('adds by code once, removes by code', () => {
    let list = addCoupon([], ' summer10 ');
    list = addCoupon(list, 'SUMMER10');
    expect(list).toEqual([{ code: 'SUMMER10', applied: false }]);
    expect(removeCoupon(list, 'summer10')).toEqual([]);
  });
  it('rejects codes the server did not return or returned not applied', () => {
    const r = replaceBySync(
      ['A10', 'B20', 'C30'],
      [
        { code: 'A10', applied: true },
        { code: 'B20', applied: false },
      ],
    );
    expect(r.coupons.map((c) => c.code)).toEqual(['A10']);
    expect(r.rejected).toEqual(['B20', 'C30']);
  });
  it('names, per code that lost to codes it may not be combined with, the codes that replaced it', () => {
    const r = replaceBySync(
      ['save10', 'FIXED5', 'NOPE'],
      [
        { code: 'SAVE10', applied: false, reason: 'not_combinable', replaced_by: ['FIXED5'] },
        { code: 'FIXED5', applied: true, reason: null, replaced_by: [] },
        { code: 'NOPE', applied: false, reason: null, replaced_by: [] },
      ],
    );
    expect(r.rejected).toEqual(['save10', 'NOPE']);
    expect(r.replaced).toEqual({ save10: ['FIXED5'] });
  });
  it('removes a buy-X-get-Y coupon whose affected items are missing or below get_y', () => {
    const bxgy: Coupon = { code: 'B2G1', applied: true, buy_x: 2, get_y: 3, percentage_discount: 100, all_affected_items: [1, 2] };
    expect(buyXGetYMet(bxgy, [item(1, 3), item(2, 3)])).toBe(true);
    expect(buyXGetYMet(bxgy, [item(1, 3), item(2, 2)])).toBe(false);
    const r = enforceBuyXGetY([bxgy, { code: 'X', applied: true, percentage_discount: 5 }], [item(1, 3)]);
    expect(r.removed).toEqual(['B2G1']);
    expect(r.coupons.map((c) => c.code)).toEqual(['X']);
  });
  it('takes the highest of global, group, excluded-group, category and customer discounts', () => {
    const coupons: Coupon[] = [
      { code: 'G', applied: true, percentage_discount: 5 },
      { code: 'GR', applied: true, percentage_discount: 12, specific_groups: [1] },
      { code: 'EX', applied: true, percentage_discount: 15, excluded_groups: [1] },
      { code: 'CAT', applied: true, percentage_discount: 8, specific_discount_categories: ['B'] },
    ];
    expect(itemDiscountPercent(item(1, 1, 1, 'A'), coupons)).toBe(12);
    expect(itemDiscountPercent(item(1, 1, 2, 'B'), coupons)).toBe(15);
    expect(itemDiscountPercent(item(1, 1, 1, 'A'), coupons, { A: 20 })).toBe(20);
    // maxima are recomputed from what remains
    expect(itemDiscountPercent(item(1, 1, 1, 'A'), removeCoupon(coupons, 'GR'))).toBe(5);
  });
  it('reuses a sync-coupons answer for 5 minutes unless ignoreCache', () => {
    const key = couponCacheKey(['a'], [item(1, 2)]);
    const entry = { key, at: 1000, coupons: [{ code: 'A' }] };
    expect(cachedCoupons(entry, key, 1000 + COUPON_CACHE_MS - 1)).toEqual([{ code: 'A' }]);
    expect(cachedCoupons(entry, key, 1000 + COUPON_CACHE_MS)).toBeUndefined();
    expect(cachedCoupons(entry, key, 1001, true)).toBeUndefined();
    expect(cachedCoupons(entry, couponCacheKey(['a'], [item(1, 3)]), 1001)).toBeUndefined();
    // The same products as a bundle are another cart.
    expect(
      cachedCoupons(entry, couponCacheKey(['a'], [{ ...item(1, 2), upselling_bundle_id: 7, unique_bundle_id: 'b1' }]), 1001),
    ).toBeUndefined();
  });
});
