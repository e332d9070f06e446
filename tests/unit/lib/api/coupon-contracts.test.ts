import { describe, expect, it } from 'vitest';
import { syncCouponsRequestSchema } from '#lib/api/coupon-contracts.ts';

describe('request schemas', () => {
  it('sync-coupons needs a coupon list; cart_contents defaults to empty', () => {
    expect(syncCouponsRequestSchema.parse({ coupons: [] })).toEqual({ coupons: [], cart_contents: [] });
    expect(syncCouponsRequestSchema.safeParse({ coupons: 'X' }).success).toBe(false);
  });
});
