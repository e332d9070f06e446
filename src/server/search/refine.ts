/**
 * Refining search results (docs/product/search.md#refining-results), pure: the matches become listing items
 * (from the facts the index holds per product) and go through the same filtering, facet counting and sorting
 * as the category, brand and tag listings (lib/catalogue/listing-filter.ts), with relevance — the order of the
 * matches — as the default order. Brands and categories are keyed by id here, availabilities as listings have them.
 */
import { LOCALES } from '#lib/market/locales.ts';
import { availabilityOf, type Availability, type ListingQuery, type ListingSort } from '#lib/catalogue/listing-query.ts';
import { availabilityOrder, refineListing, stockRank, type ListingItem } from '#lib/catalogue/listing-filter.ts';
import type { SearchIndex } from './index-builder.ts';
import type { Matches } from './match.ts';

export interface ResultFilters {
  brands?: readonly number[];
  /** Main category ids. */
  categories?: readonly number[];
  stock?: readonly Availability[];
  /** Unit price for quantity 1 in the storefront's currency (major units), inclusive; excl. VAT when vatEx. */
  priceMin?: number;
  priceMax?: number;
  vatEx?: boolean;
}

export interface Facets {
  brands: { id: number; name: string; count: number }[];
  categories: { id: number; count: number }[];
  stock: { status: Availability; count: number }[];
  /** Lowest and highest price among the matches (whole units, in the VAT mode of the filter); null without matches. */
  price: { min: number; max: number } | null;
}

export interface Refined {
  docs: Int32Array;
  scores: Float32Array;
  facets: Facets;
}

export function hasFilters(f: ResultFilters): boolean {
  return !!(f.brands?.length || f.categories?.length || f.stock?.length || f.priceMin !== undefined || f.priceMax !== undefined);
}

/** sort absent: relevance. */
export function refine(index: SearchIndex, matches: Matches, filters: ResultFilters, sort?: ListingSort): Refined {
  const { brand, stock, stockStatuses, price, vat, orderable, nameOrder, brandNames } = index.facts;
  const position = new Map<number, number>();
  const items: ListingItem[] = Array.from(matches.docs, (d, i) => {
    position.set(d, i);
    const status = stockStatuses[stock[d]];
    return {
      id: d,
      nameRank: nameOrder[d],
      stockRank: stockRank(status, orderable[d] === 1),
      brand: brand[d] ? String(brand[d]) : null,
      availability: availabilityOf(status),
      price: price[d],
      vat: vat[d],
      categoryIds: index.mainCategory[d] ? [index.mainCategory[d]] : [],
    };
  });
  const categories = new Set(items.flatMap((x) => x.categoryIds));
  const q: ListingQuery = {
    brands: (filters.brands ?? []).map(String),
    subs: (filters.categories ?? []).map(String),
    stock: [...(filters.stock ?? [])],
    vatEx: !!filters.vatEx,
    ...(filters.priceMin !== undefined ? { min: filters.priceMin } : {}),
    ...(filters.priceMax !== undefined ? { max: filters.priceMax } : {}),
    ...(sort ? { sort } : {}),
  };
  const { matched, facets } = refineListing(items, q, {
    currency: LOCALES[index.locale].currency,
    // Each main category of the matches is a facet value of its own.
    subcategories: new Map([...categories].map((id) => [String(id), new Set([id])])),
  });
  const docs = Int32Array.from(matched, (x) => x.id);
  const scores = Float32Array.from(matched, (x) => matches.scores[position.get(x.id)!]);
  const byCount = <K>(a: [K, number], b: [K, number]) => b[1] - a[1];
  return {
    docs,
    scores,
    facets: {
      brands: [...facets.brands]
        .sort((a, b) => byCount(a, b) || (brandNames.get(Number(a[0])) ?? '').localeCompare(brandNames.get(Number(b[0])) ?? ''))
        .map(([id, count]) => ({ id: Number(id), name: brandNames.get(Number(id)) ?? '', count })),
      categories: [...facets.subs]
        .sort((a, b) => byCount(a, b) || Number(a[0]) - Number(b[0]))
        .map(([id, count]) => ({ id: Number(id), count })),
      stock: availabilityOrder.flatMap((status) => (facets.stock.get(status) ? [{ status, count: facets.stock.get(status)! }] : [])),
      price: facets.price ?? null,
    },
  };
}
