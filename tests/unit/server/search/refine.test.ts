import { describe, expect, it } from 'vitest';
import { assembleIndex } from '#server/search/index-builder.ts';
import { matchQuery } from '#server/search/match.ts';
import { refine } from '#server/search/refine.ts';

const row = (id: number, name: string, brand: [number, string], stock: string, price: number) => ({
  id,
  sku: `S-${id}`,
  name,
  brand: brand[1],
  brand_id: brand[0],
  stock_status: stock,
  price,
  vat: 25,
  orderable: stock !== 'out-of-stock',
});
const bosch: [number, string] = [1, 'Bosch'];
const miele: [number, string] = [2, 'Miele'];
const index = assembleIndex(
  'sv',
  'v1',
  [
    row(1, 'Filter till Bosch diskmaskin', bosch, 'in-stock', 249),
    row(2, 'Filter till Miele diskmaskin', miele, 'in-stock', 199),
    row(3, 'Filter till Bosch ugn', bosch, 'out-of-stock', 89),
    row(4, 'Ärmfilter till Miele ugn', miele, 'in-stock', 399),
    row(5, 'Pump till Bosch diskmaskin', bosch, 'in-stock', 599),
  ],
  [
    { product_id: 1, category_id: 10, main: 1, name: 'Diskmaskin' },
    { product_id: 2, category_id: 10, main: 1, name: 'Diskmaskin' },
    { product_id: 3, category_id: 11, main: 1, name: 'Ugn' },
    { product_id: 4, category_id: 11, main: 1, name: 'Ugn' },
    { product_id: 5, category_id: 10, main: 1, name: 'Diskmaskin' },
  ],
  [],
);
const ids = (docs: Int32Array) => Array.from(docs, (d) => index.ids[d]);
const filter = matchQuery(index, 'filter');

describe('refining results', () => {
  it('filters by brand, main category, stock status and price range together', () => {
    expect(ids(refine(index, filter, { brands: [1] }).docs).sort()).toEqual([1, 3]);
    expect(ids(refine(index, filter, { categories: [11] }).docs).sort()).toEqual([3, 4]);
    expect(ids(refine(index, filter, { stock: ['in-stock'] }).docs).sort()).toEqual([1, 2, 4]);
    expect(ids(refine(index, filter, { priceMin: 100, priceMax: 250 }).docs).sort()).toEqual([1, 2]);
    expect(ids(refine(index, filter, { brands: [2], stock: ['in-stock'], priceMax: 300 }).docs)).toEqual([2]);
  });

  it('counts each facet with every other filter applied', () => {
    const { facets } = refine(index, filter, { brands: [1], stock: ['in-stock'] });
    // brands: stock filter applied, brand filter not → Bosch 1 (product 1), Miele 2 (2 and 4)
    expect(facets.brands).toEqual([
      { id: 2, name: 'Miele', count: 2 },
      { id: 1, name: 'Bosch', count: 1 },
    ]);
    // stock: brand filter applied → Bosch filters: 1 in stock, 3 out of stock
    expect(facets.stock).toEqual(
      expect.arrayContaining([
        { status: 'in-stock', count: 1 },
        { status: 'out-of-stock', count: 1 },
      ]),
    );
    expect(facets.categories).toEqual([{ id: 10, count: 1 }]);
    // The price range spans the matches before any filter (the panel shows what the query can reach).
    expect(facets.price).toEqual({ min: 89, max: 399 });
  });

  it('sorts by price either way and by name in the storefront language, relevance by default', () => {
    expect(ids(refine(index, filter, {}, 'price-asc').docs)).toEqual([3, 2, 1, 4]);
    expect(ids(refine(index, filter, {}, 'price-desc').docs)).toEqual([4, 1, 2, 3]);
    // Swedish order puts Ä after Z.
    expect(ids(refine(index, filter, {}, 'name').docs)).toEqual([1, 3, 2, 4]);
    expect(ids(refine(index, filter, {}).docs)).toEqual(ids(filter.docs));
  });

  it('filters a price range in the VAT mode the shopper sees', () => {
    // 249 incl. 25 % VAT is 199.20 excl.; 199 is 159.20 excl.
    expect(ids(refine(index, filter, { priceMin: 160, priceMax: 200, vatEx: true }).docs)).toEqual([1]);
    expect(ids(refine(index, filter, { priceMin: 160, priceMax: 200 }).docs)).toEqual([2]);
  });

  it('answers no price range without matches', () => {
    expect(refine(index, matchQuery(index, 'xyzzy'), {}).facets.price).toBeNull();
  });
});
