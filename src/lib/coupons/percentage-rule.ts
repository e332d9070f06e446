/**
 * The per-item percentage rule, shared by the server's engine and the browser's preview
 * (docs/product/coupons.md): an item gets the HIGHEST of the percentages whose scope admits it and the
 * customer's own discount for its discount category — never their sum — clamped to 0–100.
 */
export interface PercentageScope {
  specific_groups?: readonly number[] | null;
  excluded_groups?: readonly number[] | null;
  specific_discount_categories?: readonly string[] | null;
}

export interface DiscountableItem {
  group_id: number | null;
  discount_category: string | null;
}

/** Every restriction the scope has must admit the item; a scope with none admits everything. */
export function scopeAdmits(scope: PercentageScope, item: DiscountableItem): boolean {
  const groups = scope.specific_groups ?? [];
  const excluded = scope.excluded_groups ?? [];
  const categories = scope.specific_discount_categories ?? [];
  if (groups.length > 0 && (item.group_id === null || !groups.includes(item.group_id))) return false;
  if (item.group_id !== null && excluded.includes(item.group_id)) return false;
  if (categories.length > 0 && (item.discount_category === null || !categories.includes(item.discount_category))) return false;
  return true;
}

export const clampPercent = (p: number): number => Math.min(100, Math.max(0, Number.isFinite(p) ? p : 0));

/** The customer's own percent for the item's discount category (0 without one). */
export function customerPercent(item: DiscountableItem, customer: Readonly<Record<string, number>> = {}): number {
  return item.discount_category !== null ? clampPercent(customer[item.discount_category] ?? 0) : 0;
}

/** The highest of the admitted coupon percentages and the customer's percent. */
export function highestPercent(couponPercents: readonly number[], customer: number): number {
  return couponPercents.reduce((best, p) => Math.max(best, clampPercent(p)), clampPercent(customer));
}
