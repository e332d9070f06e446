/**
 * docs/product/coupons.md#sync-cache: coupon sync answers are cached 5 minutes unless the client sets ignoreCache. The key is
 * the storefront, the codes and the cart's skus, quantities and bundles (never prices: the server prices). Bounded in
 * bytes (docs/product/performance.md#caches): PARTSFRONT_COUPON_CACHE_MB, default 16.
 */
import { createHash } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { CartLineInput } from '#lib/api/cart-contracts.ts';
import type { Coupon } from '#lib/api/coupon-contracts.ts';
import { syncCartService, type CartContext } from './cart-service.ts';
import { boundedProcessCache, cacheBudgetBytes } from '#server/cache/process-cache.ts';

export const COUPON_CACHE_TTL_MS = 5 * 60 * 1000;
/** A few thousand answers of big carts (an answer is 1–10 KB), far more of ordinary ones. */
export const COUPON_CACHE_DEFAULT_MIB = 16;
const cache = boundedProcessCache<Coupon[]>('coupon-sync.v2', {
  maxBytes: cacheBudgetBytes('PARTSFRONT_COUPON_CACHE_MB', COUPON_CACHE_DEFAULT_MIB),
  ttlMs: COUPON_CACHE_TTL_MS,
});

/**
 * The cache key: a 200-line cart makes a key of several KB, so the cache keeps its SHA-256 (43 characters
 * base64url). SHA-256 rather than SHA-1: the input is chosen by the client, and SHA-1 collisions can be manufactured.
 */
export function couponCacheKey(
  locale: LocaleCode,
  codes: readonly string[],
  cart: readonly CartLineInput[],
  ctx: CartContext = {},
): string {
  // The customer's discounts change the answer: they are part of the key.
  const text = JSON.stringify([
    locale,
    [...codes].map((c) => c.toUpperCase()).sort(),
    // A bundle's lines are priced as a bundle (docs/product/accessories.md): the bundle is part of the key.
    cart.map((l) => [l.sku, l.quantity, l.upselling_bundle_id ?? null, l.unique_bundle_id ?? null]).sort(),
    ctx.customer?.discounts ?? null,
    // a company's terms too (its price list is keyed by the company: a price-list change shows within the TTL)
    ctx.company ?? null,
  ]);
  return createHash('sha256').update(text).digest('base64url');
}

export async function syncCouponsCached(
  db: Db,
  locale: LocaleCode,
  codes: readonly string[],
  cart: readonly CartLineInput[],
  ignoreCache: boolean,
  ctx: CartContext = {},
): Promise<{ coupons: Coupon[]; cached: boolean }> {
  const key = couponCacheKey(locale, codes, cart, ctx);
  const hit = ignoreCache ? undefined : cache.get(key);
  if (hit) return { coupons: hit, cached: true };
  const { requested } = await syncCartService(db, locale, cart, codes, ctx);
  cache.set(key, requested);
  return { coupons: requested, cached: false };
}
