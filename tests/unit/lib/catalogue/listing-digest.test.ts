import { describe, expect, it } from 'vitest';
import { listingDigest, type NamedItem } from '#lib/catalogue/listing-digest.ts';
import { defaultOrder, listingPage, refineListing, type ListingScope } from '#lib/catalogue/listing-filter.ts';
import { AVAILABILITIES, EMPTY_QUERY } from '#lib/catalogue/listing-query.ts';

/** A deterministic pseudo-random sequence (the same items every run). */
function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

const NAMES = ['Filter', 'filter', 'Fläkt', 'Flakt', 'Ånga', 'Ösare', 'Zeta', 'Äggkokare', 'Borste', 'borste'];

function items(n: number, seed: number): NamedItem[] {
  const r = rng(seed);
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `${NAMES[Math.floor(r() * NAMES.length)]} ${Math.floor(r() * 5)}`,
    nameRank: 0,
    stockRank: Math.floor(r() * 3),
    brand: r() < 0.2 ? null : `brand-${Math.floor(r() * 4)}`,
    availability: AVAILABILITIES[Math.floor(r() * AVAILABILITIES.length)]!,
    price: Math.round(r() * 100_000) / 100,
    vat: 25,
    categoryIds: [10 + Math.floor(r() * 4), ...(r() < 0.3 ? [20] : [])],
  }));
}

const scope: ListingScope = {
  currency: 'SEK',
  subcategories: new Map([
    ['a', new Set([10, 11])],
    ['b', new Set([12])],
    ['c', new Set([20])],
  ]),
};

describe('listingDigest', () => {
  it('fed in any order, gives the first page, total and facets refineListing + listingPage give on the sorted list', () => {
    const collator = new Intl.Collator('sv');
    for (const seed of [1, 2, 3]) {
      const all = items(400, seed);
      // the server's order: nameRank from the collation, ties by id
      const byName = [...all].sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
      byName.forEach((x, rank) => (x.nameRank = rank));
      const sorted = [...all].sort(defaultOrder);
      const expected = listingPage(refineListing(sorted, EMPTY_QUERY, scope), 1, 7);

      const digest = listingDigest(scope, collator, 7);
      const shuffled = [...all].sort((a, b) => ((a.id * 7919) % 401) - ((b.id * 7919) % 401));
      for (const x of shuffled) digest.add(x);
      const got = digest.result();
      expect(got.items.map((x) => x.id)).toEqual(expected.items.map((x) => x.id));
      expect(got.total).toBe(400);
      expect(got.pages).toBe(expected.pages);
      expect(got.facets).toEqual(expected.facets);
      expect(got.facets.subs.size).toBe(3);
    }
  });

  it('of an empty listing: nothing, one page, no price range', () => {
    const got = listingDigest(scope, new Intl.Collator('sv')).result();
    expect(got).toMatchObject({ total: 0, pages: 1, items: [] });
    expect(got.facets.price).toBeUndefined();
  });
});
