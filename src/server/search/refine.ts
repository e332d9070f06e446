/**
 * Refining search results (docs/product/search.md#refining-results), pure: filters (brands, main category,
 * stock statuses, a price range), sorting, and the facets shown beside the results. Facets are counted the
 * way shoppers expect from filter panels: each facet over the results with every OTHER filter applied, so
 * choosing a brand still shows the other brands' counts.
 */
import type { SearchIndex } from './index-builder.ts';
import type { Matches } from './match.ts';

export const SORT_ORDERS = ['relevance', 'price_asc', 'price_desc', 'name'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

export interface ResultFilters {
  brands?: readonly number[];
  /** A main category id. */
  category?: number;
  stock?: readonly string[];
  /** Unit price incl. VAT for quantity 1, in the storefront's currency (major units), inclusive. */
  priceMin?: number;
  priceMax?: number;
}

export interface Facets {
  brands: { id: number; name: string; count: number }[];
  categories: { id: number; count: number }[];
  stock: { status: string; count: number }[];
  /** Lowest and highest price among the results (every filter but the price range applied); null without results. */
  price: { min: number; max: number } | null;
}

export interface Refined {
  docs: Int32Array;
  scores: Float32Array;
  facets: Facets;
}

/** One bit per filter dimension. */
const Dim = { Brand: 1, Category: 2, Stock: 4, Price: 8 } as const;
const ALL = Dim.Brand | Dim.Category | Dim.Stock | Dim.Price;

export function hasFilters(f: ResultFilters): boolean {
  return !!(f.brands?.length || f.category || f.stock?.length || f.priceMin !== undefined || f.priceMax !== undefined);
}

export function refine(index: SearchIndex, matches: Matches, filters: ResultFilters, sort: SortOrder): Refined {
  const { brand, stock, stockStatuses, price, brandNames } = index.facts;
  const brandSet = filters.brands?.length ? new Set(filters.brands) : null;
  const stockSet = filters.stock?.length ? new Set(filters.stock) : null;
  const min = filters.priceMin ?? -Infinity;
  const max = filters.priceMax ?? Infinity;

  const keep: number[] = [];
  const brandCount = new Map<number, number>();
  const categoryCount = new Map<number, number>();
  const stockCount = new Map<number, number>();
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < matches.docs.length; i++) {
    const d = matches.docs[i];
    // The filters this document passes, one bit per dimension.
    let pass = 0;
    if (!brandSet || brandSet.has(brand[d])) pass |= Dim.Brand;
    if (!filters.category || index.mainCategory[d] === filters.category) pass |= Dim.Category;
    if (!stockSet || stockSet.has(stockStatuses[stock[d]])) pass |= Dim.Stock;
    if (price[d] >= min && price[d] <= max) pass |= Dim.Price;
    if (pass === ALL) keep.push(i);
    // A facet counts the documents passing every other dimension.
    if ((pass | Dim.Brand) === ALL && brand[d]) brandCount.set(brand[d], (brandCount.get(brand[d]) ?? 0) + 1);
    if ((pass | Dim.Category) === ALL && index.mainCategory[d]) {
      categoryCount.set(index.mainCategory[d], (categoryCount.get(index.mainCategory[d]) ?? 0) + 1);
    }
    if ((pass | Dim.Stock) === ALL) stockCount.set(stock[d], (stockCount.get(stock[d]) ?? 0) + 1);
    if ((pass | Dim.Price) === ALL) {
      if (price[d] < low) low = price[d];
      if (price[d] > high) high = price[d];
    }
  }

  const order = sortKept(index, matches, keep, sort);
  const docs = new Int32Array(order.length);
  const scores = new Float32Array(order.length);
  order.forEach((i, k) => {
    docs[k] = matches.docs[i];
    scores[k] = matches.scores[i];
  });
  const byCount = <K>(a: [K, number], b: [K, number]) => b[1] - a[1];
  return {
    docs,
    scores,
    facets: {
      brands: [...brandCount]
        .sort((a, b) => byCount(a, b) || (brandNames.get(a[0]) ?? '').localeCompare(brandNames.get(b[0]) ?? ''))
        .map(([id, count]) => ({ id, name: brandNames.get(id) ?? '', count })),
      categories: [...categoryCount].sort((a, b) => byCount(a, b) || a[0] - b[0]).map(([id, count]) => ({ id, count })),
      stock: [...stockCount].sort((a, b) => byCount(a, b) || a[0] - b[0]).map(([code, count]) => ({ status: stockStatuses[code], count })),
      price: low <= high ? { min: low, max: high } : null,
    },
  };
}

/** Positions into matches, in the requested order; ties keep relevance order (which already breaks ties by id). */
function sortKept(index: SearchIndex, matches: Matches, keep: number[], sort: SortOrder): number[] {
  if (sort === 'relevance') return keep;
  const { price, nameOrder } = index.facts;
  const doc = (i: number) => matches.docs[i];
  if (sort === 'name') return keep.sort((a, b) => nameOrder[doc(a)] - nameOrder[doc(b)]);
  const sign = sort === 'price_asc' ? 1 : -1;
  return keep.sort((a, b) => sign * (price[doc(a)] - price[doc(b)]) || a - b);
}
