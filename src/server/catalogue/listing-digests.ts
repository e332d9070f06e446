/**
 * The static first page of every category, brand and tag listing of a storefront, counted in one streamed pass
 * over its products (docs/adr/0031-build-in-bounded-memory.md): per listing the total, the facets and the first
 * page's items — the build holds these, never the products. The same items and order as the server's listing
 * index gives page 2+ (listing-index.ts), so the pages join up.
 */
import type { Db } from '#server/db/connection.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ListingResult } from '#lib/catalogue/listing-filter.ts';
import { listingDigest, type ListingDigest } from '#lib/catalogue/listing-digest.ts';
import type { Category } from './category-repository.ts';
import type { ListingBrand } from './listing-source.ts';
import { listingScope } from './listing-view.ts';
import { itemFacts, listingRowChunks } from './listing-rows.ts';

export interface ListingDigests {
  /** By category id: the category with all its descendants. Only listings with a product are present. */
  categories: Map<number, ListingResult>;
  brands: Map<number, ListingResult>;
  tags: Map<number, ListingResult>;
}

export async function listingDigests(
  db: Db,
  locale: LocaleCode,
  categories: readonly Category[],
  brands: readonly ListingBrand[],
): Promise<ListingDigests> {
  const collator = new Intl.Collator(locale);
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const brandSlug = new Map(brands.map((b) => [b.id, b.slug]));
  const noSubcategories = listingScope(locale);
  const byCategory = new Map<number, ListingDigest>();
  const byBrand = new Map<number, ListingDigest>();
  const byTag = new Map<number, ListingDigest>();
  const digestOf = (m: Map<number, ListingDigest>, key: number, make: () => ListingDigest) => {
    let d = m.get(key);
    if (!d) m.set(key, (d = make()));
    return d;
  };
  const seen = new Set<number>();
  for await (const { rows, categoriesOf, tagsOf } of listingRowChunks(db, locale)) {
    for (const r of rows) {
      const item = {
        id: r.id,
        name: r.name,
        nameRank: 0,
        brand: r.brand_id !== null ? (brandSlug.get(r.brand_id) ?? null) : null,
        ...itemFacts(r),
        categoryIds: categoriesOf.get(r.id) ?? [],
      };
      seen.clear();
      for (const id of item.categoryIds) {
        // a product counts in its categories and every ancestor, once each (as buildListingSource)
        for (let c = categoryById.get(id); c && !seen.has(c.id); c = c.parent_id !== null ? categoryById.get(c.parent_id) : undefined) {
          seen.add(c.id);
          const category = c;
          digestOf(byCategory, c.id, () => listingDigest(listingScope(locale, { kind: 'category', category }), collator)).add(item);
        }
      }
      if (r.brand_id !== null) digestOf(byBrand, r.brand_id, () => listingDigest(noSubcategories, collator)).add(item);
      for (const t of tagsOf.get(r.id) ?? []) digestOf(byTag, t, () => listingDigest(noSubcategories, collator)).add(item);
    }
  }
  const results = (m: Map<number, ListingDigest>) => new Map([...m].map(([k, d]) => [k, d.result()]));
  return { categories: results(byCategory), brands: results(byBrand), tags: results(byTag) };
}
