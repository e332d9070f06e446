/**
 * Line totals after discounts, in minor units (VAT-inclusive, like every catalogue price). The
 * results feed `vatBreakdown` as its lines.
 */
import { allocate, multiplyMinor } from '../pricing/minor-units.ts';

export interface LineInput {
  unitGrossMinor: number;
  quantity: number;
  /** Discount on the whole line (not per unit), in minor units. */
  discountMinor?: number;
}

/** unit × quantity − discount. A discount larger than the line is a bug upstream, so it throws. */
export function lineTotalAfterDiscount({ unitGrossMinor, quantity, discountMinor = 0 }: LineInput): number {
  const gross = multiplyMinor(unitGrossMinor, quantity);
  if (!Number.isSafeInteger(discountMinor) || discountMinor < 0)
    throw new RangeError(`Discount must be a non-negative integer: ${discountMinor}`);
  if (discountMinor > gross) throw new RangeError(`Discount ${discountMinor} exceeds the line total ${gross}`);
  return gross - discountMinor;
}

/**
 * Spreads an order-level discount (e.g. a coupon of 100 kr) over the lines in proportion to their
 * gross, so each VAT rate carries its share. No line gets more than its own gross, and the shares
 * sum exactly to the discount.
 */
export function spreadOrderDiscount(lineGrossMinor: readonly number[], discountMinor: number): number[] {
  const total = lineGrossMinor.reduce((sum, gross) => sum + gross, 0);
  if (!Number.isSafeInteger(discountMinor) || discountMinor < 0)
    throw new RangeError(`Discount must be a non-negative integer: ${discountMinor}`);
  if (discountMinor > total) throw new RangeError(`Discount ${discountMinor} exceeds the lines' total ${total}`);
  if (lineGrossMinor.length === 0) return [];
  return allocate(discountMinor, lineGrossMinor);
}
