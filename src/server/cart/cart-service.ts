/**
 * Cart and coupon sync services behind POST /api/sync-cart and /api/sync-coupons: load the server's
 * product facts and coupon rules, run the pure cart/coupon code of src/lib.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CartLineInput } from '#lib/api/cart-contracts.ts';
import type { Coupon } from '#lib/api/coupon-contracts.ts';
import { priceCart, type SyncedCart } from '#lib/cart/server-price-cart.ts';
import { emptyCoupon } from '#lib/coupons/server-engine.ts';
import { CUSTOMER_DISCOUNT_CODE } from '#lib/coupons/types.ts';
import { cartProductsBySku } from './cart-products.ts';
import { rulesFor } from '#server/coupons/coupon-repository.ts';
import { intervalLabel } from '#lib/subscriptions/interval-label.ts';
import { bundlesByIds } from '#server/catalogue/accessories-bundles.ts';
import { memberPricing, type CompanyPriceTerms } from './company-pricing.ts';

export interface CartContext {
  /**
   * A logged-in customer: only they may use CUSTOMERDISCOUNT and personal discounts; `id` links the order
   * they place to their account (kept with the payment session, so a notification completes it the same).
   */
  customer?: { id?: number; discounts: Record<string, number> } | null;
  /** The customer's company's price terms (docs/adr/0035-company-prices.md); its price list is read when pricing. */
  company?: CompanyPriceTerms | null;
}

export interface PricedCart extends SyncedCart {
  /** Every code the client holds, in its order (unknown ones not applied), then the automatic discounts that applied. */
  requested: Coupon[];
  /** The same lines priced without coupons (what the checkout shows as goods before discounts). */
  undiscounted: SyncedCart['items'];
}

export async function syncCartService(
  db: Db,
  locale: LocaleCode,
  items: readonly CartLineInput[],
  codes: readonly string[],
  ctx: CartContext = {},
): Promise<PricedCart> {
  const wanted = [...new Set(codes.map((c) => c.trim().toUpperCase()))].filter((c) => c !== CUSTOMER_DISCOUNT_CODE || !!ctx.customer);
  const bundleIds = items.flatMap((i) => (i.upselling_bundle_id ? [i.upselling_bundle_id] : []));
  const [products, { rules }, bundles, pricing] = await Promise.all([
    cartProductsBySku(
      db,
      locale,
      items.map((i) => i.sku),
    ),
    rulesFor(db, locale, wanted),
    bundlesByIds(db, bundleIds),
    memberPricing(
      db,
      locale,
      items.map((i) => i.sku),
      ctx.customer?.discounts,
      ctx.company,
    ),
  ]);
  const nameOf = (months: number) => intervalLabel(locale, months);
  const synced = priceCart(items, products, rules, pricing, nameOf, bundles);
  // Goods before discounts: bundle prices included (the bundle price is the goods' price, not a coupon).
  const undiscounted = rules.length === 0 && !ctx.customer ? synced.items : priceCart(items, products, [], {}, nameOf, bundles).items;
  // Answer every code the client holds, in its order: unknown ones as not applied.
  const byCode = new Map(synced.coupons.map((c) => [c.code, c]));
  const asked = [...new Set(codes.map((c) => c.trim().toUpperCase()))];
  const automatic = synced.coupons.filter((c) => c.applied && !asked.includes(c.code));
  const requested = [...asked.map((code) => byCode.get(code) ?? emptyCoupon(code)), ...automatic];
  return { ...synced, requested, undiscounted };
}
