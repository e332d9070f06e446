/** Coupon and automatic-discount rules (data in the database) and the cart lines the engine prices. */

/** discount_type_value (docs/product/coupons.md#kinds): how a coupon's amount is taken. */
export const DiscountType = { Percentage: 1, FixedAmount: 2, FullPriceAmount: 3 } as const;
export type DiscountTypeValue = (typeof DiscountType)[keyof typeof DiscountType];

/** The code whose fixed_amount is the logged-in customer's personal amount (docs/product/coupons.md#customerdiscount). */
export const CUSTOMER_DISCOUNT_CODE = 'CUSTOMERDISCOUNT';

export interface CouponRule {
  code: string;
  /** Automatic discounts apply without a code being entered. */
  automatic: boolean;
  label: string;
  discount_type_value: DiscountTypeValue;
  /** Percent off (percentage coupons; buy-X-get-Y: percent off the "get" units, default 100 = free). */
  percentage_discount: number;
  /** Amount off incl. VAT in the storefront's currency (types 2 and 3). */
  fixed_amount: number;
  /** Cart subtotal (incl. VAT, before discounts) the cart must reach; 0 = none. */
  minimum_spend: number;
  specific_groups: number[];
  excluded_groups: number[];
  specific_discount_categories: string[];
  /** Buy-X-get-Y: buy_x units among the buy_* items give get_y units among the get_* items. 0 = not BXGY. */
  buy_x: number;
  get_y: number;
  buy_products: number[];
  get_products: number[];
  buy_categories: number[];
  get_categories: number[];
  buy_groups: number[];
  get_groups: number[];
  /** Buy-X-get-Y: amount off each "get" unit (incl. VAT) instead of a percentage; 0 = use the percentage. */
  buyx_free_amount: number;
  /**
   * Stacking (docs/adr/0011-coupon-stacking.md): an entered code may be used together with one entered code
   * of the other class (order ↔ gift) only when both rows are combinable.
   */
  combinable: boolean;
  /** Stacking: an entered code may be used together with the automatic discounts (otherwise the better of the two). */
  with_automatic: boolean;
}

/** A cart line as the engine sees it: already priced from the server's data (tier/campaign applied). */
export interface EngineLine {
  product_id: number;
  quantity: number;
  /** Unit price incl. VAT before coupons. */
  unit_price: number;
  /** True when the unit price comes from campaign tiers (not full price). */
  campaign: boolean;
  vat: number;
  categories: number[];
  group_id: number | null;
  discount_category: string | null;
  /** A company's net unit price (docs/adr/0035-company-prices.md): one more single discount in the per-item maximum. */
  net_unit_price?: number | null;
}

export interface EngineOptions {
  /** Logged-in customer's percent per discount category (docs/product/coupons.md#how-the-server-applies-discounts); counts in the per-item maximum. */
  customerDiscounts?: Record<string, number>;
  /** A company member's net unit prices by SKU (incl. VAT; docs/adr/0035-company-prices.md): priceCart puts each on its line. */
  netPrices?: ReadonlyMap<string, number>;
}

export function isBuyXGetY(rule: Pick<CouponRule, 'buy_x' | 'get_y'>): boolean {
  return rule.buy_x > 0 && rule.get_y > 0;
}
