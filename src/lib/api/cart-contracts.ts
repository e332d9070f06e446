/** The cart line item and POST /api/sync-cart (docs/product/cart.md, docs/product/api.md). */
import { z } from 'zod';
import { MAX_CART_LINES, MAX_COUPONS, thumbSchema, tierSchema } from './common.ts';

// ---------------------------------------------------------------------------------------------------
// Cart line item (docs/product/cart.md#line-item-fields) — the element of the POST /api/sync-cart answer.

export const cartLineItemSchema = z.object({
  uuid: z.string(),
  type: z.number(),
  thumb: thumbSchema.nullable(),
  name: z.string(),
  slug: z.string(),
  product_id: z.number(),
  sku: z.string(),
  cross_selling_product_id: z.number().nullable(),
  upselling_bundle_id: z.number().nullable(),
  unique_bundle_id: z.string().nullable(),
  added_by_coupon: z.string().nullable(),
  quantity: z.number(),
  /** Unit price incl. VAT that the shopper pays (tier, campaign and coupons applied by the server). */
  price: z.number(),
  /** Unit price incl. VAT from the normal tiers for this quantity (what price is compared with). */
  ordinary_price: z.number(),
  /**
   * The prior price of an announced reduction (docs/adr/0022-prior-price.md): the lowest unit price incl. VAT of
   * the 30 days before the campaign reduction of this line's tier, in the units of `price`; null when no
   * reduction may be announced (no history, no campaign, a bundle price, or a coupon changed the line's price).
   */
  prior_price: z.number().nullable(),
  pricing: z.array(tierSchema),
  vat: z.number(),
  categories: z.array(z.number()),
  group_id: z.number().nullable(),
  discount_category: z.string().nullable(),
  stock_status: z.string(),
  estimated_at: z.string().nullable(),
  /** The interval's name in the storefront's language and its length in months (docs/product/subscriptions.md). */
  subscription_interval: z.object({ name: z.string(), months: z.number().int().optional() }).nullable(),
  /** Warning text key/message for the line (docs/product/cart.md#line-notices: shown as a warning). */
  cart_notice: z.string().nullable(),
  /** Set when the server changed the requested quantity (docs/product/cart.md#line-notices: danger text product.adjusted_quantity). */
  adjusted_quantity: z.number().nullable(),
  campaign: z.boolean(),
});
export type CartLineItem = z.infer<typeof cartLineItemSchema>;

/**
 * What a client may send for a line: identity and quantity are used; every price field is accepted
 * (clients send their whole line) but ignored — the server re-prices from its own data.
 */
const optionalId = z.number().int().nullable().optional();
export const cartLineInputSchema = z.object({
  uuid: z.string().max(64).optional(),
  sku: z.string().min(1).max(64),
  product_id: z.number().int().optional(),
  quantity: z.number().int('quantity must be an integer').min(0, 'quantity must not be negative').max(1_000_000),
  cross_selling_product_id: optionalId,
  upselling_bundle_id: optionalId,
  unique_bundle_id: z.string().max(64).nullable().optional(),
  added_by_coupon: z.string().max(64).nullable().optional(),
  subscription_interval: z
    .object({ name: z.string().max(64), months: z.number().int().min(1).max(24).optional() })
    .nullable()
    .optional(),
  price: z.number().optional(),
  ordinary_price: z.number().optional(),
  pricing: z.array(tierSchema).max(50).optional(),
});
export type CartLineInput = z.infer<typeof cartLineInputSchema>;

/** A coupon as a client holds it: the code is all the server uses. */
export const couponRefSchema = z.union([
  z.string().trim().min(1).max(64),
  z.object({ code: z.string().trim().min(1).max(64) }).transform((c) => c.code),
]);

/**
 * POST /api/sync-cart. The atc preload form sends only items and checkout_order_id.
 * Answer: CartLineItem[]; header `x-be-internal: 1` marks an internal cart.
 */
export const syncCartRequestSchema = z.object({
  items: z.array(cartLineInputSchema).max(MAX_CART_LINES),
  coupons: z.array(couponRefSchema).max(MAX_COUPONS).optional(),
  checkout_order_id: z
    .union([z.string().max(64), z.number().int()])
    .nullable()
    .optional(),
});
export type SyncCartRequest = z.input<typeof syncCartRequestSchema>;
export const syncCartResponseSchema = z.array(cartLineItemSchema);
export type SyncCartResponse = CartLineItem[];
