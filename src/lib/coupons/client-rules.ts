/**
 * Coupon store rules of SPEC §4 Coupon, §5 (buy-X-get-Y) and §9 (discount maximum, sync cache). Pure.
 */
import type { CartItem } from '#lib/cart/client-rules.ts';

/** SPEC §3 Coupon or discount (fields the client reads; the server owns the rest). */
export interface Coupon {
  code: string;
  applied?: boolean;
  failed_minimum_spend?: boolean;
  percentage_discount?: number | null;
  specific_groups?: number[] | null;
  excluded_groups?: number[] | null;
  specific_discount_categories?: string[] | null;
  buy_x?: number | null;
  get_y?: number | null;
  buy_products?: number[] | null;
  get_products?: number[] | null;
  buy_categories?: number[] | null;
  get_categories?: number[] | null;
  buy_groups?: number[] | null;
  get_groups?: number[] | null;
  buyx_free_amount?: number | null;
  vat_amount?: number | null;
  vat_rate?: number | null;
  discount_label?: string | null;
  /** Product ids (or skus) that must all be in the cart for a buy-X-get-Y coupon. */
  all_affected_items?: (number | string)[] | null;
  discount_type_percentage?: boolean | null;
  /** 3 means a full-price amount. */
  discount_type_value?: number | null;
  fixed_amount?: number | null;
}

export const CUSTOMER_DISCOUNT_CODE = 'CUSTOMERDISCOUNT';
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

export function isBuyXGetY(c: Coupon): boolean {
  return !!c.buy_x && !!c.get_y;
}

/**
 * The server's answer replaces the store. A requested code is rejected when the server did not return
 * it, or returned it not applied.
 */
export function replaceBySync(requested: readonly string[], answer: readonly Coupon[]): { coupons: Coupon[]; rejected: string[] } {
  const coupons = answer.filter((c) => c.applied);
  const rejected = requested.filter((code) => !coupons.some((c) => norm(c.code) === norm(code)));
  return { coupons, rejected };
}

/** SPEC §5: every affected item in the cart with quantity ≥ get_y. */
export function buyXGetYMet(c: Coupon, items: readonly CartItem[]): boolean {
  const need = c.get_y ?? 0;
  const affected = c.all_affected_items ?? [];
  return affected.every((a) => items.some((i) => (i.product_id === a || i.sku === a) && i.quantity >= need));
}

/** Buy-X-get-Y coupons whose conditions no longer hold are removed, with their codes flagged for a notice. */
export function enforceBuyXGetY(list: readonly Coupon[], items: readonly CartItem[]): { coupons: Coupon[]; removed: string[] } {
  const removed = list.filter((c) => isBuyXGetY(c) && c.percentage_discount && !buyXGetYMet(c, items)).map((c) => c.code);
  return { coupons: list.filter((c) => !removed.includes(c.code)), removed };
}

/**
 * Percent off one item: the highest of the global, group, excluded-group, category and customer
 * discounts (SPEC §9). Recomputed from the remaining coupons whenever one is removed.
 */
export function itemDiscountPercent(
  item: Pick<CartItem, 'group_id' | 'discount_category'>, coupons: readonly Coupon[], customer: Record<string, number> = {},
): number {
  let best = item.discount_category ? customer[item.discount_category] ?? 0 : 0;
  for (const c of coupons) {
    const pct = c.percentage_discount ?? 0;
    if (!pct || isBuyXGetY(c) || c.applied === false) continue;
    const groups = c.specific_groups ?? [];
    const excluded = c.excluded_groups ?? [];
    const cats = c.specific_discount_categories ?? [];
    const applies =
      (groups.length > 0 && item.group_id !== null && groups.includes(item.group_id)) ||
      (excluded.length > 0 && (item.group_id === null || !excluded.includes(item.group_id))) ||
      (cats.length > 0 && !!item.discount_category && cats.includes(item.discount_category)) ||
      (groups.length === 0 && excluded.length === 0 && cats.length === 0);
    if (applies) best = Math.max(best, pct);
  }
  return Math.min(100, Math.max(0, best));
}

/** sync-coupons answers are reused for 5 minutes for the same request unless ignoreCache is set. */
export interface CouponCacheEntry { key: string; at: number; coupons: Coupon[] }

export function couponCacheKey(codes: readonly string[], items: readonly Pick<CartItem, 'product_id' | 'quantity'>[]): string {
  return JSON.stringify([codes.map(norm).sort(), items.map((i) => [i.product_id, i.quantity])]);
}

export function cachedCoupons(entry: CouponCacheEntry | null | undefined, key: string, now: number, ignoreCache = false): Coupon[] | undefined {
  if (ignoreCache || !entry || entry.key !== key || now - entry.at >= COUPON_CACHE_MS) return undefined;
  return entry.coupons;
}
