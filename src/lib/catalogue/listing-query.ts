/**
 * The query of a category, brand or tag listing (docs/product/catalogue.md#listings-paging-filters-sorting):
 * filters and sort order in the URL's query, the page number in the path. Parsed with zod, value by value:
 * a bad value is dropped (the listing shows without it), never an error. Pure and isomorphic.
 */
import { z } from 'zod';

/** Products per listing page: the static first page and every on-demand page. */
export const LISTING_PAGE_SIZE = 48;
/** Repeated filter values kept at most (a URL with more is cut, not refused). */
export const MAX_FILTER_VALUES = 30;
/** The highest page number a listing URL may carry (larger: not found). */
export const MAX_PAGE = 100_000;

export const LISTING_SORTS = ['price-asc', 'price-desc', 'name'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/** Stock statuses grouped as a shopper reads them (both back-order speeds are "back order"). */
export const AVAILABILITIES = ['in-stock', 'back-order', 'on-order', 'out-of-stock', 'discontinued'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

export function availabilityOf(stockStatus: string): Availability {
  if (stockStatus === 'back-order-quick' || stockStatus === 'back-order-slow') return 'back-order';
  return (AVAILABILITIES as readonly string[]).includes(stockStatus) ? (stockStatus as Availability) : 'out-of-stock';
}

export interface ListingQuery {
  /** Brand slugs (the same in every storefront). */
  brands: string[];
  /** Slugs of direct subcategories of the listed category. */
  subs: string[];
  stock: Availability[];
  /** Price range in the storefront's currency (major units), in the VAT mode the shopper sees. */
  min?: number;
  max?: number;
  /** true: min/max are prices excluding VAT (the shopper switched the VAT display off). */
  vatEx: boolean;
  /** Absent: the default order (in stock first, then by name). */
  sort?: ListingSort;
}

export const EMPTY_QUERY: ListingQuery = { brands: [], subs: [], stock: [], vatEx: false };

const slug = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[a-z0-9][a-z0-9-]*$/);
const amount = z.coerce.number().min(0).max(100_000_000);
const fields = {
  brand: slug,
  sub: slug,
  stock: z.enum(AVAILABILITIES),
  min: amount,
  max: amount,
  vat: z.literal('ex'),
  sort: z.enum(LISTING_SORTS),
};

/** Valid, distinct values of a repeated parameter, sorted so one selection has one URL. */
function many<T extends string>(params: URLSearchParams, key: string, schema: z.ZodType<T>): T[] {
  const out = new Set<T>();
  for (const raw of params.getAll(key)) {
    const r = schema.safeParse(raw.trim());
    if (r.success) out.add(r.data);
    if (out.size >= MAX_FILTER_VALUES) break;
  }
  return [...out].sort();
}

function one<T>(params: URLSearchParams, key: string, schema: z.ZodType<T>): T | undefined {
  const raw = params.get(key)?.trim();
  if (!raw) return undefined;
  const r = schema.safeParse(raw);
  return r.success ? r.data : undefined;
}

export function parseListingQuery(params: URLSearchParams): ListingQuery {
  let min = one(params, 'min', fields.min);
  let max = one(params, 'max', fields.max);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  const q: ListingQuery = {
    brands: many(params, 'brand', fields.brand),
    subs: many(params, 'sub', fields.sub),
    stock: many(params, 'stock', fields.stock),
    vatEx: one(params, 'vat', fields.vat) === 'ex' && (min !== undefined || max !== undefined),
  };
  if (min !== undefined) q.min = min;
  if (max !== undefined) q.max = max;
  const sort = one(params, 'sort', fields.sort);
  if (sort) q.sort = sort;
  return q;
}

/** The page number of a listing path segment: a positive integer without leading zeros, else undefined. */
export function parsePageNumber(segment: string | undefined): number | undefined {
  if (!segment || !/^[1-9][0-9]{0,5}$/.test(segment)) return undefined;
  const n = Number(segment);
  return n <= MAX_PAGE ? n : undefined;
}

/** Any filter or a sort order other than the default: such a listing is not indexed. */
export function isRefined(q: ListingQuery): boolean {
  return q.brands.length + q.subs.length + q.stock.length > 0 || q.min !== undefined || q.max !== undefined || q.sort !== undefined;
}

/** The query string of a listing query ('' when unrefined), parameters in a fixed order. */
export function listingSearch(q: ListingQuery): string {
  const p = new URLSearchParams();
  for (const b of q.brands) p.append('brand', b);
  for (const s of q.subs) p.append('sub', s);
  for (const s of q.stock) p.append('stock', s);
  if (q.min !== undefined) p.set('min', String(q.min));
  if (q.max !== undefined) p.set('max', String(q.max));
  if (q.vatEx && (q.min !== undefined || q.max !== undefined)) p.set('vat', 'ex');
  if (q.sort) p.set('sort', q.sort);
  const s = p.toString();
  return s ? `?${s}` : '';
}
