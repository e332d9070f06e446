/** Columns migration 0016_coupon_stacking adds to the coupons table (docs/adr/0011-coupon-stacking.md). */
export interface CouponStackingColumns {
  /** 1: may be used together with one combinable entered code of the other class (order ↔ buy-X-get-Y). */
  combinable: number;
  /** 1: may be used together with the automatic discounts. */
  with_automatic: number;
}
