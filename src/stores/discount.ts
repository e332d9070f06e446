/**
 * Coupon/discount slice (sessionStorage td02:discount): held coupons, the disc code from the query,
 * rejected codes to show, and the 5-minute sync-coupons cache (docs/product/coupons.md).
 */
import { sessionAtom } from './persist.ts';
import {
  addCoupon,
  cachedCoupons,
  couponCacheKey,
  enforceBuyXGetY,
  removeCoupon,
  replaceBySync,
  type Coupon,
  type CouponCacheEntry,
} from '#lib/coupons/client-rules.ts';
import type { CartItem } from '#lib/cart/client-rules.ts';
import { postSyncCoupons } from '#api-client/cart.ts';

export interface DiscountState {
  disc: string | null;
  coupons: Coupon[];
  rejected: string[];
  /** Rejected code → the codes it could not be combined with (docs/adr/0011-coupon-stacking.md). */
  replaced: Record<string, string[]>;
  cache: CouponCacheEntry | null;
}
const EMPTY: DiscountState = { disc: null, coupons: [], rejected: [], replaced: {}, cache: null };

export const discount = sessionAtom<DiscountState>('discount', EMPTY, (v) => {
  if (!v || typeof v !== 'object' || !Array.isArray((v as DiscountState).coupons)) return EMPTY;
  const state = { ...EMPTY, ...(v as DiscountState) };
  // held by an older page version without the map, or damaged: start it empty
  return state.replaced && typeof state.replaced === 'object' ? state : { ...state, replaced: {} };
});

export const couponCodes = () => discount.get().coupons.map((c) => c.code);

export function addCouponCode(code: string): void {
  discount.set({ ...discount.get(), coupons: addCoupon(discount.get().coupons, code), cache: null });
}
/**
 * A code typed into the mini cart: held like a disc code and shown again if it was rejected before; the
 * caller then syncs the cart so that the lines and the coupons reflect it.
 */
export function enterCouponCode(code: string): void {
  const s = discount.get();
  const c = code.trim().toUpperCase();
  const replaced = Object.fromEntries(Object.entries(s.replaced).filter(([k]) => k !== c));
  discount.set({ ...s, coupons: addCoupon(s.coupons, c), rejected: s.rejected.filter((r) => r !== c), replaced, cache: null });
}
export function removeCouponCode(code: string): void {
  discount.set({ ...discount.get(), coupons: removeCoupon(discount.get().coupons, code), cache: null });
}
export function clearCoupons(): void {
  discount.set({ ...discount.get(), coupons: [], rejected: [], replaced: {}, cache: null });
}
export function setDisc(code: string): void {
  discount.set({ ...addCouponState(code), disc: code });
}
function addCouponState(code: string): DiscountState {
  return { ...discount.get(), coupons: addCoupon(discount.get().coupons, code), cache: null };
}
export function dismissRejected(): void {
  discount.set({ ...discount.get(), rejected: [], replaced: {} });
}

/** Buy-X-get-Y coupons whose conditions the cart no longer meets are removed with a notice. */
export function enforceCouponConditions(items: readonly CartItem[]): void {
  const s = discount.get();
  const { coupons, removed } = enforceBuyXGetY(s.coupons, items);
  if (removed.length) discount.set({ ...s, coupons, rejected: [...s.rejected, ...removed] });
}

/** POST /api/sync-coupons: the server's answer replaces the store (cached 5 minutes per request). */
export async function syncCoupons(items: readonly CartItem[], ignoreCache = false): Promise<void> {
  const s = discount.get();
  const codes = s.coupons.map((c) => c.code);
  if (codes.length === 0) return;
  const key = couponCacheKey(codes, items);
  let answer = cachedCoupons(s.cache, key, Date.now(), ignoreCache);
  if (!answer) {
    try {
      const res = await postSyncCoupons({
        coupons: codes,
        cart_contents: items.map((i) => ({ sku: i.sku, product_id: i.product_id, quantity: i.quantity })),
        ignoreCache,
      });
      if (!res.ok || !Array.isArray(res.data)) return;
      answer = res.data;
    } catch {
      return;
    }
  }
  const { coupons, rejected, replaced } = replaceBySync(codes, answer);
  const now = discount.get();
  discount.set({
    ...now,
    coupons,
    rejected: [...new Set([...now.rejected, ...rejected])],
    // a code rejected again is described by this answer only
    replaced: { ...Object.fromEntries(Object.entries(now.replaced).filter(([k]) => !rejected.includes(k))), ...replaced },
    cache: { key, at: s.cache?.key === key ? s.cache.at : Date.now(), coupons: answer },
  });
}
