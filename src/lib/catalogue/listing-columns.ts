/**
 * A storefront's listing items as columns (docs/adr/0032-listing-columns.md): one typed array per field, a
 * product at one position in all of them, instead of one object per product (at 1,000,000 products × 5
 * storefronts the objects took about 160 bytes each; the columns take about 20). A product's position is its
 * name rank, so sorting by name is sorting positions. Lists (a category's, a brand's, a tag's products) are
 * Int32Arrays of positions. Pure.
 */
import { AVAILABILITIES, type Availability } from './listing-query.ts';
import type { ListingItem } from './listing-filter.ts';
import { sortByPrice } from './sort-positions.ts';
import { setPrice } from './price-order.ts';

export interface ListingColumns {
  /** Products: positions 0 … size - 1, in the storefront's name order. */
  size: number;
  id: Int32Array;
  /** 0 in stock, 1 orderable, 2 not orderable (as ListingItem.stockRank). */
  stockRank: Uint8Array;
  /** Index into AVAILABILITIES. */
  availability: Uint8Array;
  /** Index into brandSlugs (0: no brand). */
  brand: Uint16Array | Int32Array;
  brandSlugs: readonly (string | null)[];
  /** Unit price for one, incl. VAT, in major units (as ListingItem.price). */
  price: Float64Array;
  /** Index into vats (a storefront has a handful of VAT rates). */
  vat: Uint16Array;
  /** Grows when a price change brings a rate not seen before. */
  vats: number[];
  /** Index into categorySets: products with the same category ids share one list. */
  categorySet: Uint16Array | Int32Array;
  categorySets: readonly (readonly number[])[];
}

/** The listing item at a position, as the object-based listing functions take it (only the shown page's items). */
export function itemAt(c: ListingColumns, p: number): ListingItem {
  return {
    id: c.id[p],
    nameRank: p,
    stockRank: c.stockRank[p],
    brand: c.brandSlugs[c.brand[p]],
    availability: AVAILABILITIES[c.availability[p]],
    price: c.price[p],
    vat: c.vats[c.vat[p]],
    categoryIds: c.categorySets[c.categorySet[p]],
  };
}

export const availabilityIndex = (a: Availability): number => AVAILABILITIES.indexOf(a);

/** The index of a VAT rate in `vats`, added when new. */
export function vatIndex(vats: number[], rate: number): number {
  let i = vats.indexOf(rate);
  if (i < 0) {
    if (vats.length > 0xffff) throw new Error('more than 65,536 VAT rates in one storefront');
    i = vats.push(rate) - 1;
  }
  return i;
}

/** The parts of an item a price or stock change moves (listing-rows.ts itemFacts). */
export interface ItemFacts {
  stockRank: number;
  availability: Availability;
  price: number;
  vat: number;
}

/**
 * Changes a product's price and stock in place: every list holding its position sees it. The lists keep their
 * order (as the objects did: a list is reordered by the next full load); the price order moves the product.
 */
export function setFacts(c: ListingColumns, p: number, f: ItemFacts): void {
  c.stockRank[p] = f.stockRank;
  c.availability[p] = availabilityIndex(f.availability);
  setPrice(c, p, f.price);
  c.vat[p] = vatIndex(c.vats, f.vat);
}

const byIdOf = new WeakMap<ListingColumns, Int32Array>();
/** The position of a product by id, or -1 (a binary search over the positions in id order, built on first use). */
export function positionOf(c: ListingColumns, id: number): number {
  let byId = byIdOf.get(c);
  if (!byId) {
    byId = new Int32Array(c.size);
    for (let p = 0; p < c.size; p++) byId[p] = p;
    // the price sort's linear passes with the ids as key (a comparator sort of 1M positions blocks for a second)
    sortByPrice(byId, Float64Array.from(c.id), false);
    byIdOf.set(c, byId);
  }
  let lo = 0;
  let hi = byId.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = c.id[byId[mid]];
    if (x === id) return byId[mid];
    if (x < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}
