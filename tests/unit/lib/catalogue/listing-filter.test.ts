import { describe, expect, it } from 'vitest';
import { defaultOrder, pageCount, runListing, stockRank, type ListingItem, type ListingScope } from '#lib/catalogue/listing-filter.ts';
import { EMPTY_QUERY, type Availability, type ListingQuery } from '#lib/catalogue/listing-query.ts';

/** 10 items: ids 1–10, name rank = id, brands a/b alternating, prices 10, 20, … 100 incl. 25 % VAT. */
const items: ListingItem[] = Array.from({ length: 10 }, (_, i) => {
  const id = i + 1;
  const availability: Availability = id % 3 === 0 ? 'out-of-stock' : 'in-stock';
  return {
    id,
    nameRank: 11 - id, // reverse of id: name order ≠ id order
    stockRank: stockRank(availability, availability === 'in-stock'),
    brand: id % 2 ? 'a' : 'b',
    availability,
    price: id * 10,
    vat: 25,
    categoryIds: [id <= 4 ? 101 : 102],
  };
}).sort(defaultOrder);
const scope: ListingScope = {
  currency: 'SEK',
  subcategories: new Map([
    ['left', new Set([101])],
    ['right', new Set([102, 103])],
  ]),
};
const q = (x: Partial<ListingQuery>): ListingQuery => ({ ...EMPTY_QUERY, ...x });
const ids = (r: { items: ListingItem[] }) => r.items.map((x) => x.id);

describe('runListing', () => {
  it('keeps the default order: in stock first, then by name', () => {
    const r = runListing(items, EMPTY_QUERY, 1, scope, 4);
    expect(ids(r)).toEqual([10, 8, 7, 5]);
    expect(r).toMatchObject({ total: 10, pages: 3, page: 1 });
  });

  it('pages reach the last item and a page past the end is empty', () => {
    const all = [1, 2, 3].flatMap((p) => ids(runListing(items, EMPTY_QUERY, p, scope, 4)));
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(10);
    expect(ids(runListing(items, EMPTY_QUERY, 3, scope, 4))).toEqual([6, 3]);
    expect(runListing(items, EMPTY_QUERY, 4, scope, 4).items).toEqual([]);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(97, 48)).toBe(3);
  });

  it('filters by brand, subcategory, stock and price (incl. or excl. VAT) together', () => {
    expect(ids(runListing(items, q({ brands: ['a'] }), 1, scope)).sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9]);
    expect(ids(runListing(items, q({ subs: ['left'] }), 1, scope)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);
    expect(ids(runListing(items, q({ stock: ['out-of-stock'] }), 1, scope)).sort((a, b) => a - b)).toEqual([3, 6, 9]);
    expect(ids(runListing(items, q({ min: 30, max: 50 }), 1, scope)).sort((a, b) => a - b)).toEqual([3, 4, 5]);
    // ex VAT: 50 incl. is 40 excl., 60 → 48, 70 → 56
    expect(ids(runListing(items, q({ min: 40, max: 50, vatEx: true }), 1, scope)).sort((a, b) => a - b)).toEqual([5, 6]);
    expect(ids(runListing(items, q({ brands: ['b'], subs: ['right'], stock: ['in-stock'] }), 1, scope)).sort((a, b) => a - b)).toEqual([
      8, 10,
    ]);
  });

  it('ignores a subcategory that is not one here', () => {
    expect(runListing(items, q({ subs: ['nowhere'] }), 1, scope).total).toBe(10);
  });

  it('counts each facet under the other filters only', () => {
    const r = runListing(items, q({ brands: ['a'], stock: ['in-stock'] }), 1, scope);
    expect(r.total).toBe(3); // 1, 5, 7
    expect(Object.fromEntries(r.facets.brands)).toEqual({ a: 3, b: 4 }); // in stock: a 1,5,7; b 2,4,8,10
    expect(Object.fromEntries(r.facets.stock)).toEqual({ 'in-stock': 3, 'out-of-stock': 2 }); // brand a
    expect(Object.fromEntries(r.facets.subs)).toEqual({ left: 1, right: 2 });
    expect(r.facets.price).toEqual({ min: 10, max: 100 });
  });

  it('sorts by price both ways and by name', () => {
    expect(ids(runListing(items, q({ sort: 'price-asc' }), 1, scope, 3))).toEqual([1, 2, 3]);
    expect(ids(runListing(items, q({ sort: 'price-desc' }), 1, scope, 3))).toEqual([10, 9, 8]);
    expect(ids(runListing(items, q({ sort: 'name' }), 1, scope, 3))).toEqual([10, 9, 8]);
    // the default list is not reordered in place
    expect(ids(runListing(items, EMPTY_QUERY, 1, scope, 3))).toEqual([10, 8, 7]);
  });
});
