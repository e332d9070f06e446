/**
 * Coupon store rules of docs/product/coupons.md (client handling, buy-X-get-Y, discount maximum, sync cache). Pure.
 */
import type { Coupon as ApiCoupon } from '#lib/api/coupon-contracts.ts';
import type { CartItem } from '#lib/cart/client-rules.ts';
import { customerPercent, highestPercent, scopeAdmits } from './percentage-rule.ts';
import { isBuyXGetY as isBuyXGetYRule } from './types.ts';

/**
 * A coupon as the browser holds it: a code the shopper typed (applied: false until the server answers),
 * then the server's full answer (src/lib/api/coupon-contracts.ts).
 */
export type Coupon = { code: string } & Partial<Omit<ApiCoupon, 'code'>>;

export const COUPON_CACHE_MS = 5 * 60 * 1000;

const norm = (code: string) => code.trim().toUpperCase();

export function addCoupon(list: readonly Coupon[], code: string): Coupon[] {
  const c = norm(code);
  if (!c || list.some((x) => norm(x.code) === c)) return [...list];
  return [...list, { code: c, applied: false }];
}

export function removeCoupon(list: readonly Coupon[], code: string): Coupon[] {
  return list.filter((x) => norm(x.code) !== norm(code));
}

/** Whether a held coupon is buy-X-get-Y (the engine's rule, on a coupon whose fields may not be known yet). */
export function isBuyXGetY(c: Coupon): boolean {
  return isBuyXGetYRule({ buy_x: c.buy_x ?? 0, get_y: c.get_y ?? 0 });
}

/**
 * The server's answer replaces the store. A requested code is rejected when the server did not return
 * it, or returned it not applied; `replaced` names, per rejected code that lost to codes it may not be
 * combined with (reason not_combinable, docs/adr/0011-coupon-stacking.md), the codes that took its place.
 */
export function replaceBySync(
  requested: readonly string[],
  answer: readonly Coupon[],
): { coupons: Coupon[]; rejected: string[]; replaced: Record<string, string[]> } {
  const coupons = answer.filter((c) => c.applied);
  const rejected = requested.filter((code) => !coupons.some((c) => norm(c.code) === norm(code)));
  // keyed by the code as held, so the mini cart finds it from the rejected list
  const replaced: Record<string, string[]> = {};
  for (const c of answer) {
    const code = rejected.find((r) => norm(r) === norm(c.code));
    if (code && !c.applied && c.reason === 'not_combinable' && c.replaced_by?.length) replaced[code] = c.replaced_by;
  }
  return { coupons, rejected, replaced };
}

/** docs/product/coupons.md#buy-x-get-y-removal: every affected item in the cart with quantity ≥ get_y. */
export function buyXGetYMet(c: Coupon, items: readonly CartItem[]): boolean {
  const need = c.get_y ?? 0;
  const affected = c.all_affected_items ?? [];
  return affected.every((a) => items.some((i) => i.product_id === a && i.quantity >= need));
}

/** Buy-X-get-Y coupons whose conditions no longer hold are removed, with their codes flagged for a notice. */
export function enforceBuyXGetY(list: readonly Coupon[], items: readonly CartItem[]): { coupons: Coupon[]; removed: string[] } {
  const removed = list.filter((c) => isBuyXGetY(c) && c.percentage_discount && !buyXGetYMet(c, items)).map((c) => c.code);
  return { coupons: list.filter((c) => !removed.includes(c.code)), removed };
}

/**
 * Percent off one item: the highest of the global, group, excluded-group, category and customer
 * discounts (docs/product/coupons.md#how-the-server-applies-discounts). Recomputed from the remaining coupons whenever one is removed.
 */
export function itemDiscountPercent(
  item: Pick<CartItem, 'group_id' | 'discount_category'>,
  coupons: readonly Coupon[],
  customer: Record<string, number> = {},
): number {
  const admitted = coupons.filter((c) => c.percentage_discount && !isBuyXGetY(c) && c.applied !== false && scopeAdmits(c, item));
  return highestPercent(
    admitted.map((c) => c.percentage_discount ?? 0),
    customerPercent(item, customer),
  );
}

/** sync-coupons answers are reused for 5 minutes for the same request unless ignoreCache is set. */
export interface CouponCacheEntry {
  key: string;
  at: number;
  coupons: Coupon[];
}

export function couponCacheKey(
  codes: readonly string[],
  items: readonly (Pick<CartItem, 'product_id' | 'quantity'> & Partial<Pick<CartItem, 'upselling_bundle_id' | 'unique_bundle_id'>>)[],
): string {
  // A bundle's lines are priced as a bundle: the same products outside it are another cart.
  return JSON.stringify([
    codes.map(norm).sort(),
    items.map((i) => [i.product_id, i.quantity, i.upselling_bundle_id ?? null, i.unique_bundle_id ?? null]),
  ]);
}

export function cachedCoupons(
  entry: CouponCacheEntry | null | undefined,
  key: string,
  now: number,
  ignoreCache = false,
): Coupon[] | undefined {
  if (ignoreCache || !entry || entry.key !== key || now - entry.at >= COUPON_CACHE_MS) return undefined;
  return entry.coupons;
}
