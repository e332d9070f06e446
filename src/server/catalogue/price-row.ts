/**
 * Prices are stored as the JSON price object (docs/product/pricing-and-vat.md), validated once on the way
 * in (catalogue import). Reading them back is this one mapper, not a cast repeated per query.
 */
import type { PriceObject } from '#lib/catalogue/types.ts';

export function pricesFromRow(row: { prices: string }): PriceObject {
  return JSON.parse(row.prices) as PriceObject;
}
