/**
 * Company prices (docs/product/company-prices.md, docs/adr/0035-company-prices.md), pure. A member's price for a line
 * is the best single one of: the list price with the best applicable percentage (personal, company category %,
 * coupon: the highest-discount rule of docs/product/coupons.md) and the company's price-list (net) price. Never a
 * sum: a company percentage is one more candidate for a category's maximum, a net price one more candidate for the line.
 */
import { clampPercent } from '#lib/coupons/percentage-rule.ts';
import { roundTo } from '#lib/pricing/vat.ts';

/**
 * SKUs one POST /api/company-prices may ask for: a listing page of prices plus its accessories. Here, not in the
 * contract, so the page script (on every page) does not load zod, whose first schema tries eval and trips the CSP.
 */
export const COMPANY_PRICES_MAX_SKUS = 200;

/** The percent per discount category a member gets: per category the higher of their own and their company's. */
export function memberDiscounts(
  personal: Readonly<Record<string, number>> = {},
  company: Readonly<Record<string, number>> = {},
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [category, percent] of [...Object.entries(personal), ...Object.entries(company)]) {
    const p = clampPercent(percent);
    if (p > 0 && p > (out[category] ?? 0)) out[category] = p;
  }
  return out;
}

/**
 * The discount (incl. VAT, the line's money) a net unit price gives a line of `quantity` units at `unitPrice`: 0
 * when there is no net price or it is not below the unit price.
 */
export function netPriceDiscount(unitPrice: number, quantity: number, netUnitPrice: number | null | undefined): number {
  if (netUnitPrice === null || netUnitPrice === undefined || !Number.isFinite(netUnitPrice) || netUnitPrice < 0) return 0;
  return Math.max(0, (unitPrice - netUnitPrice) * Math.max(0, quantity));
}

/** A member's unit price of one product without coupons (what a product page shows): the better of the two. */
export function memberUnitPrice(
  unitPrice: number,
  discountCategory: string | null,
  discounts: Readonly<Record<string, number>>,
  netUnitPrice?: number | null,
): number {
  const percent = discountCategory !== null ? clampPercent(discounts[discountCategory] ?? 0) : 0;
  const byPercent = roundTo((unitPrice * (100 - percent)) / 100, 2);
  return netPriceDiscount(unitPrice, 1, netUnitPrice) > unitPrice - byPercent ? roundTo(netUnitPrice!, 2) : byPercent;
}

/** Stored percentages are hundredths of a percent (integers on both engines). */
export const percentOfHundredths = (hundredths: number): number => hundredths / 100;
export const hundredthsOfPercent = (percent: number): number => Math.round(percent * 100);
