/**
 * Filtering, facet counts, sorting and paging of a listing (docs/product/catalogue.md#listings-paging-filters-sorting),
 * over small listing items, never full products: the server runs it per request on up to every product of
 * a storefront, the build for each static first page. Pure.
 */
import type { Locale } from '#lib/market/locales.ts';
import { displayAmount } from '#lib/pricing/vat.ts';
import { AVAILABILITIES, LISTING_PAGE_SIZE, type Availability, type ListingQuery } from './listing-query.ts';

export interface ListingItem {
  id: number;
  /** Position of the name in the storefront's collation: sorting by name is a number comparison. */
  nameRank: number;
  /** 0 in stock, 1 orderable, 2 not orderable: the default order's first key. */
  stockRank: number;
  brand: string | null;
  availability: Availability;
  /** Unit price for one, incl. VAT, in major units (campaign price when one runs). */
  price: number;
  vat: number;
  categoryIds: readonly number[];
}

export interface ListingScope {
  currency: Locale['currency'];
  /** The listed category's direct subcategories (slug → the ids of it and its descendants); empty elsewhere. */
  subcategories: ReadonlyMap<string, ReadonlySet<number>>;
}

export interface ListingFacets {
  /** Counts under every other active filter (a facet does not narrow its own options). */
  brands: Map<string, number>;
  subs: Map<string, number>;
  stock: Map<Availability, number>;
  /** Lowest and highest shown price in the unfiltered listing, rounded out to whole units; undefined when empty. */
  price?: { min: number; max: number };
}

export interface ListingResult {
  total: number;
  page: number;
  pages: number;
  /** The items of the page, in the chosen order. */
  items: ListingItem[];
  facets: ListingFacets;
}

/** The default order (what a shopper can get now first, then by name); callers keep their lists in it. */
export const defaultOrder = (a: ListingItem, b: ListingItem) => a.stockRank - b.stockRank || a.nameRank - b.nameRank;

export function stockRank(stockStatus: string, orderable: boolean): number {
  return stockStatus === 'in-stock' ? 0 : orderable ? 1 : 2;
}

const BRAND = 1;
const SUB = 2;
const STOCK = 4;
const PRICE = 8;
const ALL = BRAND | SUB | STOCK | PRICE;

/** Which filters an item passes, one bit each. */
function passes(item: ListingItem, q: ListingQuery, scope: ListingScope, brands: Set<string>, subIds: Set<number> | null): number {
  let m = 0;
  if (brands.size === 0 || (item.brand !== null && brands.has(item.brand))) m |= BRAND;
  if (!subIds || item.categoryIds.some((id) => subIds.has(id))) m |= SUB;
  if (q.stock.length === 0 || q.stock.includes(item.availability)) m |= STOCK;
  if (q.min === undefined && q.max === undefined) m |= PRICE;
  else {
    const shown = displayAmount(item.price, item.vat, !q.vatEx, scope.currency);
    if ((q.min === undefined || shown >= q.min) && (q.max === undefined || shown <= q.max)) m |= PRICE;
  }
  return m;
}

const inc = <K>(m: Map<K, number>, k: K) => m.set(k, (m.get(k) ?? 0) + 1);

function sorter(q: ListingQuery): ((a: ListingItem, b: ListingItem) => number) | undefined {
  switch (q.sort) {
    case 'price-asc':
      return (a, b) => a.price - b.price || a.nameRank - b.nameRank;
    case 'price-desc':
      return (a, b) => b.price - a.price || a.nameRank - b.nameRank;
    case 'name':
      return (a, b) => a.nameRank - b.nameRank;
    default:
      return undefined;
  }
}

export function pageCount(total: number, pageSize = LISTING_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface RefinedListing {
  /** Every matching item, in the chosen order. */
  matched: ListingItem[];
  facets: ListingFacets;
}

/** The subcategory branch of every category id under the listed category's direct subcategories. */
function branches(scope: ListingScope): Map<number, string> {
  const branchOf = new Map<number, string>();
  for (const [slug, ids] of scope.subcategories) for (const id of ids) branchOf.set(id, slug);
  return branchOf;
}

/**
 * Counts the facets of a listing item by item: `add(item, passed)` with the filters the item passes (a facet
 * counts the items passing every other filter). Also what the build's streamed first pages count with (every
 * filter passed), so both agree (src/server/catalogue/listing-digests.ts).
 */
export function facetCounter(scope: ListingScope, vatIncluded: boolean) {
  const branchOf = branches(scope);
  const facets: ListingFacets = { brands: new Map(), subs: new Map(), stock: new Map() };
  let lo = Infinity;
  let hi = -Infinity;
  const seen = new Set<string>();
  return {
    add(item: ListingItem, m: number = ALL): void {
      if ((m | BRAND) === ALL && item.brand !== null) inc(facets.brands, item.brand);
      if ((m | STOCK) === ALL) inc(facets.stock, item.availability);
      if ((m | SUB) === ALL && branchOf.size > 0) {
        seen.clear();
        for (const id of item.categoryIds) {
          const b = branchOf.get(id);
          if (b !== undefined) seen.add(b);
        }
        for (const b of seen) inc(facets.subs, b);
      }
      const shown = displayAmount(item.price, item.vat, vatIncluded, scope.currency);
      if (shown < lo) lo = shown;
      if (shown > hi) hi = shown;
    },
    facets(): ListingFacets {
      return lo <= hi ? { ...facets, price: { min: Math.floor(lo), max: Math.ceil(hi) } } : facets;
    },
  };
}

/** The category ids the query's subcategory filter lets through (each chosen branch whole); null: no filter. */
export function chosenSubcategoryIds(q: ListingQuery, scope: ListingScope): Set<number> | null {
  let subIds: Set<number> | null = null;
  for (const s of q.subs) {
    const ids = scope.subcategories.get(s);
    if (!ids) continue; // not a subcategory here: ignored like any bad value
    subIds ??= new Set();
    for (const id of ids) subIds.add(id);
  }
  return subIds;
}

/** Filters, counts the facets and sorts. `items` must be in the default order (they are not reordered). */
export function refineListing(items: readonly ListingItem[], q: ListingQuery, scope: ListingScope): RefinedListing {
  const brands = new Set(q.brands);
  const subIds = chosenSubcategoryIds(q, scope);
  const counter = facetCounter(scope, !q.vatEx);
  const matched: ListingItem[] = [];
  for (const item of items) {
    const m = passes(item, q, scope, brands, subIds);
    if (m === ALL) matched.push(item);
    counter.add(item, m);
  }
  const order = sorter(q);
  if (order) matched.sort(order);
  return { matched, facets: counter.facets() };
}

/** One page of a refined listing; a page past the last gives no items (the caller answers not found). */
export function listingPage(refined: RefinedListing, page: number, pageSize = LISTING_PAGE_SIZE): ListingResult {
  const start = (page - 1) * pageSize;
  return {
    total: refined.matched.length,
    page,
    pages: pageCount(refined.matched.length, pageSize),
    items: refined.matched.slice(start, start + pageSize),
    facets: refined.facets,
  };
}

/** Filters, counts the facets, sorts and cuts one page. `items` must be in the default order. */
export function runListing(
  items: readonly ListingItem[],
  q: ListingQuery,
  page: number,
  scope: ListingScope,
  pageSize = LISTING_PAGE_SIZE,
): ListingResult {
  return listingPage(refineListing(items, q, scope), page, pageSize);
}

/** Availabilities in display order, for the stock facet. */
export const availabilityOrder = AVAILABILITIES;
