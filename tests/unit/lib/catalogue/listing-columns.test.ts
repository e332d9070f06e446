import { describe, expect, it } from 'vitest';
import { defaultOrder, listingPage, refineListing, stockRank, type ListingItem, type ListingScope } from '#lib/catalogue/listing-filter.ts';
import { AVAILABILITIES, LISTING_SORTS, type ListingQuery } from '#lib/catalogue/listing-query.ts';
import { itemAt, positionOf, setFacts } from '#lib/catalogue/listing-columns.ts';
import { ListingColumnsBuilder, type ColumnsProduct } from '#lib/catalogue/listing-columns-builder.ts';
import { columnsPage, refineColumns } from '#lib/catalogue/listing-columns-filter.ts';

/** Seeded random numbers (mulberry32): the same catalogue and queries on every run. */
function randomFrom(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = randomFrom(27);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)];
const some = <T>(xs: readonly T[], most: number): T[] => [
  ...new Set(Array.from({ length: Math.floor(random() * (most + 1)) }, () => pick(xs))),
];

// Categories 1–3 are roots, 10–19 their children, 100–129 grandchildren (parent 10 + id % 10); 999 is unknown.
const parentOf = new Map<number, number | null>([
  [1, null],
  [2, null],
  [3, null],
  ...Array.from({ length: 10 }, (_, i): [number, number] => [10 + i, 1 + (i % 3)]),
  ...Array.from({ length: 30 }, (_, i): [number, number] => [100 + i, 10 + (i % 10)]),
]);
const categoryIds = [...parentOf.keys(), 999];
const brands: [number | null, string | null][] = [
  [null, null],
  [1, 'aeg'],
  [2, 'bosch'],
  [3, 'miele'],
  [4, null],
];
const VATS = [25, 12, 25.5];

/** A generated catalogue: ids not in name order, equal prices (ties), a product in several categories. */
const N = 3000;
const ranks = Array.from({ length: N }, (_, i) => i).sort(() => random() - 0.5);
const products: ColumnsProduct[] = Array.from({ length: N }, (_, i) => {
  const availability = pick(AVAILABILITIES);
  const [brandId, brand] = pick(brands);
  return {
    id: 1 + i * 3,
    brandId,
    brand,
    stockRank: stockRank(availability === 'back-order' ? 'back-order' : availability, random() < 0.5),
    availability,
    price: random() < 0.3 ? 100 : Math.round(random() * 500000) / 100,
    vat: pick(VATS),
    categoryIds: some(categoryIds, 3),
    tagIds: some([7, 8, 9], 2),
  };
});
const build = () => {
  const b = new ListingColumnsBuilder();
  products.forEach((p) => b.add(p));
  return b.finish(ranks, parentOf);
};
const items: ListingItem[] = products.map((p, i) => ({
  id: p.id,
  nameRank: ranks[i],
  stockRank: p.stockRank,
  brand: p.brand,
  availability: p.availability,
  price: p.price,
  vat: p.vat,
  categoryIds: p.categoryIds,
}));
/** The object-based lists: every item of a category or an ancestor, a brand, a tag; in the default order. */
const objectLists = (key: (item: ListingItem, i: number) => number[]) => {
  const m = new Map<number, ListingItem[]>();
  items.forEach((item, i) => {
    for (const k of new Set(key(item, i))) m.set(k, [...(m.get(k) ?? []), item]);
  });
  for (const list of m.values()) list.sort(defaultOrder);
  return m;
};
const ancestors = (id: number): number[] => (parentOf.has(id) ? [id, ...(parentOf.get(id) ? ancestors(parentOf.get(id)!) : [])] : []);
const byCategory = objectLists((item) => item.categoryIds.flatMap(ancestors));
const byBrand = objectLists((_, i) => (products[i].brandId !== null ? [products[i].brandId!] : []));
const byTag = objectLists((_, i) => [...products[i].tagIds]);

const scopeFor = (children: number[]): ListingScope => ({
  currency: 'SEK',
  subcategories: new Map(children.map((c) => [`c${c}`, new Set([c, ...[...parentOf].filter(([, p]) => p === c).map(([id]) => id)])])),
});
const randomQuery = (subs: string[]): ListingQuery => {
  const min = random() < 0.3 ? Math.floor(random() * 2000) : undefined;
  const max = random() < 0.3 ? (min ?? 0) + Math.floor(random() * 4000) : undefined;
  return {
    brands: random() < 0.4 ? some(['aeg', 'bosch', 'miele', 'nobody'], 3) : [],
    subs: subs.length && random() < 0.4 ? some([...subs, 'nowhere'], 2) : [],
    stock: random() < 0.3 ? some(AVAILABILITIES, 2) : [],
    vatEx: (min !== undefined || max !== undefined) && random() < 0.4,
    ...(min !== undefined ? { min } : {}),
    ...(max !== undefined ? { max } : {}),
    ...(random() < 0.7 ? { sort: pick(LISTING_SORTS) } : {}),
  };
};
/** An answer with its facet maps as entry lists: the order counts too. */
const plain = (r: ReturnType<typeof listingPage>) => ({
  ...r,
  items: r.items.map((x) => x.id),
  facets: { ...r.facets, brands: [...r.facets.brands], subs: [...r.facets.subs], stock: [...r.facets.stock] },
});

describe('listing columns', () => {
  const { columns, inCategory, ofBrand, withTag } = build();
  const ids = (list: Int32Array) => Array.from(list, (p) => columns.id[p]);

  it('lists every product of a category (with its descendants), brand and tag in the default order, as the objects', () => {
    for (const [lists, expected] of [
      [inCategory, byCategory],
      [ofBrand, byBrand],
      [withTag, byTag],
    ] as const) {
      expect([...lists.keys()].sort()).toEqual([...expected.keys()].sort());
      for (const [k, list] of lists) expect(ids(list)).toEqual(expected.get(k)!.map((x) => x.id));
    }
    expect(inCategory.has(999)).toBe(false);
  });

  it('places a product at its name rank and gives it back as the same listing item', () => {
    items.forEach((item) => expect(itemAt(columns, positionOf(columns, item.id))).toEqual(item));
    expect(positionOf(columns, 2)).toBe(-1);
    expect(positionOf(columns, 1_000_000)).toBe(-1);
  });

  it('answers every query as refineListing + listingPage on the objects: ids, order, totals, facets', () => {
    const targets: [Int32Array, ListingItem[], number[]][] = [
      [inCategory.get(1)!, byCategory.get(1)!, [10, 13, 16, 19]],
      [inCategory.get(11)!, byCategory.get(11)!, [101, 111, 121]],
      [ofBrand.get(2)!, byBrand.get(2)!, []],
      [withTag.get(8)!, byTag.get(8)!, []],
    ];
    for (let n = 0; n < 400; n++) {
      const [positions, objects, children] = pick(targets);
      const scope = scopeFor(children);
      const q = randomQuery(children.map((c) => `c${c}`));
      const page = 1 + Math.floor(random() * 4);
      const expected = listingPage(refineListing(objects, q, scope), page, 24);
      expect(plain(columnsPage(columns, refineColumns(columns, positions, q, scope), page, 24))).toEqual(plain(expected));
    }
  });

  it('orders only the pages asked when the price order is walked, and pages on in any order with the same answers', () => {
    const targets: [Int32Array, ListingItem[], number[]][] = [
      [inCategory.get(1)!, byCategory.get(1)!, [10, 13, 16, 19]],
      [ofBrand.get(2)!, byBrand.get(2)!, []],
    ];
    let stopped = 0;
    for (let n = 0; n < 200; n++) {
      const [positions, objects, children] = pick(targets);
      const scope = scopeFor(children);
      const q = { ...randomQuery(children.map((c) => `c${c}`)), sort: random() < 0.5 ? 'price-asc' : 'price-desc' } as ListingQuery;
      const expectedAll = refineListing(objects, q, scope);
      // one refined selection, kept as the server keeps it, asked for pages out of order
      const r = refineColumns(columns, positions, q, scope);
      if (r.ordered < r.matched.length) stopped++;
      const before = [...r.matched].sort((a, b) => a - b);
      for (const page of [3, 1, 6, 2, 5, 4]) {
        expect(plain(columnsPage(columns, r, page, 10)), `page ${page}`).toEqual(plain(listingPage(expectedAll, page, 10)));
        expect(r.ordered).toBeGreaterThanOrEqual(Math.min(r.matched.length, page * 10));
      }
      // the set of matches never changes, only their order
      expect([...r.matched].sort((a, b) => a - b)).toEqual(before);
    }
    expect(stopped).toBeGreaterThan(0);
  });

  it('a change in place shows in every list holding the product', () => {
    const own = build();
    const c = own.columns;
    // a product listed in a category, a brand and a tag
    const item = items.find(
      (x, i) => x.categoryIds.some((id) => parentOf.has(id)) && products[i].brandId === 2 && products[i].tagIds.length,
    )!;
    const p = positionOf(c, item.id);
    setFacts(c, p, { stockRank: 2, availability: 'discontinued', price: 123456.78, vat: 6 });
    const q: ListingQuery = { brands: [], subs: [], stock: ['discontinued'], min: 123456, vatEx: false };
    const root = ancestors(item.categoryIds.find((id) => parentOf.has(id))!).at(-1)!;
    for (const list of [
      own.inCategory.get(root)!,
      own.ofBrand.get(2)!,
      ...products.find((x) => x.id === item.id)!.tagIds.map((t) => own.withTag.get(t)!),
    ]) {
      const r = refineColumns(c, list, q, scopeFor([]));
      expect(ids(r.matched).includes(item.id) && r.matched.length).toBe(1);
      expect(r.facets.price?.max).toBe(123457);
    }
    expect(itemAt(c, p)).toMatchObject({ price: 123456.78, vat: 6, availability: 'discontinued', stockRank: 2 });
    // the shared build is untouched
    expect(itemAt(columns, positionOf(columns, item.id))).toEqual(item);
  });

  it('finds a product by id in a large storefront (ids of any size, added in any order)', () => {
    const b = new ListingColumnsBuilder();
    const many = Array.from({ length: 6000 }, (_, i) => (i % 2 ? 40_000_000 + i * 7 : i * 13 + 1)).sort(() => random() - 0.5);
    for (const id of many) b.add({ ...products[0], id });
    const built = b.finish(
      many.map((_, i) => i),
      parentOf,
    );
    for (const id of many) expect(built.columns.id[positionOf(built.columns, id)]).toBe(id);
    for (const id of [0, 2, 40_000_001, 99_999_999]) expect(positionOf(built.columns, id)).toBe(-1);
  });

  it('finishes the same with pauses between its steps', async () => {
    const b = new ListingColumnsBuilder();
    products.forEach((p) => b.add(p));
    let pauses = 0;
    const paused = await b.finishPausing(ranks, parentOf, async () => void pauses++);
    expect(paused).toEqual(build());
    expect(pauses).toBeGreaterThan(3);
  });

  it('places products with equal name ranks in the order added', () => {
    const b = new ListingColumnsBuilder();
    for (const id of [5, 6, 7]) b.add({ ...products[0], id, categoryIds: [1], tagIds: [] });
    const built = b.finish([1, 0, 1], parentOf);
    expect(Array.from(built.columns.id)).toEqual([6, 5, 7]);
  });
});
