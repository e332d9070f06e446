/**
 * docs/product/coupons.md#sync-cache: coupon sync answers are cached 5 minutes unless the client sets ignoreCache. The key is
 * the storefront, the codes and the cart's skus and quantities (never prices: the server prices).
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CartLineInput } from '#lib/api/cart-contracts.ts';
import type { Coupon } from '#lib/api/coupon-contracts.ts';
import { syncCartService, type CartContext } from '#server/cart/cart-service.ts';
import { processCache } from '#server/cache/process-cache.ts';

export const COUPON_CACHE_TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 5000;
const cache = processCache('coupon-sync.v1', () => new Map<string, { at: number; coupons: Coupon[] }>());

export async function syncCouponsCached(
  db: Db,
  locale: LocaleCode,
  codes: readonly string[],
  cart: readonly CartLineInput[],
  ignoreCache: boolean,
  ctx: CartContext = {},
): Promise<{ coupons: Coupon[]; cached: boolean }> {
  // The customer's discounts change the answer: they are part of the key.
  const key = JSON.stringify([
    locale,
    [...codes].map((c) => c.toUpperCase()).sort(),
    cart.map((l) => [l.sku, l.quantity]).sort(),
    ctx.customer?.discounts ?? null,
  ]);
  const hit = cache.get(key);
  if (!ignoreCache && hit && Date.now() - hit.at < COUPON_CACHE_TTL_MS) return { coupons: hit.coupons, cached: true };
  const { requested } = await syncCartService(db, locale, cart, codes, ctx);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: Date.now(), coupons: requested });
  return { coupons: requested, cached: false };
}
