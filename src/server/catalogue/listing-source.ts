/**
 * What a listing page needs of a storefront's catalogue (docs/adr/0012-listing-pages.md): the category tree,
 * brands and tags by slug, the storefront's products as listing columns, and per category (with descendants),
 * brand and tag the positions of its products in the default order (docs/adr/0032-listing-columns.md). Built
 * from the database's slim listing index for the on-demand pages (listing-index.ts), or from listing items.
 */
import type { LocaleCode } from '#lib/market/locales.ts';
import type { ListingItem } from '#lib/catalogue/listing-filter.ts';
import type { ListingColumns } from '#lib/catalogue/listing-columns.ts';
import { ListingColumnsBuilder, type ListingLists } from '#lib/catalogue/listing-columns-builder.ts';
import type { Category } from './category-repository.ts';

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
  /** The storefront's products; the lists below hold positions in it. */
  columns: ListingColumns;
  inCategory: Map<number, Int32Array>;
  ofBrand: Map<number, Int32Array>;
  withTag: Map<number, Int32Array>;
}

export interface SourceProduct {
  item: ListingItem;
  brandId: number | null;
  tagIds: readonly number[];
}

/** Ranks names in the storefront's collation (nameRank: distinct, ties by the order given). */

/** Parent id per category id: what grouping a product under its categories' ancestors needs. */
export const parentsOf = (categories: readonly Category[]) => new Map(categories.map((c) => [c.id, c.parent_id]));

/** The source over columns and lists built by a ListingColumnsBuilder. */
export function listingSourceOf(
  locale: LocaleCode,
  categories: Category[],
  brands: ListingBrand[],
  tags: ListingTag[],
  lists: ListingLists,
): ListingSource {
  return {
    locale,
    categoryById: new Map(categories.map((c) => [c.id, c])),
    categoryByPath: new Map(categories.map((c) => [c.path.join('/'), c])),
    brandById: new Map(brands.map((b) => [b.id, b])),
    brandBySlug: new Map(brands.map((b) => [b.slug, b])),
    tagBySlug: new Map(tags.map((t) => [t.slug, t])),
    ...lists,
  };
}

/** A source from listing items (their name ranks distinct, as rankNames gives them). */
export function buildListingSource(
  locale: LocaleCode,
  categories: Category[],
  brands: ListingBrand[],
  tags: ListingTag[],
  products: readonly SourceProduct[],
): ListingSource {
  const builder = new ListingColumnsBuilder();
  for (const { item, brandId, tagIds } of products) builder.add({ ...item, brandId, tagIds });
  const lists = builder.finish(
    products.map((p) => p.item.nameRank),
    parentsOf(categories),
  );
  return listingSourceOf(locale, categories, brands, tags, lists);
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
