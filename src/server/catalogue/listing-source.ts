/**
 * What a listing page needs of a storefront's catalogue (docs/adr/0012-listing-pages.md): the category tree,
 * brands and tags by slug, and per category (with descendants), brand and tag the listing items in the
 * default order. Built from the build's page catalogue for the static first pages, and from the database's
 * slim listing index for the on-demand pages (listing-index.ts): both give the same lists.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import { defaultOrder, type ListingItem } from '#lib/catalogue/listing-filter.ts';
import type { Category } from './category-repository.ts';
import { push } from '#lib/catalogue/map-of-lists.ts';

export interface ListingBrand {
  id: number;
  slug: string;
  name: string;
  logo_url: string | null;
}
export interface ListingTag {
  id: number;
  slug: string;
  name: string;
}

export interface ListingSource {
  locale: LocaleCode;
  categoryById: Map<number, Category>;
  /** Key: the category's slug path joined with '/'. */
  categoryByPath: Map<string, Category>;
  brandById: Map<number, ListingBrand>;
  brandBySlug: Map<string, ListingBrand>;
  tagBySlug: Map<string, ListingTag>;
  inCategory: Map<number, ListingItem[]>;
  ofBrand: Map<number, ListingItem[]>;
  withTag: Map<number, ListingItem[]>;
}

export interface SourceProduct {
  item: ListingItem;
  brandId: number | null;
  tagIds: readonly number[];
}

/** Ranks names in the storefront's collation (nameRank), groups the items and sorts every list. */
export function rankNames(names: readonly string[], locale: LocaleCode): number[] {
  const collator = new Intl.Collator(locale);
  const order = names.map((_, i) => i).sort((a, b) => collator.compare(names[a], names[b]) || a - b);
  const rank = new Array<number>(names.length);
  order.forEach((idx, r) => (rank[idx] = r));
  return rank;
}

export function buildListingSource(
  locale: LocaleCode,
  categories: Category[],
  brands: ListingBrand[],
  tags: ListingTag[],
  products: readonly SourceProduct[],
): ListingSource {
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const inCategory = new Map<number, ListingItem[]>();
  const ofBrand = new Map<number, ListingItem[]>();
  const withTag = new Map<number, ListingItem[]>();
  for (const { item, brandId, tagIds } of products) {
    const seen = new Set<number>();
    for (const id of item.categoryIds) {
      // a product counts in its categories and every ancestor, once each
      for (let c = categoryById.get(id); c && !seen.has(c.id); c = c.parent_id !== null ? categoryById.get(c.parent_id) : undefined) {
        seen.add(c.id);
        push(inCategory, c.id, item);
      }
    }
    if (brandId !== null) push(ofBrand, brandId, item);
    for (const t of tagIds) push(withTag, t, item);
  }
  for (const m of [inCategory, ofBrand, withTag]) for (const list of m.values()) list.sort(defaultOrder);
  return {
    locale,
    categoryById,
    categoryByPath: new Map(categories.map((c) => [c.path.join('/'), c])),
    brandById: new Map(brands.map((b) => [b.id, b])),
    brandBySlug: new Map(brands.map((b) => [b.slug, b])),
    tagBySlug: new Map(tags.map((t) => [t.slug, t])),
    inCategory,
    ofBrand,
    withTag,
  };
}

/** Ids of a category and all its descendants. */
export function categoryScope(c: Category): Set<number> {
  const out = new Set<number>();
  const walk = (x: Category) => {
    out.add(x.id);
    x.children.forEach(walk);
  };
  walk(c);
  return out;
}
