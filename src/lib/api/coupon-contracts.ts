/** The coupon or discount and POST /api/sync-coupons (docs/product/coupons.md, docs/product/api.md). */
import { z } from 'zod';
import { MAX_CART_LINES, MAX_COUPONS } from './common.ts';
import { cartLineInputSchema, couponRefSchema } from './cart-contracts.ts';

// ---------------------------------------------------------------------------------------------------
// Coupon or discount (docs/product/coupons.md#coupon-fields) — the element of the POST /api/sync-coupons answer.

export const couponSchema = z.object({
  code: z.string(),
  applied: z.boolean(),
  failed_minimum_spend: z.boolean(),
  /** Percent off (0–100) for percentage coupons and buy-X-get-Y; 0 otherwise. */
  percentage_discount: z.number(),
  specific_groups: z.array(z.number()),
  excluded_groups: z.array(z.number()),
  specific_discount_categories: z.array(z.string()),
  buy_x: z.number(),
  get_y: z.number(),
  buy_products: z.array(z.number()),
  get_products: z.array(z.number()),
  buy_categories: z.array(z.number()),
  get_categories: z.array(z.number()),
  buy_groups: z.array(z.number()),
  get_groups: z.array(z.number()),
  buyx_free_amount: z.number(),
  /** VAT contained in the discount this coupon gives on the current cart, and its rate (percent). */
  vat_amount: z.number(),
  vat_rate: z.number(),
  discount_label: z.string(),
  /** Product ids the coupon discounted on the current cart. */
  all_affected_items: z.array(z.number()),
  discount_type_percentage: z.boolean(),
  /** 1 percentage, 2 fixed amount off the cart, 3 fixed amount off full-price (non-campaign) items only. */
  discount_type_value: z.number(),
  /** Amount off incl. VAT for fixed-amount coupons (and CUSTOMERDISCOUNT); 0 otherwise. */
  fixed_amount: z.number(),
  /**
   * Why an entered code is not applied although it would apply on its own (docs/adr/0011-coupon-stacking.md):
   * `not_combinable` — another code (or the automatic discounts) saved the shopper more and the two may not
   * be used together. null otherwise (an unknown code, a failed minimum spend or no matching line say so
   * through the other fields).
   */
  reason: z.enum(['not_combinable']).nullable(),
  /** With `not_combinable`: the applied codes that took this code's place. */
  replaced_by: z.array(z.string()),
});
export type Coupon = z.infer<typeof couponSchema>;

/**
 * POST /api/sync-coupons: the coupons held + the cart; answer Coupon[] (cached 5 min unless ignoreCache):
 * one entry per held code in the order sent (unknown codes with applied: false), then the automatic
 * discounts that applied to this cart. Header x-cache: HIT | MISS.
 */
export const syncCouponsRequestSchema = z.object({
  coupons: z.array(couponRefSchema).max(MAX_COUPONS),
  cart_contents: z.array(cartLineInputSchema).max(MAX_CART_LINES).default([]),
  ignoreCache: z.boolean().optional(),
});
export type SyncCouponsRequest = z.input<typeof syncCouponsRequestSchema>;
export const syncCouponsResponseSchema = z.array(couponSchema);
